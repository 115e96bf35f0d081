import {
  MetaAdAccountCounts,
  MetaAdAccountListResponse,
  MetaAdCountsResponse,
  MetaAdListResponse,
  type BillingLog,
  type MetaAdAccountListRequest,
  type MetaAdListRequest,
  type MetaAdsCountsRequest,
} from '@pc/contract';
import { api } from '../../api/client';
import { billingKeys, fetchBillingPage } from '../billings/api';

/** The Meta Ads tables (doc 3 section 7, "Meta Ads tables"); the lists take ?sort=dec, the only order. */
export const fetchAdAccountCounts = (body: MetaAdsCountsRequest) =>
  api.post('/api/meta-ad-account-counts', body, MetaAdAccountCounts);
export const fetchAdCounts = async (body: MetaAdsCountsRequest) => {
  const [counts] = await api.post('/api/meta-ad-counts', body, MetaAdCountsResponse);
  if (!counts) throw new Error('meta-ad-counts answered no counts');
  return counts;
};
// The spec's spelling of the path.
export const fetchAdAccountPage = (body: MetaAdAccountListRequest) =>
  api.post('/api/meta-ad-acccount-lists?sort=dec', body, MetaAdAccountListResponse);
export const fetchAdPage = (body: MetaAdListRequest) =>
  api.post('/api/meta-ad-lists?sort=dec', body, MetaAdListResponse);

/** The Transactions tab: the billing logs of Meta Ads credit top-ups. */
export const TRANSACTION_REASON = 'META_AD_CREDIT_UPDATE';
export const fetchTransactionPage = (skip: number, rowsPerPage: number) =>
  fetchBillingPage({ skip, rowsPerPage, reasonCodes: [TRANSACTION_REASON], balance: 'AD_CREDIT' }, 'dec');

/** The billing list answers at most 100 rows a call: a report of every transaction takes them 100 at a time. */
const BILLING_MAX_ROWS = 100;
export const fetchAllTransactions = async (): Promise<BillingLog[]> => {
  const all: BillingLog[] = [];
  for (;;) {
    const page = await fetchTransactionPage(all.length, BILLING_MAX_ROWS);
    all.push(...page.partnerBillingLogs);
    if (page.partnerBillingLogs.length < BILLING_MAX_ROWS) return all;
  }
};

/** A report asks for every row at once: the count is the page size (doc 3 section 7). */
export const reportPageSize = (count: number) => Math.min(Math.max(count, 1), 100_000);

export const metaAdsKeys = {
  all: ['meta-ads'] as const,
  accountCounts: (body: MetaAdsCountsRequest) => ['meta-ads', 'account-counts', body] as const,
  accountPage: (body: MetaAdAccountListRequest) => ['meta-ads', 'accounts', body] as const,
  adCounts: (body: MetaAdsCountsRequest) => ['meta-ads', 'ad-counts', body] as const,
  adPage: (body: MetaAdListRequest) => ['meta-ads', 'ads', body] as const,
  // Under the billings' key: what refreshes the billing logs refreshes these too.
  transactionPage: (page: number) => [...billingKeys.all, 'meta-ad-transactions', page] as const,
};
