import { Box, Chip } from '@mui/material';
import {
  adTabOf,
  formatCount,
  formatDate,
  formatMoney,
  META_ADS_PAGE_SIZE,
  metaAdsTexts,
  type MetaAdRow,
} from '@pc/contract';
import type { ReactNode } from 'react';
import { DataTable, type Column, type PagedRows } from '../../ui/DataTable';
import { ProjectLink } from './ProjectLink';
import { metaAdsAreaTexts as t } from './texts';

const c = t.adColumns;
const statusColor = {
  All: 'default',
  Live: 'success',
  Paused: 'warning',
  Stopped: 'error',
  Others: 'default',
} as const;

/** The table scrolls sideways anyway: names get room enough not to break into a word a line. */
const Name = ({ children }: { children: ReactNode }) => <Box sx={{ minWidth: { sm: 160 } }}>{children}</Box>;

const columns: Column<MetaAdRow>[] = [
  { key: 'name', label: c.name, cell: (r) => <Name>{r.adName}</Name> },
  { key: 'business', label: c.business, cell: (r) => <Name>{r.businessName}</Name> },
  {
    key: 'project',
    label: c.project,
    cell: (r) => (
      <Name>
        <ProjectLink id={r.assistantId} name={r.projectName} />
      </Name>
    ),
  },
  {
    key: 'status',
    label: c.status,
    nowrap: true,
    cell: (r) => <Chip size="small" variant="outlined" label={r.adStatus} color={statusColor[adTabOf(r.adStatus)]} />,
  },
  { key: 'quality', label: c.quality, nowrap: true, cell: (r) => r.qualityRanking },
  { key: 'start', label: c.start, nowrap: true, cell: (r) => formatDate(r.adStartDate) },
  { key: 'stop', label: c.stop, nowrap: true, cell: (r) => formatDate(r.adStopDate) },
  { key: 'daily', label: c.dailyBudget, nowrap: true, cell: (r) => formatMoney(r.dailyBudget, r.currency) },
  { key: 'impressions', label: c.impressions, nowrap: true, cell: (r) => formatCount(r.impressions) },
  { key: 'reach', label: c.reach, nowrap: true, cell: (r) => formatCount(r.reach) },
  { key: 'unique', label: c.uniqueClicks, nowrap: true, cell: (r) => formatCount(r.uniqueClicks) },
  { key: 'clicks', label: c.clicks, nowrap: true, cell: (r) => formatCount(r.clicks) },
  { key: 'spend', label: c.spend, nowrap: true, cell: (r) => formatMoney(r.totalBudget, r.currency) },
  {
    key: 'cpc',
    label: c.costPerClick,
    nowrap: true,
    cell: (r) => (r.costPerClick === null ? '-' : formatMoney(r.costPerClick, r.currency)),
  },
  { key: 'messages', label: c.messages, nowrap: true, cell: (r) => formatCount(r.totalMessages) },
  { key: 'reply', label: c.firstReply, nowrap: true, cell: (r) => formatCount(r.messagingFirstReply) },
  { key: 'connections', label: c.connections, nowrap: true, cell: (r) => formatCount(r.totalMessagingConnection) },
  { key: 'engagement', label: c.engagement, nowrap: true, cell: (r) => r.engagementRateRanking },
];

/**
 * The Ads tab's table: eighteen columns, wider than any screen, so it scrolls sideways inside its
 * frame (the shared table's); on a phone each ad is a block of label and value lines.
 */
export const AdsTable = ({ rows, total, page, query, onPage }: PagedRows<MetaAdRow>) => (
  <DataTable
    label="Meta ads"
    columns={columns}
    rows={rows}
    // One ad account can serve two projects: the same ad is a row of each.
    rowKey={(r) => `${r.assistantId}:${r.adId}`}
    rowTestId="meta-ad-row"
    query={query}
    emptyText={t.emptyAds}
    errorText={metaAdsTexts.unableToFetch}
    paging={{ page, pageSize: META_ADS_PAGE_SIZE, total, onPage }}
    minWidth={2400}
  />
);
