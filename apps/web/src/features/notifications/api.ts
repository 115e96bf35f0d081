import {
  NotificationListResponse,
  NotificationPreferences,
  NotificationUnread,
  type NotificationKind,
} from '@pc/contract';
import { api, request } from '../../api/client';

export { notificationKeys } from './unread';

/** A page, newest first; `after` the last id of the page before. */
export const fetchNotifications = (after: string | null) =>
  api.get(
    `/api/notifications?${new URLSearchParams({ limit: '20', ...(after ? { after } : {}) }).toString()}`,
    NotificationListResponse,
  );

export const markRead = (id: string) =>
  api.post(`/api/notifications/${encodeURIComponent(id)}/read`, undefined, NotificationUnread);

export const markAllRead = () => api.post('/api/notifications/read-all', undefined, NotificationUnread);

export const fetchPreferences = () => api.get('/api/notifications/preferences', NotificationPreferences);

export const savePreferences = (mail: NotificationKind[]) =>
  request('/api/notifications/preferences', { method: 'PUT', body: { mail }, schema: NotificationPreferences });
