import { z } from 'zod';
import { SortOrder } from './business-calls.js';
import { UrlDay } from './day-range.js';
import { marginGroups } from './margin-calls.js';
import { KycFilter, MonthlyPlanFilter, ProjectTabFilter, YearlyPlanFilter } from './project-list-calls.js';

/**
 * What each list keeps in the page's URL (ARCHITECTURE rule 11): its tab, search, filters, sort and
 * page, so a reload, Back, a bookmark or a shared link shows the list as it was. Every field falls
 * back to its default when the URL has no value or one that is not allowed (a hand-edited or old
 * link), so parsing never fails; a value equal to its default is left out of the URL.
 */

/** A search text as typed (trimmed by the list). */
const text = z.string().max(200).catch('');
/** A calendar day YYYY-MM-DD in the user's calendar; empty when not picked. */
const day = UrlDay;
/** Pages are counted from 1 in the URL, as people count them. */
const page = z.coerce.number().int().min(1).max(100_000).catch(1);
const sort = SortOrder.catch('dec');
/** A neighbouring row's id, by which a deep page opens (keyset paging); empty when not known. */
const cursor = z
  .string()
  .regex(/^[\w-]{1,64}$/)
  .catch('');

/** The Projects list (doc 1 section 4). */
export const ProjectListUrl = z.object({
  tab: ProjectTabFilter.catch('All'),
  q: text,
  from: day,
  to: day,
  planFrom: day,
  planTo: day,
  kyc: KycFilter.catch('ALL'),
  monthly: MonthlyPlanFilter.catch('ALL'),
  yearly: YearlyPlanFilter.catch('ALL'),
  sort,
  page,
  /** The last project of the page before (going forward) or the first of the page after (going back). */
  after: cursor,
  before: cursor,
});
export type ProjectListUrl = z.infer<typeof ProjectListUrl>;

/** The Businesses list (doc 1 section 3). */
export const BusinessListUrl = z.object({
  tab: z.enum(['All', 'Archived']).catch('All'),
  q: text,
  from: day,
  to: day,
  sort,
  page,
});
export type BusinessListUrl = z.infer<typeof BusinessListUrl>;

/** The billing logs, the partner's or one project's (doc 1 section 5). */
export const BillingListUrl = z.object({ from: day, to: day, sort, page });
export type BillingListUrl = z.infer<typeof BillingListUrl>;

/** A business's projects: the search (doc 1 section 3). */
export const BusinessProjectsUrl = z.object({ q: text });

/** Analytics: a preset or a picked range, and the country (doc 3 section 2). */
export const AnalyticsUrl = z.object({
  preset: z.enum(['today', 'yesterday', 'last7', 'last30', 'custom']).catch('last7'),
  from: day,
  to: day,
  country: z.string().max(60).catch(''),
});
export type AnalyticsUrl = z.infer<typeof AnalyticsUrl>;

/** Margins: a month, the last 30 days or a picked range, and the grouping. */
export const MarginUrl = z.object({
  preset: z.enum(['thisMonth', 'lastMonth', 'last30', 'custom']).catch('thisMonth'),
  from: day,
  to: day,
  groupBy: z.enum(marginGroups).catch('business'),
});
export type MarginUrl = z.infer<typeof MarginUrl>;

/** The Wallet's project credits: the page, and only those below their warning level. */
export const WalletUrl = z.object({ page, crossed: z.enum(['true', 'false']).catch('false') });
export type WalletUrl = z.infer<typeof WalletUrl>;

/** A page's open tab, by its label (project detail). */
export const TabUrl = z.object({ tab: z.string().max(60).catch('') });
