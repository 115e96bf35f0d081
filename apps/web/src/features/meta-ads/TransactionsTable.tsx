import { formatMoney, META_ADS_PAGE_SIZE, metaAdsTexts, type BillingLog, type Currency } from '@pc/contract';
import { Box } from '@mui/material';
import type { ReactNode } from 'react';
import { DataTable, type Column, type PagedRows } from '../../ui/DataTable';
import { ProjectLink } from './ProjectLink';
import { gstOf, signed } from './report';
import { metaAdsAreaTexts as t } from './texts';
import { DateTime } from '../../ui/DateTime';

const c = t.transactionColumns;

/** A top-up in green, the spend taken from the credit in red and negative (as the billing logs show them). */
const Signed = ({ log, children }: { log: BillingLog; children: ReactNode }) => (
  <Box component="span" sx={{ color: log.action === 'ADD' ? 'success.main' : 'error.main' }}>
    {children}
  </Box>
);

/** Amounts in the partner's currency (doc 3 section 9: divided by 100000, 2 decimals, with its sign). */
const columnsFor = (currency: Currency | undefined): Column<BillingLog>[] => [
  { key: 'business', label: c.business, cell: (r) => r.businessName ?? '-' },
  { key: 'project', label: c.project, cell: (r) => <ProjectLink id={r.assistantId} name={r.assistantName} /> },
  { key: 'created', label: c.createdAt, nowrap: true, cell: (r) => <DateTime value={r.createdAt} /> },
  { key: 'order', label: c.orderId, nowrap: true, cell: (r) => r.orderId ?? '-' },
  { key: 'payment', label: c.paymentId, nowrap: true, cell: (r) => r.paymentId ?? '-' },
  {
    key: 'amount',
    label: c.amount,
    nowrap: true,
    cell: (r) => <Signed log={r}>{formatMoney(signed(r, r.amount), currency)}</Signed>,
  },
  { key: 'gst', label: c.gst, nowrap: true, cell: (r) => formatMoney(gstOf(r), currency) },
  {
    key: 'withTax',
    label: c.amountWithTax,
    nowrap: true,
    cell: (r) => formatMoney(signed(r, r.amountWithTax), currency),
  },
  { key: 'reason', label: c.reasonCode, nowrap: true, cell: (r) => r.reasonCode },
  { key: 'status', label: c.status, nowrap: true, cell: (r) => r.status ?? t.success },
];

type Props = PagedRows<BillingLog> & { currency: Currency | undefined };

/** The Transactions tab's table: the Meta Ads credit top-ups of the billing logs (doc 1 section 3). */
export const TransactionsTable = ({ rows, total, moreThan, page, query, onPage, currency }: Props) => (
  <DataTable
    label="Meta Ads transactions"
    columns={columnsFor(currency)}
    rows={rows}
    rowKey={(r) => r._id}
    rowTestId="meta-ad-transaction-row"
    query={query}
    emptyText={t.emptyTransactions}
    errorText={metaAdsTexts.unableToFetch}
    paging={{ page, pageSize: META_ADS_PAGE_SIZE, total, moreThan, onPage }}
    minWidth={1400}
  />
);
