import { NotificationUnread } from '@pc/contract';
import { api } from '../../api/client';

// Apart from api.ts: the bell on every signed-in page loads this much, the list's calls when opened.
export const notificationKeys = {
  all: ['notifications'] as const,
  unread: ['notifications', 'unread'] as const,
  list: ['notifications', 'list'] as const,
  preferences: ['notifications', 'preferences'] as const,
};

export const fetchUnread = () => api.get('/api/notifications/unread', NotificationUnread);
