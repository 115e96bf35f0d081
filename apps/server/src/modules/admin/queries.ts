import { asc, count, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/open.js';
import { partnerBalances, partners, projects } from '../../platform/db/schema.js';

/** A name search as a LIKE pattern: its own % and _ are literal. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const nameHas = (search: string | undefined) => (search ? ilike(partners.name, contains(search)) : undefined);

const columns = {
  id: partners.id,
  name: partners.name,
  brandName: partners.brandName,
  type: partners.type,
  currency: partners.currency,
  customDomain: partners.customDomain,
  centralBalance: partnerBalances.centralBalance,
  minAllowedBalance: partners.minAllowedBalance,
  partnershipFee: partners.partnershipFee,
  partnershipRenewalOn: partners.partnershipRenewalOn,
  maxAgents: partners.maxAgents,
  maxRoles: partners.maxRoles,
  agentSize: partners.agentSize,
  flags: partners.flags,
  createdAt: partners.createdAt,
};
const selectPartners = (db: DbOrTx) =>
  db.select(columns).from(partners).innerJoin(partnerBalances, eq(partnerBalances.partnerId, partners.id));
type PartnerColumns = Awaited<ReturnType<typeof selectPartners>>[number];
export type AdminPartnerRow = PartnerColumns & { projectCount: number };

/**
 * The rows with their projects counted, for these partners only (the (partner_id, created_at, id)
 * index of projects), in a second statement: a distributed database (docs/scaling.md) refuses a
 * subquery correlated to partners, a reference table, and a join would count every partner's.
 */
const withProjectCounts = async (db: DbOrTx, rows: PartnerColumns[]): Promise<AdminPartnerRow[]> => {
  if (rows.length === 0) return [];
  const counts = await db
    .select({ partnerId: projects.partnerId, n: count() })
    .from(projects)
    .where(
      inArray(
        projects.partnerId,
        rows.map((row) => row.id),
      ),
    )
    .groupBy(projects.partnerId);
  const countOf = new Map(counts.map((c) => [c.partnerId, Number(c.n)]));
  return rows.map((row) => ({ ...row, projectCount: countOf.get(row.id) ?? 0 }));
};

/** One page of partners by name (then id, for a stable order), optionally those whose name holds `search`. */
export const partnerPage = async (
  db: DbOrTx,
  search: string | undefined,
  skip: number,
  limit: number,
): Promise<AdminPartnerRow[]> =>
  withProjectCounts(
    db,
    await selectPartners(db)
      .where(nameHas(search))
      .orderBy(asc(sql`lower(${partners.name})`), asc(partners.id))
      .limit(limit)
      .offset(skip),
  );

export const partnerCount = async (db: DbOrTx, search: string | undefined) =>
  Number((await db.select({ n: count() }).from(partners).where(nameHas(search)))[0]?.n ?? 0);

export const findAdminPartner = async (db: DbOrTx, id: string): Promise<AdminPartnerRow | undefined> =>
  (await withProjectCounts(db, await selectPartners(db).where(eq(partners.id, id))))[0];

/** The partner's flags, its row locked for the rest of the transaction (a flag change reads them, then writes). */
export const lockedFlags = async (db: DbOrTx, id: string) =>
  (await db.select({ flags: partners.flags }).from(partners).where(eq(partners.id, id)).for('update'))[0]?.flags;
