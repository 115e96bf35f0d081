import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PROJECT_LIST_MAX_SKIP,
  PROJECTS_PAGE_SIZE,
  type KycFilter,
  ProjectListUrl,
  type ProjectCountsRequest,
  type ProjectListResponse,
  type ProjectListSort,
  type ProjectTabFilter,
} from '@pc/contract';
import { useMemo } from 'react';
import { localDayBounds } from '../../ui/localDay';
import { useUrlState } from '../../ui/useUrlState';
import { fetchProjectCounts, fetchProjectPage } from './api';
import { projectListKeys } from './keys';

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

export const emptyFilter: ProjectFilterValues = {
  fromDate: '',
  toDate: '',
  fromPlanActivatedDate: '',
  toPlanActivatedDate: '',
  kycFilter: 'ALL',
  monthlyPlan: 'ALL',
  yearlyPlan: 'ALL',
  sort: 'dec',
};

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

const valuesOf = (url: ProjectListUrl): ProjectFilterValues => ({
  fromDate: url.from,
  toDate: url.to,
  fromPlanActivatedDate: url.planFrom,
  toPlanActivatedDate: url.planTo,
  kycFilter: url.kyc,
  monthlyPlan: url.monthly,
  yearlyPlan: url.yearly,
  sort: url.sort,
});

const urlOf = (values: ProjectFilterValues): Partial<ProjectListUrl> => ({
  from: values.fromDate,
  to: values.toDate,
  planFrom: values.fromPlanActivatedDate,
  planTo: values.toPlanActivatedDate,
  kyc: values.kycFilter,
  monthly: values.monthlyPlan,
  yearly: values.yearlyPlan,
  sort: values.sort,
});

/**
 * The list's state, kept in the URL: tab, search, filter and page. Switching tab clears the monthly
 * and yearly plan filters unless the tab is theirs (spec doc 1 section 4); a filter change goes back
 * to the first page. A tab the partner does not have reads as All.
 */
export const useProjectList = (referralId: string | null, tabs: ProjectTabFilter[]) => {
  const [url, setUrl] = useUrlState(ProjectListUrl);
  const tab = tabs.includes(url.tab) ? url.tab : 'All';
  const search = url.q.trim();
  const values = useMemo(() => valuesOf(url), [url]);
  // A page opens from its neighbour's project held in the URL (a reload or a shared link costs what
  // the first page does); past the server's bound a page without one is the first page.
  const cursor = url.page > 1 ? { after: url.after || undefined, before: url.before || undefined } : {};
  const tooDeep = !cursor.after && !cursor.before && (url.page - 1) * PROJECTS_PAGE_SIZE > PROJECT_LIST_MAX_SKIP;
  const page = tooDeep ? 0 : url.page - 1;

  const shared = useMemo(() => filterBody(values, search), [values, search]);
  const listBody = { ...shared, filter: tab, skip: page * PROJECTS_PAGE_SIZE, rowsPerPage: PROJECTS_PAGE_SIZE };
  const queryClient = useQueryClient();
  /**
   * The last project of the page before, when it is held: the server then starts the page right
   * after it (keyset paging, as fast deep in a long list as on its first page); without it, skip.
   */
  const afterOf = () => {
    if (page === 0) return undefined;
    const before = { ...listBody, skip: (page - 1) * PROJECTS_PAGE_SIZE };
    const held = queryClient.getQueryData<ProjectListResponse>(projectListKeys.page(referralId, values.sort, before));
    return held?.projects.length === PROJECTS_PAGE_SIZE ? held.projects[PROJECTS_PAGE_SIZE - 1]!._id : undefined;
  };
  const rows = useQuery({
    queryKey: projectListKeys.page(referralId, values.sort, listBody),
    queryFn: () =>
      fetchProjectPage(referralId, values.sort, {
        ...listBody,
        ...(cursor.after || cursor.before ? cursor : { after: afterOf() }),
      }),
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
  const counts = useQuery({
    queryKey: projectListKeys.counts(referralId, shared),
    queryFn: () => fetchProjectCounts(referralId, shared),
    staleTime: 5 * 60_000,
  });

  const firstPage = { page: 1, after: '', before: '' };
  const setTab = (next: ProjectTabFilter) =>
    setUrl({
      tab: next,
      monthly: next === 'Monthly Plan' ? url.monthly : 'ALL',
      yearly: next === 'Yearly Plan' ? url.yearly : 'ALL',
      ...firstPage,
    });
  const setSearch = (text: string) => setUrl({ q: text.trim(), ...firstPage });
  /** The next or previous page keeps the row it opens from, read off the page shown. */
  const setPage = (next: number) => {
    const shown = rows.isPlaceholderData ? [] : (rows.data?.projects ?? []);
    if (next === 0) setUrl(firstPage);
    else if (next === page + 1 && shown.length > 0) setUrl({ page: next + 1, after: shown.at(-1)!._id, before: '' });
    else if (next === page - 1 && shown.length > 0) setUrl({ page: next + 1, after: '', before: shown[0]!._id });
    else setUrl({ page: next + 1, after: '', before: '' });
  };
  /**
   * Applying the dialog: a monthly (or yearly) plan picks its tab where the partner has it;
   * ALL removes that filter and the tab's own filter holds again.
   */
  const apply = (next: ProjectFilterValues) => {
    let nextTab = tab;
    if (next.monthlyPlan !== 'ALL' && tabs.includes('Monthly Plan')) nextTab = 'Monthly Plan';
    else if (next.yearlyPlan !== 'ALL' && tabs.includes('Yearly Plan')) nextTab = 'Yearly Plan';
    const clean = { ...next };
    if (nextTab === 'Monthly Plan') clean.yearlyPlan = 'ALL';
    if (nextTab === 'Yearly Plan') clean.monthlyPlan = 'ALL';
    setUrl({ ...urlOf(clean), tab: nextTab, ...firstPage });
  };

  return { tab, setTab, search, setSearch, values, apply, page, setPage, shared, rows, counts };
};
