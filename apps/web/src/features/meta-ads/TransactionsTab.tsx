import { META_ADS_PAGE_SIZE } from '@pc/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSession } from '../../session/session';
import { useUrlState } from '../../ui/useUrlState';
import { fetchAllTransactions, fetchTransactionPage, metaAdsKeys } from './api';
import { useFetchFailureAlert, useReportDownload } from './hooks';
import { TransactionsUrl } from './listState';
import { metaAdsReportName, transactionsCsv } from './report';
import { Toolbar } from './Toolbar';
import { TransactionsTable } from './TransactionsTable';

/**
 * /meta-ads/transactions: the Meta Ads credit top-ups, for a partner with the transactions flag
 * (doc 3 section 2; MetaAdsArea sends anyone else to the Projects tab). The billing list has no
 * search, so this tab's header has Download Report alone.
 */
export const TransactionsTab = () => {
  const { partner } = useSession();
  const [url, setUrl] = useUrlState(TransactionsUrl);
  const page = url.page - 1;
  const rows = useQuery({
    queryKey: metaAdsKeys.transactionPage(page),
    queryFn: () => fetchTransactionPage(page * META_ADS_PAGE_SIZE, META_ADS_PAGE_SIZE),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
  useFetchFailureAlert(rows);
  const report = useReportDownload();
  const download = () =>
    report.download(async () => ({
      csv: transactionsCsv(await fetchAllTransactions(), partner?.currency),
      fileName: metaAdsReportName('Transactions'),
    }));
  return (
    <>
      <Toolbar downloading={report.busy} onDownload={download} />
      <TransactionsTable
        rows={rows.data?.partnerBillingLogs}
        total={rows.data?.totalprojects ?? 0}
        moreThan={rows.data?.moreThan}
        page={page}
        query={rows}
        onPage={(next) => setUrl({ page: next + 1 })}
        currency={partner?.currency}
      />
    </>
  );
};
