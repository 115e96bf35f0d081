import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  AppBar,
  Box,
  Divider,
  Drawer,
  IconButton,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Toolbar,
} from '@mui/material';
import AccountCircleOutlinedIcon from '@mui/icons-material/AccountCircleOutlined';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import MenuIcon from '@mui/icons-material/Menu';
import { useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { BrandLogo } from '../branding/BrandLogo';
import type { Brand } from '../branding/brand';
import { alsoActive, type NavEntry, type SubEntry } from './navEntries';

const linkSx = { borderRadius: 2, mx: 1, '&.active': { bgcolor: 'action.selected', color: 'primary.main' } } as const;

type Props = { brand: Brand; entries: NavEntry[]; manageEntries: SubEntry[] };

export const MobileNav = ({ brand, entries, manageEntries }: Props) => {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const close = () => setOpen(false);

  return (
    <>
      <AppBar position="sticky" color="inherit" elevation={1}>
        <Toolbar sx={{ gap: 1 }}>
          <IconButton edge="start" aria-label="Open navigation menu" onClick={() => setOpen(true)}>
            <MenuIcon />
          </IconButton>
          <BrandLogo brand={brand} size={32} maxWidth={180} showName />
        </Toolbar>
      </AppBar>
      <Drawer open={open} onClose={close} slotProps={{ paper: { sx: { width: 280 } } }}>
        <Box
          component="nav"
          aria-label="Main navigation"
          sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}
        >
          <Box sx={{ p: 2 }}>
            <BrandLogo brand={brand} size={36} maxWidth={200} showName />
          </Box>
          <Divider />
          <List sx={{ flex: 1, overflowY: 'auto' }}>
            {entries.map(({ to, label, icon: Icon, end, area, also }) =>
              area === 'manage' ? (
                <Accordion
                  key={to}
                  disableGutters
                  elevation={0}
                  defaultExpanded={pathname.startsWith('/manage')}
                  sx={{ border: 'none', '&::before': { display: 'none' } }}
                >
                  <AccordionSummary expandIcon={<ExpandMoreIcon />} sx={{ px: 3 }}>
                    <ListItemIcon sx={{ alignSelf: 'center' }}>
                      <Icon />
                    </ListItemIcon>
                    <ListItemText primary={label} sx={{ my: 0 }} />
                  </AccordionSummary>
                  <AccordionDetails sx={{ p: 0 }}>
                    <List disablePadding aria-label="Manage">
                      {manageEntries.map((sub) => (
                        <ListItemButton
                          key={sub.to}
                          component={NavLink}
                          to={sub.to}
                          onClick={close}
                          sx={{ ...linkSx, pl: 8 }}
                        >
                          <ListItemText primary={sub.label} />
                        </ListItemButton>
                      ))}
                    </List>
                  </AccordionDetails>
                </Accordion>
              ) : (
                <ListItemButton
                  key={to}
                  component={NavLink}
                  to={to}
                  end={end}
                  className={alsoActive({ also }, pathname)}
                  onClick={close}
                  sx={linkSx}
                >
                  <ListItemIcon>
                    <Icon />
                  </ListItemIcon>
                  <ListItemText primary={label} />
                </ListItemButton>
              ),
            )}
          </List>
          <Divider />
          <List>
            <ListItemButton component={NavLink} to="/agentProfile" onClick={close} sx={linkSx}>
              <ListItemIcon>
                <AccountCircleOutlinedIcon />
              </ListItemIcon>
              <ListItemText primary="Profile" />
            </ListItemButton>
          </List>
        </Box>
      </Drawer>
    </>
  );
};
