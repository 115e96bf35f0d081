import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { projectStatuses, type ProjectStatusCounts, type SuperadminProjectListQuery } from '@pc/contract';
import type { DbOrTx } from '../../platform/db/open.js';
import { nameMatches, searchWords } from '../../platform/db/name-search.js';
import { businesses, partners, projects } from '../../platform/db/schema.js';

const p = projects;

/**
 * The platform's own read across partners (the super-admin's project list). Every condition is on
 * the projects' columns, so the same conditions read the counter table project_tab_counts (aliased
 * "projects", migration 0002) when there is no search: counts there are sums of a few rows.
 */

/** Digits typed (spaces, dashes and a leading '+' aside) are also looked for in the WhatsApp number. */
const digitsOf = (text: string): string | null => {
  const digits = text.replace(/[\s-]/g, '').replace(/^\+/, '');
  return /^\d{3,15}$/.test(digits) ? digits : null;
};

/** The search resolved: the name's words (platform/db/name-search.ts) and the number's digits. */
export type ProjectSearch = { words: string[]; digits: string | null } | null;

export const searchOf = async (db: DbOrTx, search: string | undefined): Promise<ProjectSearch> => {
  const text = search?.trim();
  if (!text) return null;
  return { words: await searchWords(db, text), digits: digitsOf(text) };
};

/**
 * The name's words through the GIN index of word prefixes; with digits, the name or the number,
 * the digits anywhere in it through the number's trigram index (migration 0021): each side by
 * its index, the two sets of rows joined (a BitmapOr).
 */
export const searchCondition = (search: ProjectSearch): SQL | undefined => {
  if (!search) return undefined;
  if (!search.digits) return nameMatches(p.name, search.words);
  return sql`(${p.whatsappNumber} like ${`%${search.digits}%`} or ${nameMatches(p.name, search.words)})`;
};

/** The filters but the status: the status counts share them. */
export const scopeConditions = (q: Pick<SuperadminProjectListQuery, 'partnerId'>, search: ProjectSearch): SQL[] => {
  const out: SQL[] = [];
  if (q.partnerId) out.push(eq(p.partnerId, q.partnerId));
  const condition = searchCondition(search);
  if (condition) out.push(condition);
  return out;
};

export const listConditions = (q: SuperadminProjectListQuery, search: ProjectSearch): SQL[] => [
  ...scopeConditions(q, search),
  ...(q.status ? [eq(p.status, q.status)] : []),
];

const rowColumns = {
  id: p.id,
  name: p.name,
  partnerId: p.partnerId,
  partnerName: partners.name,
  businessId: p.businessId,
  businessName: businesses.displayName,
  whatsappNumber: p.whatsappNumber,
  fbBusinessId: p.fbBusinessId,
  wabaNumberId: p.wabaNumberId,
  whatsAppDisplayName: p.whatsAppDisplayName,
  channelActivatedOn: p.channelActivatedOn,
  planActivatedOn: p.planActivatedOn,
  planRenewalOn: p.planRenewalOn,
  planStoppedOn: p.planStoppedOn,
  disabledOn: p.disabledOn,
  fbManagerVerified: p.fbManagerVerified,
  displayNameStatus: p.displayNameStatus,
  qualityRating: p.qualityRating,
  macQuota: p.macQuota,
  macUsage: p.macUsage,
  templateCredit: p.templateCredit,
  currency: p.currency,
  createdAt: p.createdAt,
  messagingLimit: p.messagingLimit,
  status: p.status,
  partnerArchived: p.partnerArchived,
  activePlan: p.activePlan,
};
export type ListRow = Awaited<ReturnType<typeof listPage>>[number];

/**
 * One page, newest first. The page's ids are found on the projects table alone, walking
 * projects_created_idx (or projects_status_created_idx, or the partner's created index) in order,
 * and only those rows are joined to their partner and business. Each join names the partner too, so
 * that on a distributed database (docs/scaling.md) a project meets its business on its own node.
 */
export const listPage = async (db: DbOrTx, where: SQL[], skip: number, limit: number) => {
  const page = db
    .select({ id: p.id, partnerId: p.partnerId, createdAt: p.createdAt })
    .from(p)
    .where(and(...where))
    .orderBy(desc(p.createdAt), desc(p.id))
    .limit(limit)
    .offset(skip)
    .as('page');
  return db
    .select(rowColumns)
    .from(page)
    .innerJoin(p, and(eq(p.id, page.id), eq(p.partnerId, page.partnerId)))
    .innerJoin(partners, eq(partners.id, p.partnerId))
    .innerJoin(businesses, and(eq(businesses.id, p.businessId), eq(businesses.partnerId, p.partnerId)))
    .orderBy(desc(page.createdAt), desc(page.id));
};

const counters = sql`project_tab_counts as ${p}`;

/** The rows' total: from the counter table without a search, else counted on the projects. */
export const totalOf = async (db: DbOrTx, where: SQL[], searched: boolean): Promise<number> => {
  if (!searched)
    return (
      (
        await db
          .select({ n: sql<number>`coalesce(sum(n), 0)::int` })
          .from(counters)
          .where(and(...where))
      )[0]?.n ?? 0
    );
  return (
    (
      await db
        .select({ n: count() })
        .from(p)
        .where(and(...where))
    )[0]?.n ?? 0
  );
};

/** Each status's count under the partner and search, in one aggregate. */
export const statusCountsOf = async (db: DbOrTx, where: SQL[], searched: boolean): Promise<ProjectStatusCounts> => {
  const measure = searched ? sql`1` : sql`n`;
  const columns = Object.fromEntries(
    projectStatuses.map((s) => [s, sql<number>`coalesce(sum(${measure}) filter (where ${p.status} = ${s}), 0)::int`]),
  ) as Record<keyof ProjectStatusCounts, SQL<number>>;
  const [row] = searched
    ? await db
        .select(columns)
        .from(p)
        .where(and(...where))
    : await db
        .select(columns)
        .from(counters)
        .where(and(...where));
  return row as ProjectStatusCounts;
};
