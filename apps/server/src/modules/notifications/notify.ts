import { and, eq, isNull, notInArray, or, sql } from 'drizzle-orm';
import { moneyNotificationKinds, type NotificationKind } from '@pc/contract';
import type { DbOrTx } from '../../platform/db/open.js';
import { newId } from '../../platform/db/ids.js';
import { agents, notifications, notificationSettings } from '../../platform/db/schema.js';
import { enqueue } from '../../platform/jobs/queue.js';
import { ownerOf } from '../partners/owner.js';
import { ownerMailKinds } from './owner-mail.js';

export const NOTIFICATION_MAIL_JOB = 'mail.notification';

export type NewNotification = {
  partnerId: string;
  kind: NotificationKind;
  title: string;
  body: string;
  /** A console path, e.g. "/wallet". */
  link: string;
  /** One member's (a ticket's raiser); absent: the whole team's. */
  agentId?: string | null;
  /** The same key twice for a partner tells once (a retried delivery, a check run again). */
  dedupeKey?: string;
  at?: Date;
};

/**
 * Tells the partner's team (or one member) about an event, in the caller's transaction, so the
 * notification exists exactly when the event does; each member who chose this kind by mail gets a
 * mail job in the same transaction (ARCHITECTURE rule 13), sent after it commits. A member with no
 * saved list gets none: the owner's defaults are its own mails, which their sources send. Answers the new
 * notification's id, or null when its dedupe key was already told.
 */
export const notify = async (tx: DbOrTx, n: NewNotification): Promise<string | null> => {
  const at = n.at ?? new Date();
  const id = newId();
  const [row] = await tx
    .insert(notifications)
    .values({
      partnerId: n.partnerId,
      id,
      agentId: n.agentId ?? null,
      kind: n.kind,
      title: n.title,
      body: n.body,
      link: n.link,
      dedupeKey: n.dedupeKey ?? null,
      createdAt: at,
    })
    .onConflictDoNothing()
    .returning({ id: notifications.id });
  if (!row) return null;
  const recipients = await tx
    .select({ agentId: notificationSettings.agentId })
    .from(notificationSettings)
    .innerJoin(
      agents,
      and(eq(agents.partnerId, notificationSettings.partnerId), eq(agents.id, notificationSettings.agentId)),
    )
    .where(
      and(
        eq(notificationSettings.partnerId, n.partnerId),
        eq(agents.partnerId, n.partnerId),
        eq(agents.disabled, false),
        moneyNotificationKinds.includes(n.kind) ? eq(agents.isReferral, false) : undefined,
        sql`${n.kind} = any(${notificationSettings.mailKinds})`,
        n.agentId ? eq(notificationSettings.agentId, n.agentId) : undefined,
      ),
    );
  // The owner has its own, longer mail of these kinds (owner-mail.ts): not this one as well.
  const owner = ownerMailKinds.includes(n.kind) ? await ownerOf(tx, n.partnerId) : undefined;
  for (const r of recipients.filter((r) => r.agentId !== owner?.id))
    await enqueue(tx, {
      kind: NOTIFICATION_MAIL_JOB,
      payload: { partnerId: n.partnerId, notificationId: id, agentId: r.agentId },
      runAt: at,
      key: `${NOTIFICATION_MAIL_JOB}:${id}:${r.agentId}`,
    });
  return id;
};

/** The member's notifications: the team's and the member's own; a referral user's without the money kinds. */
export const visibleTo = (m: { partnerId: string; agentId: string; isReferral: boolean }) =>
  and(
    eq(notifications.partnerId, m.partnerId),
    or(isNull(notifications.agentId), eq(notifications.agentId, m.agentId)),
    m.isReferral ? notInArray(notifications.kind, [...moneyNotificationKinds]) : undefined,
  );
