import { Box, List, ListItem, ListItemButton, ListItemText, Paper, useMediaQuery, type Theme } from '@mui/material';
import { Suspense, useMemo } from 'react';
import { NavLink, Outlet } from 'react-router';
import { useSession } from '../../session/session';
import { manageEntries, visibleEntries } from '../../nav/navEntries';
import { PageLoader } from '../../ui/PageLoader';

/** Large screens get the Manage sub-pages beside the content; small screens reach them in the drawer. */
export const ManageLayout = () => {
  const session = useSession();
  const entries = useMemo(() => visibleEntries(manageEntries, session), [session]);
  const isLarge = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'), { noSsr: true });

  return (
    <Box sx={{ display: 'flex', gap: 3, alignItems: 'flex-start' }}>
      {isLarge && entries.length > 0 && (
        <Paper component="nav" aria-label="Manage" sx={{ width: 220, flexShrink: 0, position: 'sticky', top: 24 }}>
          <List dense>
            {entries.map((entry) => (
              // A list's items are <li>: the links go inside them, not straight in the <ul>.
              <ListItem key={entry.to} disablePadding>
                <ListItemButton
                  component={NavLink}
                  to={entry.to}
                  sx={{
                    mx: 1,
                    borderRadius: 2,
                    '&.active': { bgcolor: 'action.selected', color: 'primary.main', fontWeight: 600 },
                  }}
                >
                  <ListItemText primary={entry.label} />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        </Paper>
      )}
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </Box>
    </Box>
  );
};
