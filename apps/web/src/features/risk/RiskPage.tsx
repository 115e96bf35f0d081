import { Box, Chip, Link as MuiLink, MenuItem, Paper, TextField } from '@mui/material';
import {
  AllBusinessListsResponse,
  formatCount,
  formatMoney,
  messages,
  RISK_PAGE_SIZE,
  riskKinds,
  riskSorts,
  riskTexts as t,
  type Currency,
  type RiskRow,
  type RiskSort,
} from '@pc/contract';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { api } from '../../api/client';
import { DataTable, type Column } from '../../ui/DataTable';
import { Figure } from '../../ui/Figure';
import { PageHeader } from '../../ui/PageHeader';
import { businessKeys } from '../create-business/keys';
import { SignalChips } from './SignalChips';
import { useRiskBoard } from './useRiskBoard';

const columnsFor = (currency: Currency, now: Date): Column<RiskRow>[] => [
  {
    key: 'project',
    label: t.project,
    cell: (r) => (
      <MuiLink component={Link} to={`/assistants/${encodeURIComponent(r.projectId)}`} underline="hover">
        {r.projectName}
      </MuiLink>
    ),
  },
  { key: 'business', label: t.business, cell: (r) => r.businessName },
  { key: 'signals', label: t.signals, cell: (r) => <SignalChips row={r} now={now} /> },
  { key: 'severity', label: t.sorts.severity, nowrap: true, cell: (r) => t.severities[r.severity] },
  {
    key: 'revenue',
    label: t.revenueAtRisk,
    align: 'right',
    nowrap: true,
    cell: (r) => formatMoney(r.revenueAtRisk, currency),
  },
];

/**
 * /risk (ours; the spec has no such screen): the partner's projects ranked by the revenue a problem
 * puts at risk, so the costliest are fixed first; each problem a chip that opens the page where it
 * is fixed. Filter by signal and business, sort, and page, all in the URL.
 */
export const RiskPage = () => {
  const { url, page, board, setKind, setBusiness, setSort, setPage } = useRiskBoard();
  const data = board.data;
  const currency = data?.currency ?? 'INR';
  const now = data ? new Date(data.asOf) : new Date();
  const businesses = useQuery({
    queryKey: businessKeys.picker(),
    queryFn: async () => (await api.get('/api/allbusiness-lists', AllBusinessListsResponse)).business,
    staleTime: 5 * 60_000,
  });
  const choices = businesses.data ?? [];
  // A business in the URL not among the choices (yet) still shows as chosen.
  const businessKnown = !url.business || choices.some((b) => b._id === url.business);

  return (
    <>
      <PageHeader title={t.title} />
      <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(2, minmax(0, 280px))' },
          }}
        >
          <Figure label={t.atRisk} value={data ? formatCount(data.atRisk) : '-'} testId="risk-at-risk" />
          <Figure
            label={t.revenueAtRisk}
            value={data ? formatMoney(data.revenueAtRisk, currency) : '-'}
            note={t.revenueNote}
            testId="risk-revenue"
          />
        </Box>

        <Paper sx={{ p: { xs: 2, sm: 2.5 }, display: 'grid', gap: 2 }}>
          <Box
            role="group"
            aria-label={t.signal}
            sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}
            data-testid="risk-kinds"
          >
            <Chip
              label={data ? `${t.allSignals} (${formatCount(data.atRisk)})` : t.allSignals}
              color={url.kind === '' ? 'primary' : 'default'}
              variant={url.kind === '' ? 'filled' : 'outlined'}
              aria-pressed={url.kind === ''}
              onClick={() => setKind('')}
            />
            {riskKinds.map((kind) => (
              <Chip
                key={kind}
                label={data ? `${t.kinds[kind]} (${formatCount(data.counts[kind])})` : t.kinds[kind]}
                color={url.kind === kind ? 'primary' : 'default'}
                variant={url.kind === kind ? 'filled' : 'outlined'}
                aria-pressed={url.kind === kind}
                onClick={() => setKind(kind)}
              />
            ))}
          </Box>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
            <TextField
              select
              size="small"
              label={t.business}
              value={businessKnown ? url.business : ''}
              onChange={(e) => setBusiness(e.target.value)}
              slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
              sx={{ width: { xs: '100%', sm: 260 } }}
            >
              <MenuItem value="">{t.allBusinesses}</MenuItem>
              {choices.map((b) => (
                <MenuItem key={b._id} value={b._id}>
                  {b.displayName}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              size="small"
              label={t.sortBy}
              value={url.sort}
              onChange={(e) => setSort(e.target.value as RiskSort)}
              sx={{ width: { xs: '100%', sm: 200 } }}
            >
              {riskSorts.map((s) => (
                <MenuItem key={s} value={s}>
                  {t.sorts[s]}
                </MenuItem>
              ))}
            </TextField>
          </Box>
        </Paper>

        <DataTable
          label={t.title}
          columns={columnsFor(currency, now)}
          rows={data?.rows}
          rowKey={(r) => r.projectId}
          rowTestId="risk-row"
          query={board}
          emptyText={url.kind ? t.emptyKind : t.empty}
          errorText={messages.somethingWentWrongTryagain}
          paging={{ page, pageSize: RISK_PAGE_SIZE, total: data?.total ?? 0, onPage: setPage }}
          minWidth={960}
        />
      </Box>
    </>
  );
};
