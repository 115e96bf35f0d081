import { Badge, Box, IconButton, Popover } from '@mui/material';
import NotificationsNoneOutlinedIcon from '@mui/icons-material/NotificationsNoneOutlined';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { NOTIFICATION_UNREAD_CAP } from '@pc/contract';
import { lazyPage } from '../../ui/lazyPage';
import { Tooltip } from '../../ui/Tooltip';
import { fetchUnread, notificationKeys } from './api';

const loadList = () => import('./NotificationList');
const NotificationList = lazyPage(loadList, 'NotificationList');

/** How often the unread count is asked for while the console is open. */
const POLL_MS = 60_000;

/**
 * The bell: the member's unread count on a badge; the list in a popover. On a phone it sits at the
 * right of the sticky top bar; on a wide screen at the right above the page.
 */
export const NotificationBell = ({ wide }: { wide: boolean }) => {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const unread = useQuery({ queryKey: notificationKeys.unread, queryFn: fetchUnread, refetchInterval: POLL_MS });
  const count = unread.data?.unread ?? 0;
  const label =
    count === 0
      ? 'Notifications'
      : `Notifications, ${count >= NOTIFICATION_UNREAD_CAP ? `more than ${NOTIFICATION_UNREAD_CAP - 1}` : count} unread`;
  const button = (
    <Tooltip title="Notifications">
      <IconButton
        aria-label={label}
        aria-haspopup="dialog"
        aria-expanded={anchor ? 'true' : 'false'}
        onPointerEnter={() => void loadList()}
        onFocus={() => void loadList()}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        <Badge badgeContent={count} max={NOTIFICATION_UNREAD_CAP - 1} color="error">
          <NotificationsNoneOutlinedIcon />
        </Badge>
      </IconButton>
    </Tooltip>
  );
  return (
    <>
      {wide ? (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: -1.5, mb: 0.5 }}>{button}</Box>
      ) : (
        <Box sx={{ position: 'fixed', top: 8, right: 8, zIndex: (theme) => theme.zIndex.appBar + 1 }}>{button}</Box>
      )}
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { width: { xs: 'calc(100vw - 16px)', sm: 400 }, maxHeight: '80vh' } } }}
      >
        {anchor && (
          <Suspense fallback={null}>
            <NotificationList onClose={() => setAnchor(null)} />
          </Suspense>
        )}
      </Popover>
    </>
  );
};
