import { Box, IconButton } from '@mui/material';
import NotificationsNoneOutlinedIcon from '@mui/icons-material/NotificationsNoneOutlined';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { NOTIFICATION_UNREAD_CAP } from '@pc/contract';
import { lazyPage } from '../../ui/lazyPage';
import { Tooltip } from '../../ui/Tooltip';
import { useAfterFirstPaint } from '../../ui/useAfterFirstPaint';
import { fetchUnread, notificationKeys } from './unread';

const loadPopover = () => import('./NotificationPopover');
const NotificationPopover = lazyPage(loadPopover, 'NotificationPopover');

/** How often the unread count is asked for while the console is open. */
const POLL_MS = 60_000;

/**
 * The bell: the member's unread count on a badge; the list in a popover. On a phone it sits at the
 * right of the sticky top bar; on a wide screen at the right above the page. Every signed-in page
 * has it, so it is drawn with what the shell already loaded (the badge is a span, not MUI's Badge);
 * the popover and its list are fetched when the bell is first pointed at, focused or opened.
 */
export const NotificationBell = ({ wide }: { wide: boolean }) => {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Asked once the page's first content is on screen: the count can arrive a moment after it.
  const painted = useAfterFirstPaint();
  const unread = useQuery({
    queryKey: notificationKeys.unread,
    queryFn: fetchUnread,
    refetchInterval: POLL_MS,
    enabled: painted,
  });
  const count = unread.data?.unread ?? 0;
  const many = count >= NOTIFICATION_UNREAD_CAP;
  const label =
    count === 0
      ? 'Notifications'
      : `Notifications, ${many ? `more than ${NOTIFICATION_UNREAD_CAP - 1}` : count} unread`;
  const button = (
    <Tooltip title="Notifications">
      <IconButton
        aria-label={label}
        aria-haspopup="dialog"
        aria-expanded={anchor ? 'true' : 'false'}
        onPointerEnter={() => void loadPopover()}
        onFocus={() => void loadPopover()}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        <Box component="span" sx={{ position: 'relative', display: 'inline-flex' }}>
          <NotificationsNoneOutlinedIcon />
          {count > 0 && (
            <Box
              component="span"
              aria-hidden
              sx={{
                position: 'absolute',
                top: -6,
                left: 12,
                minWidth: 20,
                height: 20,
                px: 0.75,
                borderRadius: 10,
                bgcolor: 'error.main',
                color: 'error.contrastText',
                fontSize: 12,
                fontWeight: 500,
                lineHeight: '20px',
                textAlign: 'center',
              }}
            >
              {many ? `${NOTIFICATION_UNREAD_CAP - 1}+` : count}
            </Box>
          )}
        </Box>
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
      {anchor && (
        <Suspense fallback={null}>
          <NotificationPopover anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
};
