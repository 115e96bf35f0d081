import { Box, Link } from '@mui/material';
import { formatMoney, messages, truncateBillingMessage, type BillingLog, type Currency } from '@pc/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DataTable, type Column } from '../../../ui/DataTable';
import { TitledSection } from '../../../ui/TitledSection';
import { adminKeys } from '../keys';
import { fetchPartnerBilling } from './api';
import { PARTNER_BILLING_PAGE_SIZE, accountTexts as t } from './texts';
import { DateTime } from '../../../ui/DateTime';

const columnsFor = (currency: Currency): Column<BillingLog>[] => [
  { key: 'created', label: 'Created On', cell: (log) => <DateTime value={log.createdAt} />, nowrap: true },
  { key: 'reason', label: 'Reason Code', cell: (log) => log.reasonCode, nowrap: true },
  {
    key: 'message',
    label: 'Message',
    cell: (log) => <span title={log.message}>{truncateBillingMessage(log.message)}</span>,
  },
  { key: 'project', label: 'Project Name', cell: (log) => log.assistantName ?? '-' },
  {
    key: 'amount',
    label: 'Amount',
    nowrap: true,
    align: 'right',
    cell: (log) => (
      <Box component="span" sx={{ color: log.action === 'ADD' ? 'success.main' : 'error.main' }}>
        {log.action === 'ADD' ? '+' : '-'}
        {formatMoney(log.amount, currency)}
      </Box>
    ),
  },
  {
    key: 'invoice',
    label: t.invoice,
    action: true,
    cell: (log) =>
      log.invoiceId && log.invoiceLink ? (
        <Link
          href={log.invoiceLink}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`${t.download} ${log.invoiceId}`}
        >
          {t.download}
        </Link>
      ) : (
        '-'
      ),
  },
];

/** The partner's recent billing rows, as its own Billing list has them (newest first, 10 a page). */
export const PartnerBilling = ({
  partnerId,
  currency,
  page,
  onPage,
}: {
  partnerId: string;
  currency: Currency;
  page: number;
  onPage: (page: number) => void;
}) => {
  const query = useQuery({
    queryKey: adminKeys.partnerBilling(partnerId, page),
    queryFn: () => fetchPartnerBilling(partnerId, page * PARTNER_BILLING_PAGE_SIZE, PARTNER_BILLING_PAGE_SIZE),
    placeholderData: keepPreviousData,
  });
  return (
    <TitledSection title={t.billing}>
      <DataTable
        label={t.billing}
        columns={columnsFor(currency)}
        rows={query.data?.partnerBillingLogs}
        rowKey={(log) => log._id}
        rowTestId="partner-billing-row"
        query={query}
        emptyText={t.billingEmpty}
        errorText={messages.somethingWentWrongTryagain}
        paging={{
          page,
          pageSize: PARTNER_BILLING_PAGE_SIZE,
          total: query.data?.totalprojects ?? 0,
          moreThan: query.data?.moreThan,
          onPage,
        }}
        minWidth={900}
      />
    </TitledSection>
  );
};
