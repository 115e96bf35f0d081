import { Box, Tooltip } from '@mui/material';
import { formatMoney, messages, truncateBillingMessage, type BillingLog, type Currency } from '@pc/contract';
import { DataTable, type Column, type PagedRows } from '../../ui/DataTable';
import { BILLING_PAGE_SIZE, billingsPageTexts as t } from './texts';
import { DateTime } from '../../ui/DateTime';

type Props = PagedRows<BillingLog> & { currency: Currency | undefined };

const Message = ({ log }: { log: BillingLog }) => {
  const message = truncateBillingMessage(log.message);
  const text =
    message === log.message ? (
      message
    ) : (
      <Tooltip title={log.message}>
        <span>{message}</span>
      </Tooltip>
    );
  if (!log.byName) return text;
  // Who moved the money, under what it was: a line of the cell rather than a column, so the table fits a phone.
  return (
    <>
      {text}
      <Box component="span" sx={{ display: 'block', typography: 'caption', color: 'text.secondary' }}>
        {t.by(log.byName)}
      </Box>
    </>
  );
};

const columnsFor = (currency: Currency | undefined): Column<BillingLog>[] => {
  const [business, project, message, reasonCode, amount, createdOn] = t.columns;
  return [
    { key: 'business', label: business, cell: (log) => log.businessName ?? '-' },
    { key: 'project', label: project, cell: (log) => log.assistantName ?? '-' },
    { key: 'message', label: message, cell: (log) => <Message log={log} /> },
    { key: 'reason', label: reasonCode, cell: (log) => log.reasonCode, nowrap: true },
    {
      key: 'amount',
      label: amount,
      nowrap: true,
      cell: (log) => (
        <Box component="span" sx={{ color: log.action === 'ADD' ? 'success.main' : 'error.main' }}>
          {log.action === 'ADD' ? '+' : '-'}
          {formatMoney(log.amount, currency)}
        </Box>
      ),
    },
    { key: 'created', label: createdOn, cell: (log) => <DateTime value={log.createdAt} />, nowrap: true },
  ];
};

/** Business Name, Project Name, Message, Reason Code, Amount, Created On; 10 rows a page. */
export const BillingTable = ({ rows, total, moreThan, page, onPage, query, currency }: Props) => (
  <DataTable
    label="Billing logs"
    columns={columnsFor(currency)}
    rows={rows}
    rowKey={(log) => log._id}
    rowLink={(log) => ({ to: `/billings/${log._id}?entry`, state: { log } })}
    rowTestId="billing-row"
    query={query}
    emptyText={t.noRows}
    errorText={messages.somethingWentWrongTryagain}
    paging={{ page, pageSize: BILLING_PAGE_SIZE, total, moreThan, onPage }}
    minWidth={900}
  />
);
