import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Box,
  Divider,
  Drawer,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
} from '@mui/material';
import AccountCircleOutlinedIcon from '@mui/icons-material/AccountCircleOutlined';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { NavLink, useLocation } from 'react-router';
import { BrandLogo } from '../../brand/BrandLogo';
import type { Brand } from '../../brand/brand';
import { alsoActive, type NavEntry, type SubEntry } from '../../nav/navEntries';

const linkSx = { borderRadius: 2, mx: 1, '&.active': { bgcolor: 'action.selected', color: 'primary.main' } } as const;

type Props = { brand: Brand; entries: NavEntry[]; manageEntries: SubEntry[]; open: boolean; onClose: () => void };

/** The phone's navigation drawer: loaded on the first tap of the menu button, not with the page. */
export const MobileDrawer = ({ brand, entries, manageEntries, open, onClose: close }: Props) => {
  const { pathname } = useLocation();
  return (
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
          {/* Each link in its <li>: a list holds items, not links (axe's list rule). */}
          {entries.map(({ to, label, icon: Icon, end, area, also }) => (
            <ListItem key={to} disablePadding sx={{ display: 'block' }}>
              {area === 'manage' ? (
                <Accordion
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
                        <ListItem key={sub.to} disablePadding>
                          <ListItemButton component={NavLink} to={sub.to} onClick={close} sx={{ ...linkSx, pl: 8 }}>
                            <ListItemText primary={sub.label} />
                          </ListItemButton>
                        </ListItem>
                      ))}
                    </List>
                  </AccordionDetails>
                </Accordion>
              ) : (
                <ListItemButton
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
              )}
            </ListItem>
          ))}
        </List>
        <Divider />
        <List>
          <ListItem disablePadding>
            <ListItemButton component={NavLink} to="/agentProfile" onClick={close} sx={linkSx}>
              <ListItemIcon>
                <AccountCircleOutlinedIcon />
              </ListItemIcon>
              <ListItemText primary="Profile" />
            </ListItemButton>
          </ListItem>
        </List>
      </Box>
    </Drawer>
  );
};
