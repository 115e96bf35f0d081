import { ProjectListUrl } from '@pc/contract';
import type { QueryClient } from '@tanstack/react-query';
import { readUrlState } from '../../ui/useUrlState';
import { fetchProjectCounts, fetchProjectPage } from './api';
import { projectListKeys } from './keys';
import { filterBody, filterValuesOf, LIST_STALE_MS, pageRequest } from './listRequests';

/**
 * The projects list's calls, started on entering its route (app/router.tsx) beside the session's and
 * the page's code rather than once the page has rendered with the session. Under the same keys as
 * the page's queries, which find them in flight or done. A partner's own list only (a referral
 * user's is read by its id, known from the session). The rows when the URL opens the All tab's
 * first page (another tab may not be the partner's, another page is asked for from its neighbour);
 * the tabs' counts always.
 */
export const prefetchProjects = (queryClient: QueryClient, url: URL) => {
  const list = readUrlState(ProjectListUrl, url.searchParams);
  const shared = filterBody(filterValuesOf(list), list.q.trim());
  void queryClient.prefetchQuery({
    queryKey: projectListKeys.counts(null, shared),
    queryFn: () => fetchProjectCounts(null, shared),
    staleTime: LIST_STALE_MS,
  });
  if (list.tab !== 'All' || list.page !== 1) return;
  const rows = pageRequest(shared, 'All', 0);
  void queryClient.prefetchQuery({
    queryKey: projectListKeys.page(null, list.sort, rows),
    queryFn: () => fetchProjectPage(null, list.sort, rows),
    staleTime: LIST_STALE_MS,
  });
};
