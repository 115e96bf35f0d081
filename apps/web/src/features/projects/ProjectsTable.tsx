import { Box } from '@mui/material';
import {
  formatDate,
  formatMoney,
  messages,
  PROJECTS_PAGE_SIZE,
  planType,
  subscriptionStatus,
  wabaStatus,
  type ProjectSummary,
} from '@pc/contract';
import { DataTable, type Column, type PagedRows } from '../../ui/DataTable';
import { OutlinedChip } from '../../ui/OutlinedChip';
import { RestoreButton } from './RestoreButton';
import { projectsTexts } from './texts';

const subscriptionColor = { Active: 'success', Inactive: 'warning', Stopped: 'error' } as const;
const c = projectsTexts.columns;

const columns: Column<ProjectSummary>[] = [
  { key: 'name', label: c.name, cell: (p) => p.assistantName },
  { key: 'business', label: c.business, cell: (p) => p.businessName },
  {
    key: 'status',
    label: c.status,
    cell: (p) => (
      <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
        <OutlinedChip label={wabaStatus(p)} color={p.isWhatsappVerified ? 'success' : 'default'} />
        <OutlinedChip label={subscriptionStatus(p)} color={subscriptionColor[subscriptionStatus(p)]} />
      </Box>
    ),
  },
  { key: 'plan', label: c.planType, cell: (p) => planType(p.activePlan) },
  { key: 'credit', label: c.credit, cell: (p) => formatMoney(p.templateCredit, p.currency), nowrap: true },
  { key: 'created', label: c.createdAt, cell: (p) => formatDate(p.createdAt), nowrap: true },
];

/** The Deleted tab's column: a deleted project's restore. */
const restoreColumn = (onRestore: (p: ProjectSummary) => void): Column<ProjectSummary> => ({
  key: 'actions',
  label: projectsTexts.actions,
  cell: (p) => (p.partnerArchived ? <RestoreButton project={p} onRestore={() => onRestore(p)} /> : null),
  action: true,
});

/**
 * 15-row pages; each page is fetched by skip once and then held. An archived project does not open;
 * on the Deleted tab (`onRestore` given) it offers its restore instead.
 */
export const ProjectsTable = ({
  rows,
  total,
  moreThan,
  page,
  query,
  onPage,
  onRestore,
}: PagedRows<ProjectSummary> & { onRestore?: (p: ProjectSummary) => void }) => (
  <DataTable
    label="Projects"
    columns={onRestore ? [...columns, restoreColumn(onRestore)] : columns}
    rows={rows}
    rowKey={(p) => p._id}
    rowLink={(p) => ({ to: `/assistants/${p._id}` })}
    rowDisabled={(p) => (p.partnerArchived ? projectsTexts.archived : null)}
    rowTestId="project-row"
    query={query}
    emptyText={projectsTexts.empty}
    errorText={messages.somethingWentWrongTryagain}
    paging={{ page, pageSize: PROJECTS_PAGE_SIZE, total, moreThan, onPage }}
    minWidth={760}
  />
);
