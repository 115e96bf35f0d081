import {
  PROJECTS_PAGE_SIZE,
  type KycFilter,
  type ProjectCountsRequest,
  type ProjectListRequest,
  type ProjectListSort,
  type ProjectListUrl,
  type ProjectTabFilter,
} from '@pc/contract';
import { localDayBounds } from '../../ui/localDay';

/** What the filter dialog sets (dates are days, YYYY-MM-DD). */
export type ProjectFilterValues = {
  fromDate: string;
  toDate: string;
  fromPlanActivatedDate: string;
  toPlanActivatedDate: string;
  kycFilter: KycFilter;
  monthlyPlan: 'ALL' | 'BASIC_MONTHLY' | 'PRO_MONTHLY';
  yearlyPlan: 'ALL' | 'BASIC_YEARLY' | 'PRO_YEARLY';
  sort: ProjectListSort;
};

/** How long a page of rows or the counts are kept fresh (the page's queries and the route's prefetch). */
export const LIST_STALE_MS = 5 * 60_000;

/** The shared filter of rows, counts and the report; an incomplete range is left out; days are the user's. */
export const filterBody = (values: ProjectFilterValues, search: string): ProjectCountsRequest => {
  const body: ProjectCountsRequest = {};
  if (search) body.assistantName = search;
  const created = localDayBounds(values.fromDate, values.toDate);
  if (created) Object.assign(body, { fromDate: created.from, toDate: created.to });
  const planActivated = localDayBounds(values.fromPlanActivatedDate, values.toPlanActivatedDate);
  if (planActivated)
    Object.assign(body, { fromPlanActivatedDate: planActivated.from, toPlanActivatedDate: planActivated.to });
  if (values.kycFilter !== 'ALL') body.kycFilter = values.kycFilter;
  if (values.monthlyPlan !== 'ALL') body.monthlyPlan = values.monthlyPlan;
  if (values.yearlyPlan !== 'ALL') body.yearlyPlan = values.yearlyPlan;
  return body;
};

/** The filter a list URL holds. */
export const filterValuesOf = (url: ProjectListUrl): ProjectFilterValues => ({
  fromDate: url.from,
  toDate: url.to,
  fromPlanActivatedDate: url.planFrom,
  toPlanActivatedDate: url.planTo,
  kycFilter: url.kyc,
  monthlyPlan: url.monthly,
  yearlyPlan: url.yearly,
  sort: url.sort,
});

/** One page of rows of a tab under the shared filter (page 0 is the first). */
export const pageRequest = (shared: ProjectCountsRequest, tab: ProjectTabFilter, page: number): ProjectListRequest => ({
  ...shared,
  filter: tab,
  skip: page * PROJECTS_PAGE_SIZE,
  rowsPerPage: PROJECTS_PAGE_SIZE,
});
