import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/open.js';
import { projects, templates } from '../../platform/db/schema.js';
import { enqueue } from '../../platform/jobs/queue.js';
import { ofPartner, type NewTemplateRow, type TemplateRow } from './queries.js';

/** The queries of template sync and Meta's template webhook. */

export const RECATEGORISED_MAIL_JOB = 'mail.template-recategorised';

/**
 * Takes the project's sync slot when its last sync is older than the cool-down, in one statement
 * (ARCHITECTURE rule 14: counted before the check it guards, so two syncs at once cannot both
 * pass). The CTE's row lock makes a second caller wait and then see the first one's stamp. Answers
 * the stamp it replaced (to put back if Meta fails), or null when the cool-down is still running.
 * The update names the partner as the CTE does, so that on a distributed database both go to the
 * partner's node alone (docs/scaling.md).
 */
export const claimTemplateSync = async (
  db: DbOrTx,
  partnerId: string,
  projectId: string,
  now: Date,
  cooldownMs: number,
): Promise<{ previous: Date | null } | null> => {
  const cutoff = new Date(now.getTime() - cooldownMs);
  const result = (await db.execute(sql`
    with old as (
      select id, last_template_sync_at as prev from ${projects}
      where id = ${projectId} and partner_id = ${partnerId}
      for update
    )
    update ${projects} as p set last_template_sync_at = ${now.toISOString()}::timestamptz
    from old
    where p.id = old.id and p.partner_id = ${partnerId}
      and (old.prev is null or old.prev <= ${cutoff.toISOString()}::timestamptz)
    returning old.prev`)) as unknown as {
    rows: { prev: Date | string | null }[];
  };
  const [row] = result.rows;
  if (!row) return null;
  // The stamp as the driver gives it (text, as drizzle reads its timestamps): a distributed database
  // takes no function of it in RETURNING (extract is not IMMUTABLE).
  return { previous: row.prev === null ? null : new Date(row.prev) };
};

/** Gives the slot back after a failed sync, only while the stamp is still the one this sync wrote. */
export const releaseTemplateSync = (
  db: DbOrTx,
  partnerId: string,
  projectId: string,
  ours: Date,
  previous: Date | null,
) =>
  db
    .update(projects)
    .set({ lastTemplateSyncAt: previous })
    .where(and(eq(projects.partnerId, partnerId), eq(projects.id, projectId), eq(projects.lastTemplateSyncAt, ours)));

export const lastTemplateSyncOf = async (db: DbOrTx, partnerId: string, projectId: string) =>
  (
    await db
      .select({ at: projects.lastTemplateSyncAt })
      .from(projects)
      .where(and(eq(projects.partnerId, partnerId), eq(projects.id, projectId)))
  )[0]?.at ?? null;

/**
 * The project's submitted templates that are not deleted, locked for the reconcile so that a
 * webhook for one of them waits for it rather than being overwritten (ordered by id: one lock order).
 */
export const lockSubmittedTemplates = (tx: DbOrTx, partnerId: string, projectId: string): Promise<TemplateRow[]> =>
  tx
    .select()
    .from(templates)
    .where(
      ofPartner(
        partnerId,
        eq(templates.projectId, projectId),
        ne(templates.status, 'DRAFT'),
        isNull(templates.deletedAt),
      ),
    )
    .orderBy(asc(templates.id))
    .for('update');

/**
 * The live template Meta knows by this id, locked; drafts and deleted ones never hear from Meta again.
 * Found first without a lock (Meta does not say whose it is), then locked by its partner and id: a
 * distributed database locks rows only on one partner's node (docs/scaling.md).
 */
export const lockTemplateOfProvider = async (tx: DbOrTx, providerTemplateId: string) => {
  const live = and(
    eq(templates.providerTemplateId, providerTemplateId),
    ne(templates.status, 'DRAFT'),
    isNull(templates.deletedAt),
  );
  const [found] = await tx
    .select({ id: templates.id, partnerId: templates.partnerId })
    .from(templates)
    .where(live)
    .orderBy(asc(templates.id))
    .limit(1);
  if (!found) return undefined;
  return (
    await tx
      .select()
      .from(templates)
      .where(ofPartner(found.partnerId, eq(templates.id, found.id), live))
      .for('update')
  )[0];
};

export const updateTemplate = (
  tx: DbOrTx,
  row: Pick<TemplateRow, 'id' | 'partnerId'>,
  values: Partial<NewTemplateRow>,
) =>
  tx
    .update(templates)
    .set(values)
    .where(ofPartner(row.partnerId, eq(templates.id, row.id)));

/**
 * Imports templates Meta holds that the console does not. One created in the console meanwhile
 * (same name and language, live) wins: the import of it is skipped.
 */
export const insertImported = async (tx: DbOrTx, rows: NewTemplateRow[]): Promise<number> =>
  rows.length === 0
    ? 0
    : (await tx.insert(templates).values(rows).onConflictDoNothing().returning({ id: templates.id })).length;

/** The mail about a re-categorisation, in the transaction of the change: one per template and category. */
export const enqueueRecategorisedMail = (
  tx: DbOrTx,
  row: Pick<TemplateRow, 'id' | 'partnerId'>,
  category: string,
  now: Date,
) =>
  enqueue(tx, {
    kind: RECATEGORISED_MAIL_JOB,
    payload: { partnerId: row.partnerId, templateId: row.id, category },
    runAt: now,
    key: `${RECATEGORISED_MAIL_JOB}:${row.id}:${category}`,
  });
