import { Box, Typography } from '@mui/material';
import { messages, type ActivityEntry } from '@pc/contract';
import { ChangesCell } from '../../ui/changes/ChangesCell';
import { DataTable, type Column, type PagedRows } from '../../ui/DataTable';
import { activityActionLabels, activityTargetKindLabels } from './actionLabels';
import { ACTIVITY_PAGE_SIZE, activityTexts as t } from './texts';
import { DateTime } from '../../ui/DateTime';

/** What an entry is about: its name as it was then, and its kind under it. */
const Target = ({ entry }: { entry: ActivityEntry }) => (
  <Box>
    <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
      {entry.targetName || '-'}
    </Box>
    <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
      {activityTargetKindLabels[entry.targetKind] ?? entry.targetKind}
    </Typography>
  </Box>
);

const columns: Column<ActivityEntry>[] = [
  { key: 'at', label: t.columns.at, cell: (e) => <DateTime value={e.createdAt} />, nowrap: true },
  { key: 'member', label: t.columns.member, cell: (e) => e.memberName },
  { key: 'action', label: t.columns.action, cell: (e) => activityActionLabels[e.action] ?? e.action },
  { key: 'target', label: t.columns.target, cell: (e) => <Target entry={e} /> },
  { key: 'changes', label: t.columns.changes, action: true, cell: (e) => <ChangesCell entry={e} /> },
  { key: 'address', label: t.columns.address, cell: (e) => e.address || '-', nowrap: true },
];

/** The log's entries, newest first, a page at a time; on a phone each entry is a block of lines. */
export const ActivityTable = ({
  rows,
  total,
  page,
  onPage,
  query,
  filtered,
}: PagedRows<ActivityEntry> & { filtered: boolean }) => (
  <DataTable
    label={t.title}
    columns={columns}
    rows={rows}
    rowKey={(e) => e._id}
    rowTestId="activity-row"
    query={query}
    emptyText={filtered ? t.emptyFiltered : t.empty}
    errorText={messages.somethingWentWrongTryagain}
    paging={{ page, pageSize: ACTIVITY_PAGE_SIZE, total, onPage }}
    minWidth={1040}
  />
);
