import type { NotificationKind, NotificationListQuery, NotificationListResponse } from '@pc/contract';
import { NotificationListQuery as Query } from '@pc/contract';
import type { Deps } from '../../deps.js';
import { notFound } from '../../platform/errors/app-error.js';
import { ownerOf } from '../partners/owner.js';
import { mailKindsOf } from './owner-mail.js';
import {
  insertRead,
  isVisible,
  markAllRead,
  pageOf,
  saveMailKinds,
  settingsOf,
  unreadCount,
  type Member,
} from './queries.js';

/** The member's page of notifications, newest first, with the unread count for the bell. */
export const listNotifications = async (
  deps: Pick<Deps, 'db'>,
  m: Member,
  query: NotificationListQuery,
): Promise<NotificationListResponse> => {
  const { after, limit } = Query.parse(query);
  const settings = await settingsOf(deps.db, m);
  const [rows, unread] = await Promise.all([
    pageOf(deps.db, m, settings?.readAllAt, after, limit),
    unreadCount(deps.db, m, settings?.readAllAt),
  ]);
  const page = rows.slice(0, limit);
  return {
    notifications: page.map((r) => ({
      _id: r.id,
      kind: r.kind as NotificationKind,
      title: r.title,
      body: r.body,
      link: r.link,
      read: Boolean(r.read),
      createdAt: r.createdAt.toISOString(),
    })),
    unread,
    next: rows.length > limit ? page.at(-1)!.id : null,
  };
};

export const unreadOf = async (deps: Pick<Deps, 'db'>, m: Member) => ({
  unread: await unreadCount(deps.db, m, (await settingsOf(deps.db, m))?.readAllAt),
});

/** Marks one of the member's notifications read; another partner's or member's answers 404. */
export const markRead = async (deps: Pick<Deps, 'db' | 'now'>, m: Member, id: string) => {
  if (!(await isVisible(deps.db, m, id))) throw notFound('Notification not found.');
  await insertRead(deps.db, m, id, deps.now());
  return unreadOf(deps, m);
};

export const markAllAsRead = async (deps: Pick<Deps, 'db' | 'now'>, m: Member) => {
  await deps.db.transaction((tx) => markAllRead(tx, m, deps.now()));
  return { unread: 0 };
};

/** The kinds the member gets by mail: what they saved, or their defaults (the owner's own mails). */
export const mailPreferencesOf = async (deps: Pick<Deps, 'db'>, m: Member) => {
  const [settings, owner] = await Promise.all([settingsOf(deps.db, m), ownerOf(deps.db, m.partnerId)]);
  return { mail: mailKindsOf(settings?.mailKinds, owner?.id === m.agentId) };
};

export const setMailPreferences = async (deps: Pick<Deps, 'db' | 'now'>, m: Member, mail: NotificationKind[]) => {
  const kinds = [...new Set(mail)];
  await saveMailKinds(deps.db, m, kinds, deps.now());
  return { mail: kinds };
};
