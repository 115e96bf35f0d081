import { api } from '../../api/client';
import { early } from '../../api/early';

// Apart from api.ts: the bell on every signed-in page loads this much, the list's calls when opened.
export const notificationKeys = {
  all: ['notifications'] as const,
  unread: ['notifications', 'unread'] as const,
  list: ['notifications', 'list'] as const,
  preferences: ['notifications', 'preferences'] as const,
};

// Its schema comes with the first answers' (api/earlySchemas.ts): the shell's code builds no schema.
export const fetchUnread = () => api.get('/api/notifications/unread', early('NotificationUnread'));
