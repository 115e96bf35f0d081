import { and, asc, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/open.js';
import { newId } from '../../platform/db/ids.js';
import { lockedByPartner } from '../../platform/db/locked-by-partner.js';
import { metaAccountEvents, projects } from '../../platform/db/schema.js';
import { enqueue } from '../../platform/jobs/queue.js';
import type { AccountWord } from '../../providers/meta/accounts/words.js';

/** The project columns an account webhook reads and writes. */
export type AccountProject = Pick<
  typeof projects.$inferSelect,
  | 'id'
  | 'partnerId'
  | 'businessId'
  | 'name'
  | 'whatsappNumber'
  | 'isWhatsappVerified'
  | 'wabaDeleted'
  | 'wabaBanState'
  | 'wabaBanDate'
  | 'messagingLimit'
  | 'qualityRating'
  | 'qualityRatingChangedAt'
  | 'displayNameStatus'
  | 'whatsAppDisplayName'
  | 'metaAccount'
>;

/**
 * The projects on a WhatsApp Business Account, whichever partner's, locked in the one global order
 * (by partner, then id) so that two deliveries about the same account cannot deadlock.
 */
export const lockProjectsOfWaba = (tx: DbOrTx, wabaId: string): Promise<AccountProject[]> =>
  lockedByPartner(tx, projects, eq(projects.wabaAppId, wabaId));

export const updateAccountProject = (tx: DbOrTx, p: Pick<AccountProject, 'id' | 'partnerId'>, values: object) =>
  tx
    .update(projects)
    .set(values)
    .where(and(eq(projects.id, p.id), eq(projects.partnerId, p.partnerId)));

export type NewAccountEvent = Omit<typeof metaAccountEvents.$inferInsert, 'id' | 'receivedAt'>;

/** Keeps a change as Meta sent it; false when the same change was kept before (Meta's retry). */
export const recordAccountEvent = async (tx: DbOrTx, event: NewAccountEvent, now: Date): Promise<boolean> => {
  const rows = await tx
    .insert(metaAccountEvents)
    .values({ ...event, id: newId(), receivedAt: now })
    .onConflictDoNothing({ target: metaAccountEvents.digest })
    .returning({ id: metaAccountEvents.id });
  return rows.length > 0;
};

/** The last changes kept for a project, newest first (the project page's account history). */
export const accountEventsOf = (db: DbOrTx, partnerId: string, projectId: string, limit = 20) =>
  db
    .select({
      field: metaAccountEvents.field,
      happenedAt: metaAccountEvents.happenedAt,
      outcome: metaAccountEvents.outcome,
      value: metaAccountEvents.value,
    })
    .from(metaAccountEvents)
    .where(and(eq(metaAccountEvents.partnerId, partnerId), eq(metaAccountEvents.projectId, projectId)))
    .orderBy(desc(metaAccountEvents.happenedAt))
    .limit(limit);

export const ACCOUNT_MAIL_JOB = 'account-events.mail';

/** The owner's mail about one change, sent by the jobs table after the transaction commits. */
export const enqueueAccountMail = (
  tx: DbOrTx,
  p: Pick<AccountProject, 'id' | 'partnerId'>,
  word: AccountWord,
  digest: string,
  now: Date,
) =>
  enqueue(tx, {
    kind: ACCOUNT_MAIL_JOB,
    payload: { partnerId: p.partnerId, projectId: p.id, word: JSON.parse(JSON.stringify(word)) as unknown },
    runAt: now,
    key: `${ACCOUNT_MAIL_JOB}:${p.id}:${digest}`,
  });

/** The changes kept for an account before any project had it (unknown_account), oldest first. */
export const heldEventsOf = (tx: DbOrTx, wabaId: string) =>
  tx
    .select()
    .from(metaAccountEvents)
    .where(and(eq(metaAccountEvents.wabaId, wabaId), eq(metaAccountEvents.outcome, 'unknown_account')))
    .orderBy(asc(metaAccountEvents.happenedAt));

export const settleHeldEvent = (
  tx: DbOrTx,
  id: string,
  o: { outcome: string; partnerId: string | null; projectId: string | null },
) => tx.update(metaAccountEvents).set(o).where(eq(metaAccountEvents.id, id));
