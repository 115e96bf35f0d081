import { Chip } from '@mui/material';
import { formatCount, formatMoney, META_ADS_PAGE_SIZE, metaAdsTexts, type MetaAdAccountRow } from '@pc/contract';
import { DataTable, type Column, type PagedRows } from '../../ui/DataTable';
import { stageLabel } from './stage';
import { metaAdsAreaTexts as t } from './texts';

const c = t.accountColumns;

const columns: Column<MetaAdAccountRow>[] = [
  { key: 'business', label: c.business, cell: (r) => r.businessName },
  { key: 'project', label: c.project, cell: (r) => r.projectName },
  {
    key: 'stage',
    label: c.stage,
    nowrap: true,
    cell: (r) => (
      <Chip
        size="small"
        variant="outlined"
        label={stageLabel[r.connectionStage]}
        color={r.connectionStage === 'CONNECTED' ? 'success' : 'default'}
      />
    ),
  },
  { key: 'recharged', label: c.recharged, nowrap: true, cell: (r) => formatMoney(r.aggAdCreditRecharged, r.currency) },
  { key: 'spend', label: c.spend, nowrap: true, cell: (r) => formatMoney(r.totalSpend, r.currency) },
  { key: 'credit', label: c.credit, nowrap: true, cell: (r) => formatMoney(r.metaAdsCredit, r.currency) },
  { key: 'active', label: c.activeAds, cell: (r) => formatCount(r.activeAds) },
  {
    key: 'cpl',
    label: c.costPerLead,
    nowrap: true,
    cell: (r) => (r.costPerLead === null ? '-' : formatMoney(r.costPerLead, r.currency)),
  },
  { key: 'leads', label: c.leads, cell: (r) => formatCount(r.totalLeadsGenerated) },
  { key: 'ctr', label: c.ctr, cell: (r) => (r.clickThroughRate === null ? '-' : formatCount(r.clickThroughRate)) },
];

/** The Projects tab's table: a project a row, opening the project's Meta Ad tab. */
export const AdAccountsTable = ({ rows, total, page, query, onPage }: PagedRows<MetaAdAccountRow>) => (
  <DataTable
    label="Meta Ads projects"
    columns={columns}
    rows={rows}
    rowKey={(r) => r.assistantId}
    rowLink={(r) => ({ to: `/assistants/${encodeURIComponent(r.assistantId)}?tab=meta-ad` })}
    rowTestId="meta-ad-account-row"
    query={query}
    emptyText={t.emptyProjects}
    errorText={metaAdsTexts.unableToFetch}
    paging={{ page, pageSize: META_ADS_PAGE_SIZE, total, onPage }}
    minWidth={1280}
  />
);
