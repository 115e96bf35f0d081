import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PROJECT_LIST_MAX_SKIP,
  PROJECTS_PAGE_SIZE,
  ProjectListUrl,
  type ProjectListResponse,
  type ProjectTabFilter,
} from '@pc/contract';
import { useMemo } from 'react';
import { useUrlState } from '../../ui/useUrlState';
import { fetchProjectCounts, fetchProjectPage } from './api';
import { projectListKeys } from './keys';
import { filterBody, filterValuesOf, LIST_STALE_MS, pageRequest, type ProjectFilterValues } from './listRequests';

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
  const values = useMemo(() => filterValuesOf(url), [url]);
  // A page opens from its neighbour's project held in the URL (a reload or a shared link costs what
  // the first page does); past the server's bound a page without one is the first page.
  const cursor = url.page > 1 ? { after: url.after || undefined, before: url.before || undefined } : {};
  const tooDeep = !cursor.after && !cursor.before && (url.page - 1) * PROJECTS_PAGE_SIZE > PROJECT_LIST_MAX_SKIP;
  const page = tooDeep ? 0 : url.page - 1;

  const shared = useMemo(() => filterBody(values, search), [values, search]);
  const listBody = pageRequest(shared, tab, page);
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
    staleTime: LIST_STALE_MS,
  });
  const counts = useQuery({
    queryKey: projectListKeys.counts(referralId, shared),
    queryFn: () => fetchProjectCounts(referralId, shared),
    staleTime: LIST_STALE_MS,
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
