import { Box, Button, MenuItem, Paper, TextField, ToggleButton, ToggleButtonGroup } from '@mui/material';
import {
  checkMarginRange,
  formatCount,
  formatPercent,
  formatMoney,
  MARGIN_EARLIEST_DATE,
  MarginUrl,
  marginGroups,
  marginTexts as t,
  messages,
  type Currency,
  type MarginGroup,
  type MarginRow,
} from '@pc/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import DownloadIcon from '@mui/icons-material/Download';
import { errorText } from '../../api/errors';
import { useNotify } from '../../ui/useNotify';
import { DataTable, type Column } from '../../ui/DataTable';
import { DateRangeFields } from '../../ui/DateRangeFields';
import { localToday } from '../../ui/localDay';
import { Figure } from '../../ui/Figure';
import { PageHeader } from '../../ui/PageHeader';
import { PerMessageNote } from '../../ui/PerMessageNote';
import { useUrlState } from '../../ui/useUrlState';
import { downloadMargins, fetchMargins, marginKeys } from './api';
import { marginPresetRange, type MarginPreset, type Range } from './range';

const presets: { value: MarginPreset; label: string }[] = [
  { value: 'thisMonth', label: 'This month' },
  { value: 'lastMonth', label: 'Last month' },
  { value: 'last30', label: 'Last 30 days' },
];

/** The figures' test ids, from their labels as before: margin-revenue, margin-gross-margin... */
const testIdOf = (label: string) => `margin-${label.toLowerCase().replace(/\W+/g, '-')}`;

const columnsFor = (currency: Currency, groupBy: MarginGroup): Column<MarginRow>[] => {
  const money = (n: number) => formatMoney(n, currency);
  return [
    { key: 'label', label: t.groups[groupBy], cell: (r) => r.label },
    { key: 'conversations', label: t.conversations, align: 'right', cell: (r) => formatCount(r.conversations) },
    { key: 'revenue', label: t.revenue, align: 'right', nowrap: true, cell: (r) => money(r.revenue) },
    { key: 'providerCost', label: t.providerCost, align: 'right', nowrap: true, cell: (r) => money(r.providerCost) },
    { key: 'grossMargin', label: t.grossMargin, align: 'right', nowrap: true, cell: (r) => money(r.grossMargin) },
    {
      key: 'marginPercent',
      label: t.marginPercent,
      align: 'right',
      nowrap: true,
      cell: (r) => formatPercent(r.marginPercent),
    },
    {
      key: 'free',
      label: t.free,
      align: 'right',
      nowrap: true,
      cell: (r) => `${formatCount(r.free)} · ${money(r.freeSaved)}`,
    },
    {
      key: 'leakage',
      label: t.leakage,
      align: 'right',
      nowrap: true,
      cell: (r) => money(r.unbilledAmount + r.belowCostAmount),
    },
  ];
};

/**
 * /margins (ours; the spec has no such screen): what the partner's clients paid against what the
 * provider charged it, per business, project, category or country, for a month or a picked range
 * (UTC days, as charging keeps them). The range and grouping live in the URL.
 */
export const MarginsPage = () => {
  const [url, setUrl] = useUrlState(MarginUrl);
  const preset = url.preset === 'custom' ? null : url.preset;
  const range: Range = preset ? marginPresetRange(preset) : { startDate: url.from, endDate: url.to };
  const today = localToday();
  const problem = checkMarginRange(range.startDate, range.endDate, today);
  const query = useQuery({
    queryKey: marginKeys.range(range.startDate, range.endDate, url.groupBy),
    queryFn: () => fetchMargins(range.startDate, range.endDate, url.groupBy),
    enabled: !problem,
    placeholderData: keepPreviousData,
  });
  const data = query.data;
  const currency = data?.currency ?? 'INR';
  const money = (n: number) => formatMoney(n, currency);
  const totals = data?.totals;
  const notify = useNotify();
  const download = useMutation({
    mutationFn: () => downloadMargins(range.startDate, range.endDate),
    onError: (error) => notify.error(errorText(error, t.downloadFailed)),
  });

  return (
    <>
      <PageHeader title={t.title} />
      <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
        <Paper sx={{ p: { xs: 2, sm: 2.5 }, display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={preset}
            onChange={(_, p: MarginPreset | null) => p && setUrl({ preset: p, from: '', to: '' })}
            aria-label="Date presets"
            sx={{ width: { xs: '100%', sm: 'auto' }, '& .MuiToggleButton-root': { flex: { xs: 1, sm: 'none' } } }}
          >
            {presets.map((p) => (
              <ToggleButton key={p.value} value={p.value}>
                {p.label}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          <DateRangeFields
            from={range.startDate}
            to={range.endDate}
            onChange={(from, to) => setUrl({ preset: 'custom', from, to }, { replace: preset === null })}
            earliest={MARGIN_EARLIEST_DATE}
            latest={today}
            size="small"
            sx={{ width: { xs: '100%', sm: 170 } }}
            problem={problem}
          />
          <TextField
            select
            size="small"
            label={t.groupBy}
            value={url.groupBy}
            onChange={(e) => setUrl({ groupBy: e.target.value as MarginGroup })}
            sx={{ width: { xs: '100%', sm: 180 } }}
          >
            {marginGroups.map((g) => (
              <MenuItem key={g} value={g}>
                {t.groups[g]}
              </MenuItem>
            ))}
          </TextField>
          <Box sx={{ flexGrow: 1 }} />
          <Button
            variant="outlined"
            startIcon={<DownloadIcon />}
            disabled={problem !== null}
            loading={download.isPending}
            onClick={() => download.mutate()}
          >
            {t.download}
          </Button>
        </Paper>

        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(5, minmax(0, 1fr))' },
          }}
        >
          <Figure testId={testIdOf(t.revenue)} label={t.revenue} value={totals ? money(totals.revenue) : '-'} />
          <Figure
            testId={testIdOf(t.providerCost)}
            label={t.providerCost}
            value={totals ? money(totals.providerCost) : '-'}
          />
          <Figure
            testId={testIdOf(t.grossMargin)}
            label={t.grossMargin}
            value={totals ? money(totals.grossMargin) : '-'}
            note={totals ? `${t.marginPercent} ${formatPercent(totals.marginPercent)}` : undefined}
          />
          <Figure
            testId={testIdOf(t.leakage)}
            label={t.leakage}
            value={totals ? money(totals.unbilledAmount + totals.belowCostAmount) : '-'}
            note={
              totals
                ? `${formatCount(totals.unbilled)} ${t.unbilled.toLowerCase()}, ${formatCount(totals.belowCost)} ${t.belowCost.toLowerCase()}`
                : undefined
            }
          />
          <Figure
            testId={testIdOf(t.freeSaved)}
            label={t.freeSaved}
            value={totals ? money(totals.freeSaved) : '-'}
            note={
              totals
                ? `${formatCount(totals.free)} ${t.free.toLowerCase()} of ${formatCount(totals.conversations)}`
                : undefined
            }
          />
        </Box>

        <PerMessageNote of="counts" />
        <DataTable
          label={t.title}
          columns={columnsFor(currency, url.groupBy)}
          rows={problem ? [] : data?.rows}
          rowKey={(r) => r.key}
          rowTestId="margin-row"
          query={query}
          emptyText={t.empty}
          errorText={messages.somethingWentWrongTryagain}
          minWidth={900}
        />
      </Box>
    </>
  );
};
