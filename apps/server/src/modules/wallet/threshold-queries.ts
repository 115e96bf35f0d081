import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { WalletWarning } from '@pc/contract';
import type { DbOrTx } from '../../platform/db/open.js';
import { newId } from '../../platform/db/ids.js';
import { projects, walletThresholds } from '../../platform/db/schema.js';

export type ThresholdRow = typeof walletThresholds.$inferSelect;

/** One balance: the central balance (no project) or a project's WCC credit. */
export type BalanceRef = { partnerId: string; projectId: string | null };

const ofBalance = (ref: BalanceRef) =>
  and(
    eq(walletThresholds.partnerId, ref.partnerId),
    eq(walletThresholds.balance, ref.projectId ? 'WCC' : 'CENTRAL'),
    ref.projectId ? eq(walletThresholds.projectId, ref.projectId) : isNull(walletThresholds.projectId),
  );

export const thresholdsOf = (db: DbOrTx, partnerId: string) =>
  db.select().from(walletThresholds).where(eq(walletThresholds.partnerId, partnerId));

/**
 * Sets a balance's warning level (one per balance: its unique index), starting it uncrossed: the
 * check that follows decides, so a new level below the balance mails at once if already crossed.
 */
export const upsertThreshold = async (
  db: DbOrTx,
  ref: BalanceRef,
  values: { kind: 'AMOUNT' | 'DAYS'; value: number },
  now: Date,
): Promise<Pick<ThresholdRow, 'id' | 'kind' | 'value' | 'crossedAt'>> => {
  const balance = ref.projectId ? 'WCC' : 'CENTRAL';
  // The conflict target is the unique index's expression, which drizzle's builder cannot name.
  const result = (await db.execute(sql`
    insert into ${walletThresholds} (id, partner_id, balance, project_id, kind, value, created_at, updated_at)
    values (${newId()}, ${ref.partnerId}, ${balance}, ${ref.projectId}, ${values.kind}, ${values.value}, ${now.toISOString()}, ${now.toISOString()})
    on conflict (partner_id, balance, (coalesce(project_id, '')))
    do update set kind = excluded.kind, value = excluded.value, crossed_at = null, updated_at = excluded.updated_at
    returning id, kind, value`)) as { rows: { id: string; kind: 'AMOUNT' | 'DAYS'; value: string | number }[] };
  const row = result.rows[0]!;
  return { id: row.id, kind: row.kind, value: Number(row.value), crossedAt: null };
};

/** A balance's warning level, held for the caller's transaction (what a change replaces). */
export const lockThreshold = async (db: DbOrTx, ref: BalanceRef) =>
  (
    await db
      .select({ kind: walletThresholds.kind, value: walletThresholds.value })
      .from(walletThresholds)
      .where(ofBalance(ref))
      .for('update')
  )[0];

/** The level removed, or undefined when the balance had none. */
export const deleteThreshold = async (db: DbOrTx, ref: BalanceRef) =>
  (
    await db
      .delete(walletThresholds)
      .where(ofBalance(ref))
      .returning({ kind: walletThresholds.kind, value: walletThresholds.value })
  )[0];

/** Marks it crossed once: false when another check already did (its mail is on its way). */
export const markCrossed = async (db: DbOrTx, t: ThresholdRow, now: Date) =>
  (
    await db
      .update(walletThresholds)
      .set({ crossedAt: now })
      .where(
        and(
          eq(walletThresholds.id, t.id),
          eq(walletThresholds.partnerId, t.partnerId),
          isNull(walletThresholds.crossedAt),
        ),
      )
      .returning({ id: walletThresholds.id })
  ).length > 0;

export const clearCrossed = (db: DbOrTx, t: ThresholdRow) =>
  db
    .update(walletThresholds)
    .set({ crossedAt: null })
    .where(and(eq(walletThresholds.id, t.id), eq(walletThresholds.partnerId, t.partnerId)));

/** Partners with at least one warning level: what the periodic check goes through. */
export const partnersWithThresholds = (db: DbOrTx) =>
  db
    .selectDistinct({ partnerId: walletThresholds.partnerId })
    .from(walletThresholds)
    .orderBy(asc(walletThresholds.partnerId));

/** The partner's crossed warning levels, for the shell's banner (by the crossed index). */
export const crossedWarnings = async (db: DbOrTx, partnerId: string): Promise<WalletWarning[]> =>
  db
    .select({
      balance: walletThresholds.balance,
      projectName: projects.name,
      kind: walletThresholds.kind,
      value: walletThresholds.value,
    })
    .from(walletThresholds)
    .leftJoin(
      projects,
      and(eq(projects.id, walletThresholds.projectId), eq(projects.partnerId, walletThresholds.partnerId)),
    )
    .where(and(eq(walletThresholds.partnerId, partnerId), isNotNull(walletThresholds.crossedAt)))
    .orderBy(asc(walletThresholds.balance), asc(projects.name));
