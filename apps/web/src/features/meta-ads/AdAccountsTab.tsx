import {
  META_ADS_PAGE_SIZE,
  projectTabs,
  type MetaAdAccountCounts,
  type MetaAdAccountListRequest,
  type MetaAdsCountsRequest,
} from '@pc/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useUrlState } from '../../ui/useUrlState';
import { fetchAdAccountCounts, fetchAdAccountPage, metaAdsKeys, reportPageSize } from './api';
import { AdAccountsTable } from './AdAccountsTable';
import { CountTabs } from './CountTabs';
import { useFetchFailureAlert, useReportDownload } from './hooks';
import { AdAccountsUrl } from './listState';
import { adAccountsCsv, metaAdsReportName } from './report';
import { metaAdsAreaTexts as t } from './texts';
import { Toolbar } from './Toolbar';

type Tab = (typeof projectTabs)[number];

const countsByTab = (c: MetaAdAccountCounts): Record<Tab, number> => ({
  All: c.allCount,
  'FB not connected': c.fbNotConnectedCount,
  'Page not selected': c.pageNotSelectedCount,
  'WA Number not linked': c.waNumberNotLinkedCount,
  Connected: c.completedCount,
});

/** /meta-ads/project: the projects with the Meta Ads add-on by connection stage (doc 3 section 2). */
export const AdAccountsTab = () => {
  const [url, setUrl] = useUrlState(AdAccountsUrl);
  const search = url.q.trim();
  const page = url.page - 1;
  const countsBody: MetaAdsCountsRequest = { search };
  const body: MetaAdAccountListRequest = {
    skip: page * META_ADS_PAGE_SIZE,
    rowsPerPage: META_ADS_PAGE_SIZE,
    tab: url.tab,
    search,
    filterObj: null,
  };
  const counts = useQuery({
    queryKey: metaAdsKeys.accountCounts(countsBody),
    queryFn: () => fetchAdAccountCounts(countsBody),
    select: countsByTab,
    staleTime: 60_000,
  });
  const rows = useQuery({
    queryKey: metaAdsKeys.accountPage(body),
    queryFn: () => fetchAdAccountPage(body),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
  useFetchFailureAlert(rows, counts);
  const report = useReportDownload();

  const download = () =>
    report.download(async () => {
      const all = { ...body, skip: 0 };
      const count =
        rows.data && !rows.isPlaceholderData
          ? rows.data.totalCount
          : (await fetchAdAccountPage({ ...all, rowsPerPage: 1 })).totalCount;
      const { logs } = await fetchAdAccountPage({ ...all, rowsPerPage: reportPageSize(count) });
      return { csv: adAccountsCsv(logs), fileName: metaAdsReportName('AdAccounts', { tab: url.tab, search }) };
    });

  return (
    <>
      <Toolbar
        search={{ label: t.searchProjects, value: search, onSearch: (q) => setUrl({ q, page: 1 }) }}
        downloading={report.busy}
        onDownload={download}
      />
      <CountTabs
        label={t.projectStatus}
        tabs={projectTabs}
        value={url.tab}
        counts={counts.data}
        failed={counts.isError}
        // A tab starts afresh: first page, no search (doc 3 section 2).
        onChange={(tab) => setUrl({ tab, q: '', page: 1 })}
      />
      <AdAccountsTable
        rows={rows.data?.logs}
        total={rows.data?.totalCount ?? 0}
        page={page}
        query={rows}
        onPage={(next) => setUrl({ page: next + 1 })}
      />
    </>
  );
};
