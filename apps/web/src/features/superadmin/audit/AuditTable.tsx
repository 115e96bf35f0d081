import { Box, Chip, Link } from '@mui/material';
import { messages, type AuditEntry } from '@pc/contract';
import { Link as RouterLink } from 'react-router';
import { ChangesCell } from '../../../ui/changes/ChangesCell';
import { DataTable, type Column, type PagedRows } from '../../../ui/DataTable';
import { actionLabel, AUDIT_PAGE_SIZE, auditTexts as t, targetKindLabels } from './texts';
import { DateTime } from '../../../ui/DateTime';

/** Who did it: a super-admin by name, a partner's member by name marked as the partner team's. */
const Actor = ({ entry }: { entry: AuditEntry }) =>
  entry.actorKind === 'member' ? (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75, flexWrap: 'wrap' }}>
      {entry.actorName}
      <Chip label={t.partnerTeam} size="small" variant="outlined" sx={{ height: 20, fontSize: 11 }} />
    </Box>
  ) : (
    entry.actorName
  );

const columns = (withPartner: boolean): Column<AuditEntry>[] => [
  { key: 'at', label: t.columns.at, cell: (e) => <DateTime value={e.createdAt} />, nowrap: true },
  { key: 'who', label: t.columns.who, cell: (e) => <Actor entry={e} /> },
  { key: 'action', label: t.columns.action, cell: actionLabel },
  ...(withPartner
    ? [
        {
          key: 'partner',
          label: t.columns.partner,
          action: true,
          cell: (e: AuditEntry) =>
            e.partnerId ? (
              <Link component={RouterLink} to={`/partner-accounts/${encodeURIComponent(e.partnerId)}`}>
                {e.partnerName ?? e.partnerId}
              </Link>
            ) : (
              '-'
            ),
        },
      ]
    : []),
  {
    key: 'target',
    label: t.columns.target,
    cell: (e) =>
      e.targetKind === 'partner'
        ? targetKindLabels.partner
        : `${targetKindLabels[e.targetKind] ?? e.targetKind} ${e.targetId}`,
  },
  { key: 'changes', label: t.columns.changes, action: true, cell: (e) => <ChangesCell entry={e} /> },
];

/**
 * Audit rows, newest first, 15 a page: when, who (a super-admin or a partner's member), what, on
 * which partner and object, and what changed.
 */
export const AuditTable = ({
  rows,
  total,
  page,
  onPage,
  query,
  withPartner = true,
}: PagedRows<AuditEntry> & { withPartner?: boolean }) => (
  <DataTable
    label="Audit log"
    columns={columns(withPartner)}
    rows={rows}
    rowKey={(e) => e._id}
    rowTestId="audit-row"
    query={query}
    emptyText={t.empty}
    errorText={messages.somethingWentWrongTryagain}
    paging={{ page, pageSize: AUDIT_PAGE_SIZE, total, onPage }}
    minWidth={withPartner ? 1000 : 860}
  />
);
