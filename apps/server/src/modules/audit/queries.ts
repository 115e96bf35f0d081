import { and, asc, count, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { unionAll, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../platform/db/open.js';
import { adminAuditLog, partnerAuditLog, partners, platformAdmins } from '../../platform/db/schema.js';

export type AuditFilter = {
  /** Whose actions: the super-admins', the partners' teams' (their activity logs), or both. */
  actor?: 'admin' | 'member';
  action?: string;
  partnerId?: string;
  adminId?: string;
  from?: Date;
  toBefore?: Date;
};

/**
 * The filters as one condition on the super-admins' log. With a partner or an action the
 * (partner_id, created_at) or (action, created_at) index serves the page; otherwise (created_at, id) does.
 */
const adminConditions = (f: AuditFilter): SQL | undefined =>
  and(
    f.partnerId ? eq(adminAuditLog.partnerId, f.partnerId) : undefined,
    f.action ? eq(adminAuditLog.action, f.action) : undefined,
    f.adminId ? eq(adminAuditLog.adminId, f.adminId) : undefined,
    f.from ? gte(adminAuditLog.createdAt, f.from) : undefined,
    f.toBefore ? lt(adminAuditLog.createdAt, f.toBefore) : undefined,
  );

/** The same on the partners' activity logs (no admin there: an admin filter leaves them out). */
const memberConditions = (f: AuditFilter): SQL | undefined =>
  and(
    f.partnerId ? eq(partnerAuditLog.partnerId, f.partnerId) : undefined,
    f.action ? eq(partnerAuditLog.action, f.action) : undefined,
    f.from ? gte(partnerAuditLog.createdAt, f.from) : undefined,
    f.toBefore ? lt(partnerAuditLog.createdAt, f.toBefore) : undefined,
  );

const withAdmins = (f: AuditFilter) => f.actor !== 'member';
const withMembers = (f: AuditFilter) => f.actor !== 'admin' && !f.adminId;

/** One log's rows under the same names and types, so that the two logs can be merged. */
const asRow = (
  table: typeof adminAuditLog | typeof partnerAuditLog,
  actorKind: 'admin' | 'member',
  actorId: AnyPgColumn,
  actorName: AnyPgColumn,
) => ({
  id: sql<string>`${table.id}`.as('id'),
  actorKind: sql<'admin' | 'member'>`${actorKind}`.as('actor_kind'),
  actorId: sql<string>`${actorId}`.as('actor_id'),
  actorName: sql<string>`${actorName}`.as('actor_name'),
  action: sql<string>`${table.action}`.as('action'),
  targetKind: sql<string>`${table.targetKind}`.as('target_kind'),
  targetId: sql<string>`${table.targetId}`.as('target_id'),
  partnerId: sql<string | null>`${table.partnerId}`.as('partner_id'),
  before: sql<Record<string, unknown> | null>`${table.before}`.as('before'),
  after: sql<Record<string, unknown> | null>`${table.after}`.as('after'),
  createdAt: sql<string>`${table.createdAt}`.mapWith(adminAuditLog.createdAt).as('created_at'),
});

const adminRows = (db: DbOrTx, f: AuditFilter, limit: number) =>
  db
    .select(asRow(adminAuditLog, 'admin', adminAuditLog.adminId, adminAuditLog.adminName))
    .from(adminAuditLog)
    .where(adminConditions(f))
    .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
    .limit(limit);

const memberRows = (db: DbOrTx, f: AuditFilter, limit: number) =>
  db
    .select(asRow(partnerAuditLog, 'member', partnerAuditLog.memberId, partnerAuditLog.memberName))
    .from(partnerAuditLog)
    .where(memberConditions(f))
    .orderBy(desc(partnerAuditLog.createdAt), desc(partnerAuditLog.id))
    .limit(limit);

export type AuditRow = Awaited<ReturnType<typeof adminRows>>[number];

type Side = ReturnType<typeof adminRows>;

/** The page of one side, or of the two merged (same names and types: drizzle's types only see two tables). */
const pageOf = async (sides: Side[], skip: number, limit: number): Promise<AuditRow[]> => {
  if (sides.length === 1) return (await sides[0]!).slice(skip, skip + limit);
  if (sides.length === 0) return [];
  const merged = unionAll(sides[0] as never, sides[1] as never)
    .orderBy(sql`created_at desc`, sql`id desc`)
    .limit(limit)
    .offset(skip);
  return (await merged) as AuditRow[];
};

/**
 * One page of both logs, newest first (rows of one transaction share created_at: the id breaks the
 * tie). Each side gives at most skip + limit rows in its own index order, then the two are merged:
 * the page never sorts either log whole.
 */
export const auditPage = async (db: DbOrTx, f: AuditFilter, skip: number, limit: number) => {
  const upTo = skip + limit;
  const sides = [
    withAdmins(f) ? adminRows(db, f, upTo) : null,
    withMembers(f) ? (memberRows(db, f, upTo) as unknown as Side) : null,
  ].filter((side) => side !== null);
  const rows = await pageOf(sides, skip, limit);
  const partnerIds = [...new Set(rows.flatMap((r) => (r.partnerId ? [r.partnerId] : [])))];
  const names = partnerIds.length
    ? await db.select({ id: partners.id, name: partners.name }).from(partners).where(inArray(partners.id, partnerIds))
    : [];
  const nameOf = new Map(names.map((p) => [p.id, p.name]));
  return rows.map((entry) => ({ entry, partnerName: entry.partnerId ? (nameOf.get(entry.partnerId) ?? null) : null }));
};

export const auditCount = async (db: DbOrTx, f: AuditFilter) => {
  const [admins, members] = await Promise.all([
    withAdmins(f) ? db.select({ n: count() }).from(adminAuditLog).where(adminConditions(f)) : [{ n: 0 }],
    withMembers(f) ? db.select({ n: count() }).from(partnerAuditLog).where(memberConditions(f)) : [{ n: 0 }],
  ]);
  return Number(admins[0]?.n ?? 0) + Number(members[0]?.n ?? 0);
};

export const listPlatformAdmins = (db: DbOrTx) =>
  db
    .select({ id: platformAdmins.id, name: platformAdmins.name })
    .from(platformAdmins)
    .orderBy(asc(platformAdmins.name), asc(platformAdmins.id));
