import { Box, IconButton, Typography } from '@mui/material';
import AccountCircleOutlinedIcon from '@mui/icons-material/AccountCircleOutlined';
import { NavLink, useLocation } from 'react-router';
import { BrandLogo } from '../../brand/BrandLogo';
import type { Brand } from '../../brand/brand';
import { RAIL_WIDTH } from '../../brand/theme';
import { alsoActive, type NavEntry } from '../../nav/navEntries';
import { Tooltip } from '../../ui/Tooltip';

const itemSx = {
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: 0.25,
  width: RAIL_WIDTH - 16,
  py: 1,
  borderRadius: 2,
  color: 'text.secondary',
  textDecoration: 'none',
  '&:hover': { bgcolor: 'action.hover' },
  '&.active': { bgcolor: 'primary.main', color: 'primary.contrastText' },
  '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
} as const;

type Props = { brand: Brand; entries: NavEntry[] };

export const Rail = ({ brand, entries }: Props) => {
  const { pathname } = useLocation();
  return (
    <Box
      component="nav"
      aria-label="Main navigation"
      sx={{
        position: 'fixed',
        inset: '0 auto 0 0',
        width: RAIL_WIDTH,
        bgcolor: 'background.paper',
        borderRight: '1px solid',
        borderColor: 'divider',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        py: 2,
        gap: 1,
        zIndex: (theme) => theme.zIndex.drawer,
      }}
    >
      <Box sx={{ mb: 2 }}>
        <BrandLogo brand={brand} size={44} maxWidth={RAIL_WIDTH - 16} square />
      </Box>
      <Box
        sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 0.5, flex: 1, overflowY: 'auto' }}
      >
        {entries.map(({ to, label, icon: Icon, end, also }) => (
          <Tooltip key={to} title={label} placement="right">
            <Box component={NavLink} to={to} end={end} className={alsoActive({ also }, pathname)} sx={itemSx}>
              <Icon />
              <Typography variant="caption" sx={{ fontSize: 11, lineHeight: 1.2, textAlign: 'center' }} aria-hidden>
                {label}
              </Typography>
            </Box>
          </Tooltip>
        ))}
      </Box>
      <Tooltip title="Profile" placement="right">
        <IconButton
          component={NavLink}
          to="/agentProfile"
          aria-label="Profile"
          sx={{ '&.active': { color: 'primary.main' } }}
        >
          <AccountCircleOutlinedIcon fontSize="large" />
        </IconButton>
      </Tooltip>
    </Box>
  );
};
