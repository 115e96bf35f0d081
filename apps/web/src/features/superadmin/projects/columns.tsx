import { Chip } from '@mui/material';
import { formatCount, formatDate, formatMoney, qualityRatingDisplay, type SuperadminProjectRow } from '@pc/contract';
import type { Column } from '../../../ui/DataTable';
import { listTexts } from './texts';

const c = listTexts.columns;
const dash = (value: string | null) => value || '-';

const statusColor: Record<string, 'success' | 'warning' | 'error' | 'default' | 'info'> = {
  active: 'success',
  pending: 'info',
  unpaid: 'warning',
  suspended: 'warning',
  stopped: 'error',
  terminated: 'error',
  archived: 'default',
};

export const StatusChip = ({ status, testId }: { status: string; testId?: string }) => (
  <Chip size="small" variant="outlined" label={status} color={statusColor[status] ?? 'default'} data-testid={testId} />
);

const mac = (p: SuperadminProjectRow) =>
  p.macQuota === null ? formatCount(p.macUsage) : `${formatCount(p.macUsage)} / ${formatCount(p.macQuota)}`;

/** Every column of doc 2 section 2.2, the project's name first (it stays in view while the rest scroll). */
export const wideColumns: Column<SuperadminProjectRow>[] = [
  { key: 'name', label: c.name, cell: (p) => p.assistantName },
  { key: 'partner', label: c.partner, cell: (p) => p.partnerName, nowrap: true },
  { key: 'number', label: c.whatsappNumber, cell: (p) => dash(p.whatsappNumber), nowrap: true },
  { key: 'fbBusinessId', label: c.fbBusinessId, cell: (p) => dash(p.fbBusinessId), nowrap: true },
  { key: 'wabaNumberId', label: c.wabaNumberId, cell: (p) => dash(p.wabaNumberId), nowrap: true },
  { key: 'displayName', label: c.displayName, cell: (p) => dash(p.whatsAppDisplayName) },
  { key: 'live', label: c.liveDate, cell: (p) => formatDate(p.channelActivatedOn), nowrap: true },
  { key: 'planActivated', label: c.planActivatedOn, cell: (p) => formatDate(p.planActivatedOn), nowrap: true },
  { key: 'planRenewal', label: c.planRenewalOn, cell: (p) => formatDate(p.planRenewalOn), nowrap: true },
  { key: 'planStopped', label: c.planStoppedOn, cell: (p) => formatDate(p.planStoppedOn), nowrap: true },
  { key: 'disabled', label: c.disabledOn, cell: (p) => formatDate(p.disabledOn), nowrap: true },
  { key: 'client', label: c.client, cell: (p) => p.businessName },
  {
    key: 'manager',
    label: c.managerStatus,
    cell: (p) => (p.fbManagerVerified ? listTexts.verified : listTexts.notVerified),
    nowrap: true,
  },
  { key: 'displayNameStatus', label: c.displayNameStatus, cell: (p) => dash(p.displayNameStatus), nowrap: true },
  {
    key: 'quality',
    label: c.qualityRating,
    cell: (p) => (p.qualityRating ? qualityRatingDisplay(p.qualityRating) : '-'),
    nowrap: true,
  },
  { key: 'mac', label: c.mac, cell: mac, nowrap: true, align: 'right' },
  {
    key: 'credit',
    label: c.templateCredit,
    cell: (p) => formatMoney(p.templateCredit, p.currency),
    nowrap: true,
    align: 'right',
  },
  { key: 'created', label: c.createdAt, cell: (p) => formatDate(p.createdAt), nowrap: true },
  { key: 'limit', label: c.messagingLimit, cell: (p) => dash(p.messagingLimit), nowrap: true },
  { key: 'status', label: c.projectStatus, cell: (p) => <StatusChip status={p.status} /> },
];

/** On a phone each row is a block of lines: the ones to tell projects apart and act on. */
const narrowKeys = ['name', 'partner', 'number', 'client', 'status', 'credit', 'mac', 'planRenewal', 'created'];
export const narrowColumns = narrowKeys.map((key) => wideColumns.find((col) => col.key === key)!);
