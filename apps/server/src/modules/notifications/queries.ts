import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { NOTIFICATION_UNREAD_CAP, type NotificationKind } from '@pc/contract';
import type { DbOrTx } from '../../platform/db/open.js';
import { notificationReads, notifications, notificationSettings } from '../../platform/db/schema.js';
import { visibleTo } from './notify.js';

export type Member = { partnerId: string; agentId: string; isReferral: boolean };

export const settingsOf = async (db: DbOrTx, m: Member) =>
  (
    await db
      .select({ mailKinds: notificationSettings.mailKinds, readAllAt: notificationSettings.readAllAt })
      .from(notificationSettings)
      .where(and(eq(notificationSettings.partnerId, m.partnerId), eq(notificationSettings.agentId, m.agentId)))
  )[0];

/** Read: marked one by one, or created up to when the member last marked all. */
const readSql = (readAllAt: Date | null | undefined) =>
  readAllAt
    ? sql<boolean>`(${notifications.createdAt} <= ${readAllAt.toISOString()}::timestamptz or ${notificationReads.notificationId} is not null)`
    : sql<boolean>`(${notificationReads.notificationId} is not null)`;

const readJoin = (m: Member) =>
  and(
    eq(notificationReads.partnerId, notifications.partnerId),
    eq(notificationReads.agentId, m.agentId),
    eq(notificationReads.notificationId, notifications.id),
  );

/** One page, newest first, after the notification `after` (keyset on created_at, id). */
export const pageOf = async (
  db: DbOrTx,
  m: Member,
  readAllAt: Date | null | undefined,
  after: string | undefined,
  limit: number,
) => {
  const from = after
    ? sql`(${notifications.createdAt}, ${notifications.id}) < (select c.created_at, c.id from notifications c where c.partner_id = ${m.partnerId} and c.id = ${after})`
    : undefined;
  return db
    .select({
      id: notifications.id,
      kind: notifications.kind,
      title: notifications.title,
      body: notifications.body,
      link: notifications.link,
      createdAt: notifications.createdAt,
      read: readSql(readAllAt),
    })
    .from(notifications)
    .leftJoin(notificationReads, readJoin(m))
    .where(and(visibleTo(m), from))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit + 1);
};

/** The member's unread notifications, counted up to the cap (the bell shows "99+" beyond). */
export const unreadCount = async (db: DbOrTx, m: Member, readAllAt: Date | null | undefined) => {
  const unread = db
    .select({ one: sql`1` })
    .from(notifications)
    .leftJoin(notificationReads, readJoin(m))
    .where(
      and(
        visibleTo(m),
        readAllAt ? gt(notifications.createdAt, readAllAt) : undefined,
        sql`${notificationReads.notificationId} is null`,
      ),
    )
    .limit(NOTIFICATION_UNREAD_CAP)
    .as('unread');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(unread);
  return Number(row?.n ?? 0);
};

export const isVisible = async (db: DbOrTx, m: Member, id: string) =>
  (
    await db
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(visibleTo(m), eq(notifications.id, id)))
  ).length > 0;

export const insertRead = (db: DbOrTx, m: Member, id: string, now: Date) =>
  db
    .insert(notificationReads)
    .values({ partnerId: m.partnerId, agentId: m.agentId, notificationId: id, readAt: now })
    .onConflictDoNothing();

/** Everything created up to `now` is read; the one-by-one marks it covers go. */
export const markAllRead = async (db: DbOrTx, m: Member, now: Date) => {
  await db
    .insert(notificationSettings)
    .values({ partnerId: m.partnerId, agentId: m.agentId, readAllAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [notificationSettings.partnerId, notificationSettings.agentId],
      set: { readAllAt: now, updatedAt: now },
    });
  await db
    .delete(notificationReads)
    .where(and(eq(notificationReads.partnerId, m.partnerId), eq(notificationReads.agentId, m.agentId)));
};

export const saveMailKinds = (db: DbOrTx, m: Member, kinds: NotificationKind[], now: Date) =>
  db
    .insert(notificationSettings)
    .values({ partnerId: m.partnerId, agentId: m.agentId, mailKinds: kinds, updatedAt: now })
    .onConflictDoUpdate({
      target: [notificationSettings.partnerId, notificationSettings.agentId],
      set: { mailKinds: kinds, updatedAt: now },
    });
