import {
  adTabs,
  META_ADS_PAGE_SIZE,
  type MetaAdCountsResponse,
  type MetaAdListRequest,
  type MetaAdsCountsRequest,
} from '@pc/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useUrlState } from '../../ui/useUrlState';
import { fetchAdCounts, fetchAdPage, metaAdsKeys, reportPageSize } from './api';
import { AdsFilterDialog } from './AdsFilterDialog';
import { AdsTable } from './AdsTable';
import { CountTabs } from './CountTabs';
import { useFetchFailureAlert, useReportDownload } from './hooks';
import { AdsUrl, filterObjOf, noAdsFilter } from './listState';
import { adsCsv, metaAdsReportName } from './report';
import { metaAdsAreaTexts as t } from './texts';
import { Toolbar } from './Toolbar';

type Tab = (typeof adTabs)[number];

const countsByTab = (c: MetaAdCountsResponse[number]): Record<Tab, number> => ({
  All: c.all,
  Live: c.liveCount,
  Paused: c.pausedCount,
  Stopped: c.stoppedCount,
  Others: c.othersCount,
});

/** /meta-ads/ads: the partner's ads by status, with the Filter dialog's date ranges (doc 3 section 2). */
export const AdsTab = () => {
  const [url, setUrl] = useUrlState(AdsUrl);
  const [filterOpen, setFilterOpen] = useState(false);
  const search = url.q.trim();
  const page = url.page - 1;
  const values = { startFrom: url.startFrom, startTo: url.startTo, stopFrom: url.stopFrom, stopTo: url.stopTo };
  const filterObj = filterObjOf(values);
  const countsBody: MetaAdsCountsRequest = { search, filterObj };
  const body: MetaAdListRequest = {
    skip: page * META_ADS_PAGE_SIZE,
    rowsPerPage: META_ADS_PAGE_SIZE,
    tab: url.tab,
    search,
    filterObj,
  };
  const counts = useQuery({
    queryKey: metaAdsKeys.adCounts(countsBody),
    queryFn: () => fetchAdCounts(countsBody),
    select: countsByTab,
    staleTime: 60_000,
  });
  const rows = useQuery({
    queryKey: metaAdsKeys.adPage(body),
    queryFn: () => fetchAdPage(body),
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
          ? rows.data.metaAdsCount
          : (await fetchAdPage({ ...all, rowsPerPage: 1 })).metaAdsCount;
      const { logs } = await fetchAdPage({ ...all, rowsPerPage: reportPageSize(count) });
      return { csv: adsCsv(logs), fileName: metaAdsReportName('Ads', { tab: url.tab, search, filter: filterObj }) };
    });

  return (
    <>
      <Toolbar
        search={{ label: t.searchAds, value: search, onSearch: (q) => setUrl({ q, page: 1 }) }}
        filter={{ active: filterObj !== null, onOpen: () => setFilterOpen(true) }}
        downloading={report.busy}
        onDownload={download}
      />
      <CountTabs
        label={t.adStatus}
        tabs={adTabs}
        value={url.tab}
        counts={counts.data}
        failed={counts.isError}
        // A tab starts afresh: first page, no search, no filter (doc 3 section 2).
        onChange={(tab) => setUrl({ tab, q: '', ...noAdsFilter, page: 1 })}
      />
      <AdsTable
        rows={rows.data?.logs}
        total={rows.data?.metaAdsCount ?? 0}
        page={page}
        query={rows}
        onPage={(next) => setUrl({ page: next + 1 })}
      />
      <AdsFilterDialog
        open={filterOpen}
        initial={values}
        onClose={() => setFilterOpen(false)}
        onApply={(next) => {
          setUrl({ ...next, page: 1 });
          setFilterOpen(false);
        }}
      />
    </>
  );
};
