import { Link } from '@mui/material';
import { formatDateTime, messages, type AuditEntry } from '@pc/contract';
import { Link as RouterLink } from 'react-router';
import { DataTable, type Column, type PagedRows } from '../../../ui/DataTable';
import { ChangesCell } from './ChangesCell';
import { AUDIT_PAGE_SIZE, auditActionLabels, auditTexts as t, targetKindLabels } from './texts';

const columns = (withPartner: boolean): Column<AuditEntry>[] => [
  { key: 'at', label: t.columns.at, cell: (e) => formatDateTime(e.createdAt), nowrap: true },
  { key: 'admin', label: t.columns.admin, cell: (e) => e.adminName },
  { key: 'action', label: t.columns.action, cell: (e) => auditActionLabels[e.action] ?? e.action },
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
      e.targetKind === 'partner' ? targetKindLabels.partner : `${targetKindLabels[e.targetKind]} ${e.targetId}`,
  },
  { key: 'changes', label: t.columns.changes, action: true, cell: (e) => <ChangesCell entry={e} /> },
];

/** Audit rows, newest first, 15 a page: when, who, what, on which partner and object, and what changed. */
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
