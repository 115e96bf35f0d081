import { formatCount, webhookMessages, type WebhookDelivery } from '@pc/contract';
import { DataTable, type Column, type PagedRows, type RowLink } from '../../../ui/DataTable';
import { webhookTexts as t } from '../texts';
import { DeliveryStatusChip } from './DeliveryStatusChip';
import { DELIVERY_PAGE_SIZE } from './useDeliveries';
import { DateTime } from '../../../ui/DateTime';

type Props = PagedRows<WebhookDelivery> & {
  rowLink: (delivery: WebhookDelivery) => RowLink;
  emptyText: string;
};

const c = t.deliveryColumns;
const columns: Column<WebhookDelivery>[] = [
  { key: 'event', label: c.eventType, cell: (d) => d.eventType },
  { key: 'status', label: c.status, cell: (d) => <DeliveryStatusChip status={d.status} /> },
  { key: 'code', label: c.statusCode, cell: (d) => d.lastStatusCode ?? '-', align: 'right' },
  {
    key: 'latency',
    label: c.latency,
    cell: (d) => (d.lastLatencyMs === null ? '-' : formatCount(d.lastLatencyMs)),
    align: 'right',
    nowrap: true,
  },
  { key: 'attempts', label: c.attempts, cell: (d) => formatCount(d.attempts), align: 'right' },
  { key: 'created', label: c.createdAt, cell: (d) => <DateTime value={d.createdAt} />, nowrap: true },
  { key: 'next', label: c.nextRetry, cell: (d) => <DateTime value={d.nextAttemptAt} />, nowrap: true },
];

/** A webhook's deliveries, 25 a page: a row opens its payload and attempts. */
export const DeliveryTable = ({ rows, total, page, onPage, query, rowLink, emptyText }: Props) => (
  <DataTable
    label={t.deliveriesLabel}
    columns={columns}
    rows={rows}
    rowKey={(d) => d._id}
    rowLink={rowLink}
    rowTestId="delivery-row"
    query={query}
    emptyText={emptyText}
    errorText={webhookMessages.failed}
    paging={{ page, pageSize: DELIVERY_PAGE_SIZE, total, onPage }}
    minWidth={900}
  />
);
