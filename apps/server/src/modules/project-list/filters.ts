import { and, eq, gte, inArray, isNotNull, isNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { KycFilter, ProjectCountsRequest, ProjectTabFilter } from '@pc/contract';
import { manyMatch, nameMatches, searchWords } from '../../platform/db/name-search.js';
import type { DbOrTx } from '../../platform/db/open.js';
import { businesses, projects } from '../../platform/db/schema.js';

/** Who is looking: every query starts from the session's partner; a referral user sees only the businesses they brought. */
export type ListScope = { partnerId: string; referralAgentId: string | null };

const p = projects;
const notDeleted = eq(p.partnerArchived, false);

/**
 * What each tab holds (spec doc 1 sections 2 and 4). Every tab but Deleted leaves deleted
 * (partnerArchived) projects out: a deleted project is only in Deleted.
 * - All: not deleted
 * - Trial (the "Signup trial" tab): isTrial
 * - API Trial: isApiTrial
 * - Draft: not WhatsApp verified; Live: verified
 * - Monthly Plan / Yearly Plan: activePlan ends with _MONTHLY / _YEARLY
 * - KYC: the KYC applicants, bvbpProcess 1 or more (1 applied, 2 in process, 3 approved)
 * - Stopped: status stopped
 * - Deleted: partnerArchived
 */
export const tabCondition = (tab: ProjectTabFilter): SQL => {
  switch (tab) {
    case 'All':
      return notDeleted;
    case 'Trial':
      return and(notDeleted, eq(p.isTrial, true))!;
    case 'API Trial':
      return and(notDeleted, eq(p.isApiTrial, true))!;
    case 'Draft':
      return and(notDeleted, eq(p.isWhatsappVerified, false))!;
    case 'Live':
      return and(notDeleted, eq(p.isWhatsappVerified, true))!;
    case 'Monthly Plan':
      return and(notDeleted, sql`${p.activePlan} like '%\\_MONTHLY'`)!;
    case 'Yearly Plan':
      return and(notDeleted, sql`${p.activePlan} like '%\\_YEARLY'`)!;
    case 'KYC':
      return and(notDeleted, gte(p.bvbpProcess, 1))!;
    case 'Stopped':
      return and(notDeleted, eq(p.status, 'stopped'))!;
    case 'Deleted':
      return eq(p.partnerArchived, true);
  }
};

/**
 * The KYC filter values (spec doc 1 section 9) on bvbpProcess: Not Applied is 0 without a
 * remark; KYC (Applicants) is 1 or more; Applied (Under Review) is 1 or 2; Limit Increased is 3
 * (approved); Rejected is back at 0 with a rejection remark.
 */
export const kycCondition = (kyc: KycFilter): SQL | undefined => {
  switch (kyc) {
    case 'ALL':
      return undefined;
    case 'Not Applied':
      return and(eq(p.bvbpProcess, 0), isNull(p.kycRemark));
    case 'KYC':
      return gte(p.bvbpProcess, 1);
    case 'Applied':
      return inArray(p.bvbpProcess, [1, 2]);
    case 'Limit Increased':
      return eq(p.bvbpProcess, 3);
    case 'Rejected':
      return and(eq(p.bvbpProcess, 0), isNotNull(p.kycRemark));
  }
};

const DAY = 86_400_000;
/** A day (YYYY-MM-DD) covers the whole day in UTC; an instant is taken as it is. */
const fromBound = (value: string) => new Date(value.length === 10 ? `${value}T00:00:00.000Z` : value);
const toBound = (value: string): { at: Date; exclusive: boolean } =>
  value.length === 10
    ? { at: new Date(Date.parse(`${value}T00:00:00.000Z`) + DAY), exclusive: true }
    : { at: new Date(value), exclusive: false };

/**
 * Counts can come from the counter table project_tab_counts when every condition is on its columns
 * (the tabs, the plan and KYC filters); a search, a date, a business or a referral scope reads the
 * projects.
 */
export const countableFromCounters = (scope: ListScope, f: ProjectCountsRequest) =>
  !scope.referralAgentId &&
  !f.businessId &&
  !f.assistantName?.trim() &&
  !f.fromDate &&
  !f.toDate &&
  !f.fromPlanActivatedDate &&
  !f.toPlanActivatedDate;

/** The words of the name search, or null without one (text without a word matches nothing). */
export const searchOf = async (db: DbOrTx, f: ProjectCountsRequest): Promise<string[] | null> => {
  const text = f.assistantName?.trim();
  return text ? searchWords(db, text) : null;
};

/**
 * A search most of the partner's names match: its rows are found by walking the date index and
 * checking each name (no index can skip the few that do not match), so its counts stop sooner.
 */
export const isWideSearch = (db: DbOrTx, scope: ListScope, words: string[] | null, n: number) =>
  words ? manyMatch(db, p, scope.partnerId, words, n) : Promise.resolve(false);

/**
 * The ONE filter builder: the rows, the total, every tab's count and the report all take their
 * conditions from here, so a count always matches the rows its tab shows. `words` is the name
 * search's words (searchOf).
 */
export const filterConditions = (scope: ListScope, f: ProjectCountsRequest, words: string[] | null): SQL[] => {
  const out: SQL[] = [eq(p.partnerId, scope.partnerId)];
  if (scope.referralAgentId) {
    out.push(
      inArray(
        p.businessId,
        sql`(select ${businesses.id} from ${businesses} where ${businesses.partnerId} = ${scope.partnerId} and ${businesses.referralAgentId} = ${scope.referralAgentId})`,
      ),
    );
  }
  if (f.businessId) out.push(eq(p.businessId, f.businessId));
  if (words) out.push(nameMatches(p.name, words));
  if (f.fromDate) out.push(gte(p.createdAt, fromBound(f.fromDate)));
  if (f.toDate) {
    const b = toBound(f.toDate);
    out.push(b.exclusive ? lt(p.createdAt, b.at) : lte(p.createdAt, b.at));
  }
  if (f.fromPlanActivatedDate) out.push(gte(p.planActivatedOn, fromBound(f.fromPlanActivatedDate)));
  if (f.toPlanActivatedDate) {
    const b = toBound(f.toPlanActivatedDate);
    out.push(b.exclusive ? lt(p.planActivatedOn, b.at) : lte(p.planActivatedOn, b.at));
  }
  if (f.monthlyPlan && f.monthlyPlan !== 'ALL') out.push(eq(p.activePlan, f.monthlyPlan));
  if (f.yearlyPlan && f.yearlyPlan !== 'ALL') out.push(eq(p.activePlan, f.yearlyPlan));
  const kyc = f.kycFilter ? kycCondition(f.kycFilter) : undefined;
  if (kyc) out.push(kyc);
  return out;
};

/** The counts of project-counts, each a FILTER clause of one aggregate over the shared conditions. */
export const countColumns = {
  allCount: tabCondition('All'),
  liveCount: tabCondition('Live'),
  draftCount: tabCondition('Draft'),
  trialCount: tabCondition('Trial'),
  apiTrialCount: tabCondition('API Trial'),
  monthlyCount: tabCondition('Monthly Plan'),
  yearlyCount: tabCondition('Yearly Plan'),
  deletedCount: tabCondition('Deleted'),
  stoppedCount: tabCondition('Stopped'),
  kycDoneCount: tabCondition('KYC'),
  KycNotAppliedCount: and(notDeleted, kycCondition('Not Applied')),
  KycLimitIncreasedCount: and(notDeleted, kycCondition('Limit Increased')),
  KycAppliedCount: and(notDeleted, kycCondition('Applied')),
} satisfies Record<string, SQL | undefined>;
