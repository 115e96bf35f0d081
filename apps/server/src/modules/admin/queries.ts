import { asc, count, eq, ilike, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/open.js';
import { partners, projects } from '../../platform/db/schema.js';

/** A name search as a LIKE pattern: its own % and _ are literal. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const nameHas = (search: string | undefined) => (search ? ilike(partners.name, contains(search)) : undefined);

// Counted per row of the page only, on the (partner_id, created_at, id) index of projects.
// Qualified by hand: drizzle leaves a one-table select's columns unqualified, and "id" would be the project's.
const projectCount = sql<number>`(select count(*)::int from ${projects} where ${projects}.partner_id = ${partners}.id)`;

const columns = {
  id: partners.id,
  name: partners.name,
  brandName: partners.brandName,
  type: partners.type,
  currency: partners.currency,
  customDomain: partners.customDomain,
  centralBalance: partners.centralBalance,
  minAllowedBalance: partners.minAllowedBalance,
  partnershipFee: partners.partnershipFee,
  partnershipRenewalOn: partners.partnershipRenewalOn,
  maxAgents: partners.maxAgents,
  maxRoles: partners.maxRoles,
  agentSize: partners.agentSize,
  flags: partners.flags,
  createdAt: partners.createdAt,
  projectCount,
};

/** One page of partners by name (then id, for a stable order), optionally those whose name holds `search`. */
export const partnerPage = (db: DbOrTx, search: string | undefined, skip: number, limit: number) =>
  db
    .select(columns)
    .from(partners)
    .where(nameHas(search))
    .orderBy(asc(sql`lower(${partners.name})`), asc(partners.id))
    .limit(limit)
    .offset(skip);
export type AdminPartnerRow = Awaited<ReturnType<typeof partnerPage>>[number];

export const partnerCount = async (db: DbOrTx, search: string | undefined) =>
  Number((await db.select({ n: count() }).from(partners).where(nameHas(search)))[0]?.n ?? 0);

export const findAdminPartner = async (db: DbOrTx, id: string): Promise<AdminPartnerRow | undefined> =>
  (await db.select(columns).from(partners).where(eq(partners.id, id)))[0];

/** The partner's flags, its row locked for the rest of the transaction (a flag change reads them, then writes). */
export const lockedFlags = async (db: DbOrTx, id: string) =>
  (await db.select({ flags: partners.flags }).from(partners).where(eq(partners.id, id)).for('update'))[0]?.flags;
