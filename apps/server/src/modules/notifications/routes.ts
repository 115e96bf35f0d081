import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  NotificationIdParams,
  NotificationListQuery,
  NotificationListResponse,
  NotificationPreferences,
  NotificationUnread,
} from '@pc/contract';
import type { Deps } from '../../deps.js';
import { agentOf } from '../../platform/access/access.js';
import type { AgentViewer } from '../../platform/auth/viewer.js';
import { listNotifications, mailPreferencesOf, markAllAsRead, markRead, setMailPreferences, unreadOf } from './list.js';

const tags = ['notifications'];
const member = (v: AgentViewer) => ({ partnerId: v.partnerId, agentId: v.agentId, isReferral: v.isReferral });

/**
 * The bell (docs/notifications.md): every member reads the partner's notifications meant for the
 * team and those meant for them, marks them read for themselves, and picks the kinds mailed to them.
 */
export const notificationRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/notifications',
      {
        config: { access: 'member' },
        schema: { tags, querystring: NotificationListQuery, response: { 200: NotificationListResponse } },
      },
      (request) => listNotifications(deps, member(agentOf(request)), request.query),
    );
    app.get(
      '/api/notifications/unread',
      { config: { access: 'member' }, schema: { tags, response: { 200: NotificationUnread } } },
      (request) => unreadOf(deps, member(agentOf(request))),
    );
    app.post(
      '/api/notifications/:id/read',
      {
        config: { access: 'member' },
        schema: { tags, params: NotificationIdParams, response: { 200: NotificationUnread } },
      },
      (request) => markRead(deps, member(agentOf(request)), request.params.id),
    );
    app.post(
      '/api/notifications/read-all',
      { config: { access: 'member' }, schema: { tags, response: { 200: NotificationUnread } } },
      (request) => markAllAsRead(deps, member(agentOf(request))),
    );
    app.get(
      '/api/notifications/preferences',
      { config: { access: 'member' }, schema: { tags, response: { 200: NotificationPreferences } } },
      (request) => mailPreferencesOf(deps, member(agentOf(request))),
    );
    app.put(
      '/api/notifications/preferences',
      {
        config: { access: 'member' },
        schema: { tags, body: NotificationPreferences, response: { 200: NotificationPreferences } },
      },
      (request) => setMailPreferences(deps, member(agentOf(request)), request.body.mail),
    );
  };
