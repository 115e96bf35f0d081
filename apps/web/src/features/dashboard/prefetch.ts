import { DayRangeUrl } from '@pc/contract';
import type { QueryClient } from '@tanstack/react-query';
import { fetchAppConfig } from '../../brand/api';
import { brandKeys } from '../../brand/keys';
import { localToday } from '../../ui/localDay';
import { readUrlState } from '../../ui/useUrlState';
import { fetchDashboardSummary, fetchDashboardUsage } from './api';
import { dashboardKeys } from './keys';
import { appliedRange } from './usageRange';

/**
 * The dashboard's calls, started on entering its route (app/router.tsx) beside the session's and the
 * page's code rather than one after another as each part renders (the summary, then the usage it
 * holds). Under the same keys as the page's queries, which find them in flight or done.
 */
export const prefetchDashboard = (queryClient: QueryClient, url: URL) => {
  void queryClient.prefetchQuery({ queryKey: dashboardKeys.summary(), queryFn: fetchDashboardSummary });
  const { fromDate, toDate } = appliedRange(readUrlState(DayRangeUrl, url.searchParams), localToday());
  void queryClient.prefetchQuery({
    queryKey: dashboardKeys.usage(fromDate, toDate),
    queryFn: () => fetchDashboardUsage(fromDate, toDate),
  });
  void queryClient.prefetchQuery({ queryKey: brandKeys.appConfig(), queryFn: fetchAppConfig, staleTime: Infinity });
};
