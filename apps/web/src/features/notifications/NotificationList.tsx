import { Box, Button, CircularProgress, Divider, List, ListItemButton, ListItemText, Typography } from '@mui/material';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Notification } from '@pc/contract';
import { DateTime } from '../../ui/DateTime';
import { ErrorState } from '../../ui/ErrorState';
import { fetchNotifications, markAllRead, markRead, notificationKeys } from './api';
import { MailPreferencesDialog } from './MailPreferencesDialog';

/** Read by screen readers, not shown. */
const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/**
 * The member's notifications, newest first, unread ones marked; a click opens its page and marks it
 * read. "Mark all as read" and the mail preferences at the top.
 */
export const NotificationList = ({ onClose }: { onClose: () => void }) => {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [preferences, setPreferences] = useState(false);
  const list = useInfiniteQuery({
    queryKey: notificationKeys.list,
    queryFn: ({ pageParam }) => fetchNotifications(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: notificationKeys.all });
  const readOne = useMutation({ mutationFn: markRead, onSettled: refresh });
  const readAll = useMutation({ mutationFn: markAllRead, onSettled: refresh });
  const items = list.data?.pages.flatMap((p) => p.notifications) ?? [];
  const unread = list.data?.pages[0]?.unread ?? 0;

  const open = (n: Notification) => {
    if (!n.read) readOne.mutate(n._id);
    onClose();
    void navigate(n.link);
  };

  return (
    <Box role="dialog" aria-label="Notifications">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1.5 }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1, fontSize: 18 }}>
          Notifications
        </Typography>
        <Button size="small" disabled={unread === 0 || readAll.isPending} onClick={() => readAll.mutate()}>
          Mark all as read
        </Button>
      </Box>
      <Divider />
      {list.isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress size={28} aria-label="Loading notifications" />
        </Box>
      ) : list.isError ? (
        <ErrorState
          error={list.error}
          fallback="Could not load the notifications."
          onRetry={() => void list.refetch()}
        />
      ) : items.length === 0 ? (
        <Typography sx={{ px: 2, py: 4, textAlign: 'center' }} color="text.secondary">
          No notifications yet.
        </Typography>
      ) : (
        <List disablePadding aria-label="Notification list">
          {items.map((n) => (
            <ListItemButton
              key={n._id}
              onClick={() => open(n)}
              divider
              sx={{ alignItems: 'flex-start', gap: 1.5, bgcolor: n.read ? undefined : 'action.hover' }}
            >
              <Box
                aria-hidden
                sx={{
                  mt: 1,
                  width: 8,
                  height: 8,
                  flex: 'none',
                  borderRadius: '50%',
                  bgcolor: n.read ? 'transparent' : 'primary.main',
                }}
              />
              <ListItemText
                primary={
                  <>
                    {!n.read && (
                      <Box component="span" sx={visuallyHidden}>
                        Unread:{' '}
                      </Box>
                    )}
                    {n.title}
                  </>
                }
                secondary={
                  <>
                    <Box component="span" sx={{ display: 'block', color: 'text.primary', my: 0.25 }}>
                      {n.body}
                    </Box>
                    <DateTime value={n.createdAt} />
                  </>
                }
                slotProps={{
                  primary: { sx: { fontWeight: n.read ? 400 : 700, overflowWrap: 'anywhere' } },
                  secondary: { sx: { overflowWrap: 'anywhere' } },
                }}
              />
            </ListItemButton>
          ))}
        </List>
      )}
      <Box sx={{ display: 'flex', justifyContent: 'space-between', px: 1, py: 1 }}>
        <Button size="small" onClick={() => setPreferences(true)}>
          Mail preferences
        </Button>
        {list.hasNextPage && (
          <Button size="small" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
            Show older
          </Button>
        )}
      </Box>
      {preferences && <MailPreferencesDialog onClose={() => setPreferences(false)} />}
    </Box>
  );
};
