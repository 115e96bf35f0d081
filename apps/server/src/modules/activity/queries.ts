import { and, asc, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/open.js';
import { agents, partnerAuditLog } from '../../platform/db/schema.js';

export type ActivityFilter = {
  partnerId: string;
  action?: string;
  memberId?: string;
  from?: Date;
  toBefore?: Date;
};

/** The filters as one condition: every index of the table starts with the partner. */
const conditions = (f: ActivityFilter): SQL | undefined =>
  and(
    eq(partnerAuditLog.partnerId, f.partnerId),
    f.action ? eq(partnerAuditLog.action, f.action) : undefined,
    f.memberId ? eq(partnerAuditLog.memberId, f.memberId) : undefined,
    f.from ? gte(partnerAuditLog.createdAt, f.from) : undefined,
    f.toBefore ? lt(partnerAuditLog.createdAt, f.toBefore) : undefined,
  );

/** One page, newest first (the entries of one transaction share created_at: the id breaks the tie). */
export const activityPage = (db: DbOrTx, f: ActivityFilter, skip: number, limit: number) =>
  db
    .select()
    .from(partnerAuditLog)
    .where(conditions(f))
    .orderBy(desc(partnerAuditLog.createdAt), desc(partnerAuditLog.id))
    .limit(limit)
    .offset(skip);

export const activityCount = async (db: DbOrTx, f: ActivityFilter) =>
  Number((await db.select({ n: count() }).from(partnerAuditLog).where(conditions(f)))[0]?.n ?? 0);

/**
 * Every matching entry, newest first, `size` at a time, each batch after the last one's key: a
 * download holds one batch in memory, never the log. The edge is read as text, so entries
 * microseconds apart are neither skipped nor repeated.
 */
type Entry = typeof partnerAuditLog.$inferSelect;

export async function* activityBatches(db: DbOrTx, f: ActivityFilter, size = 2_000): AsyncGenerator<Entry[]> {
  let after: { at: string; id: string } | null = null;
  for (;;) {
    const batch: { entry: Entry; at: string }[] = await db
      .select({ entry: partnerAuditLog, at: sql<string>`(${partnerAuditLog.createdAt})::text` })
      .from(partnerAuditLog)
      .where(
        and(
          conditions(f),
          after
            ? sql`(${partnerAuditLog.createdAt}, ${partnerAuditLog.id}) < (${after.at}::timestamptz, ${after.id})`
            : undefined,
        ),
      )
      .orderBy(desc(partnerAuditLog.createdAt), desc(partnerAuditLog.id))
      .limit(size);
    if (batch.length === 0) return;
    const last = batch[batch.length - 1]!;
    after = { at: last.at, id: last.entry.id };
    yield batch.map((row) => row.entry);
    if (batch.length < size) return;
  }
}

/**
 * The filter's members: the team as it is, and whoever has an entry (a member removed since, by the
 * name the entry kept), by name.
 */
export const activityMembers = async (db: DbOrTx, partnerId: string) => {
  const [team, authors] = await Promise.all([
    db.select({ id: agents.id, name: agents.name }).from(agents).where(eq(agents.partnerId, partnerId)),
    db
      .selectDistinct({ id: partnerAuditLog.memberId, name: partnerAuditLog.memberName })
      .from(partnerAuditLog)
      .where(eq(partnerAuditLog.partnerId, partnerId))
      .orderBy(asc(partnerAuditLog.memberId)),
  ]);
  const byId = new Map(authors.map((a) => [a.id, a.name]));
  for (const member of team) byId.set(member.id, member.name);
  return [...byId]
    .map(([id, name]) => ({ id, name }))
    .sort((a, b) => a.name.localeCompare(b.name) || (a.id < b.id ? -1 : 1));
};
