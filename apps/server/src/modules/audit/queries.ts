import { and, asc, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/open.js';
import { adminAuditLog, partners, platformAdmins } from '../../platform/db/schema.js';

export type AuditFilter = {
  action?: string;
  partnerId?: string;
  adminId?: string;
  from?: Date;
  toBefore?: Date;
};

/**
 * The filters as one condition. With a partner or an action the (partner_id, created_at) or
 * (action, created_at) index serves the page; otherwise (created_at, id) does.
 */
const conditions = (f: AuditFilter): SQL | undefined =>
  and(
    f.partnerId ? eq(adminAuditLog.partnerId, f.partnerId) : undefined,
    f.action ? eq(adminAuditLog.action, f.action) : undefined,
    f.adminId ? eq(adminAuditLog.adminId, f.adminId) : undefined,
    f.from ? gte(adminAuditLog.createdAt, f.from) : undefined,
    f.toBefore ? lt(adminAuditLog.createdAt, f.toBefore) : undefined,
  );

/** One page, newest first (rows of one transaction share created_at: the id breaks the tie). */
export const auditPage = (db: DbOrTx, f: AuditFilter, skip: number, limit: number) =>
  db
    .select({ entry: adminAuditLog, partnerName: partners.name })
    .from(adminAuditLog)
    .leftJoin(partners, eq(partners.id, adminAuditLog.partnerId))
    .where(conditions(f))
    .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
    .limit(limit)
    .offset(skip);

export const auditCount = async (db: DbOrTx, f: AuditFilter) =>
  Number((await db.select({ n: count() }).from(adminAuditLog).where(conditions(f)))[0]?.n ?? 0);

export const listPlatformAdmins = (db: DbOrTx) =>
  db
    .select({ id: platformAdmins.id, name: platformAdmins.name })
    .from(platformAdmins)
    .orderBy(asc(platformAdmins.name), asc(platformAdmins.id));
