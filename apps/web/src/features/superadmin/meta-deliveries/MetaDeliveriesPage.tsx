import { Box, Stack, Typography } from '@mui/material';
import { formatCount, formatDateTime, type MetaDeliveriesResponse } from '@pc/contract';
import { useQuery } from '@tanstack/react-query';
import { DataTable, type Column, type TableQuery } from '../../../ui/DataTable';
import { PageHeader } from '../../../ui/PageHeader';
import { TitledSection } from '../../../ui/TitledSection';
import { adminKeys } from '../keys';
import { fetchMetaDeliveries } from './api';
import { metaDeliveriesTexts as t, unplacedReasonLabels } from './texts';

type Status = MetaDeliveriesResponse['unplacedStatuses'][number];
type Category = MetaDeliveriesResponse['unknownCategories'][number];

const statusColumns: Column<Status>[] = [
  { key: 'received', label: t.statuses.columns.received, nowrap: true, cell: (s) => formatDateTime(s.receivedAt) },
  {
    key: 'messageId',
    label: t.statuses.columns.messageId,
    // Meta's ids are long and unbroken: they wrap anywhere rather than widen the table.
    cell: (s) => (
      <Box component="span" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
        {s.messageId}
      </Box>
    ),
  },
  { key: 'status', label: t.statuses.columns.status, cell: (s) => s.status },
  { key: 'recipient', label: t.statuses.columns.recipient, nowrap: true, cell: (s) => s.recipient },
  { key: 'reason', label: t.statuses.columns.reason, cell: (s) => unplacedReasonLabels[s.reason] },
  {
    key: 'error',
    label: t.statuses.columns.error,
    cell: (s) => (s.error ? `${s.error.code} ${s.error.title}` : '-'),
  },
];

const categoryColumns: Column<Category>[] = [
  { key: 'category', label: t.categories.columns.category, cell: (c) => c.category },
  { key: 'partner', label: t.categories.columns.partner, cell: (c) => c.partnerName },
  { key: 'project', label: t.categories.columns.project, cell: (c) => c.projectName },
  {
    key: 'messages',
    label: t.categories.columns.messages,
    align: 'right',
    nowrap: true,
    cell: (c) => formatCount(c.messages),
  },
  { key: 'last', label: t.categories.columns.last, nowrap: true, cell: (c) => formatDateTime(c.lastAt) },
];

const Section = <R,>(props: {
  title: string;
  empty: string;
  columns: Column<R>[];
  rows: R[] | undefined;
  rowKey: (row: R) => string;
  query: TableQuery;
}) => (
  <TitledSection title={props.title}>
    <DataTable
      label={props.title}
      columns={props.columns}
      rows={props.rows}
      rowKey={props.rowKey}
      query={props.query}
      emptyText={props.empty}
      errorText={t.loadFailed}
      minWidth={0}
    />
  </TitledSection>
);

/**
 * /meta-deliveries: what Meta's webhooks said that the console could not charge, newest first.
 * Not under /superadmin/, whose paths are the API's (a reload there would get the API's answer).
 */
export const MetaDeliveriesPage = () => {
  const query = useQuery({ queryKey: adminKeys.metaDeliveries(), queryFn: fetchMetaDeliveries });
  return (
    <>
      <PageHeader title={t.title} />
      <Typography color="text.secondary" sx={{ mt: -2, mb: 3 }}>
        {t.intro}
      </Typography>
      <Stack spacing={4}>
        <Section
          title={t.statuses.title}
          empty={t.statuses.empty}
          columns={statusColumns}
          rows={query.data?.unplacedStatuses}
          // Kept once per message and status (the table's unique index).
          rowKey={(s) => `${s.messageId} ${s.status}`}
          query={query}
        />
        <Section
          title={t.categories.title}
          empty={t.categories.empty}
          columns={categoryColumns}
          rows={query.data?.unknownCategories}
          // Names may repeat across partners or projects: the group's last message tells them apart.
          rowKey={(c) => `${c.category} ${c.partnerName} ${c.projectName} ${c.lastAt}`}
          query={query}
        />
      </Stack>
    </>
  );
};
