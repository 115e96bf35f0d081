import DownloadIcon from '@mui/icons-material/Download';
import {
  Box,
  Button,
  MenuItem,
  Paper,
  Skeleton,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { ANALYTICS_EARLIEST_DATE, type Currency, formatCount } from '@pc/contract';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { DateRangeFields } from '../../ui/DateRangeFields';
import { PerMessageNote } from '../../ui/PerMessageNote';
import { ReportDialog } from '../../ui/ReportDialog';
import { fetchWccAnalytics } from './api';
import { analyticsCsv, saveText } from './csv';
import { analyticsKeys } from './keys';
import type { Preset } from './range';
import { countriesOf, totalsOf, usageOf } from './summarise';
import { analyticsTexts as t, reportFileName } from './texts';
import { useAnalyticsRange } from './useAnalyticsRange';
import { UsagePanel } from './UsagePanel';

const DayChart = lazy(() => import('./DayChart').then((m) => ({ default: m.DayChart })));

const presets: Preset[] = ['today', 'yesterday', 'last7', 'last30'];

const Total = ({ label, value, hint }: { label: string; value: number; hint?: string }) => (
  <Paper
    variant="outlined"
    sx={{ p: 2, minWidth: 0, gridColumn: hint ? { xs: '1 / -1', md: 'auto' } : undefined }}
    data-testid={`total-${label.toLowerCase()}`}
    title={hint}
  >
    <Typography variant="body2" color="text.secondary">
      {label}
    </Typography>
    <Typography variant="h5" component="p" sx={{ fontWeight: 700 }}>
      {formatCount(value)}
    </Typography>
  </Paper>
);

/** The Analytics page's components (spec doc 3 section 2), for the partner or for one project. */
export const AnalyticsView = ({ projectId, currency }: { projectId?: string; currency: Currency }) => {
  // The preset or the picked days, and the country, live in the URL (a shared link shows the same
  // figures); days still being picked do not, so the figures are always of a whole, allowed range.
  const { preset, range, fields, problem, today, country, setCountry, pickPreset, pickDays, closePicker } =
    useAnalyticsRange();
  const [reportOpen, setReportOpen] = useState(false);

  const query = useQuery({
    queryKey: analyticsKeys.range(range.startDate, range.endDate, projectId),
    queryFn: () => fetchWccAnalytics(range.startDate, range.endDate, projectId),
  });
  // Analytics failures are only logged and held as error state; no message (spec doc 1 section 8, doc 3 section 8).
  useEffect(() => {
    if (query.error) console.error('Analytics fetch failed', query.error);
  }, [query.error]);
  const rows = useMemo(() => query.data?.wccAnalytics ?? [], [query.data]);
  const countries = useMemo(() => countriesOf(rows), [rows]);
  const selectedCountry = country && countries.includes(country) ? country : null;
  const totals = totalsOf(rows);

  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Paper sx={{ p: { xs: 2, sm: 2.5 }, display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
        {/* One row on a phone too: the four presets share its width instead of wrapping. */}
        <ToggleButtonGroup
          size="small"
          exclusive
          value={preset}
          // The highlighted preset clicked again (MUI then says null) also drops days being picked.
          onChange={(_, p: Preset | null) => {
            const next = p ?? preset;
            if (next) pickPreset(next);
          }}
          aria-label="Date presets"
          sx={{
            width: { xs: '100%', sm: 'auto' },
            '& .MuiToggleButton-root': { flex: { xs: 1, sm: 'none' }, px: { xs: 0.5, sm: 1.5 }, whiteSpace: 'nowrap' },
          }}
        >
          {presets.map((p) => (
            <ToggleButton key={p} value={p}>
              {t.presets[p]}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        {/* Focus leaving both fields is the picker closing: a half-empty range is cleared then. */}
        <Box
          sx={{ display: 'contents' }}
          onBlur={(e) => {
            if (!e.currentTarget.contains(e.relatedTarget as Node | null)) closePicker();
          }}
        >
          <DateRangeFields
            from={fields.startDate}
            to={fields.endDate}
            onChange={pickDays}
            earliest={ANALYTICS_EARLIEST_DATE}
            latest={today}
            labels={{ from: t.from, to: t.to }}
            size="small"
            sx={{ width: { xs: '100%', sm: 170 } }}
            problem={problem}
          />
        </Box>
        <Box sx={{ flexGrow: 1 }} />
        <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => setReportOpen(true)}>
          {t.downloadReport}
        </Button>
      </Paper>

      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(5, minmax(0, 1fr))' },
        }}
      >
        <Total label={t.sent} value={totals.sent} />
        <Total label={t.delivered} value={totals.delivered} />
        <Total label={t.read} value={totals.read} />
        <Total label={t.failed} value={totals.failed} />
        <Total label={t.received} value={totals.received} hint={t.receivedHint} />
      </Box>

      <Paper sx={{ p: { xs: 1.5, sm: 2.5 }, minWidth: 0 }} component="section" aria-label={t.messagesPerDay}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
          {t.messagesPerDay}
        </Typography>
        {query.isPending ? (
          <Skeleton variant="rounded" height={300} />
        ) : rows.length === 0 ? (
          <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
            {t.noData}
          </Typography>
        ) : (
          <Suspense fallback={<Skeleton variant="rounded" height={300} />}>
            <DayChart rows={rows} />
          </Suspense>
        )}
      </Paper>

      <Paper sx={{ p: { xs: 1.5, sm: 2.5 }, display: 'grid', gap: 2, minWidth: 0 }}>
        <TextField
          select
          size="small"
          label={t.country}
          value={selectedCountry ?? ''}
          onChange={(e) => setCountry(e.target.value)}
          sx={{ maxWidth: 240 }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">{t.allCountries}</MenuItem>
          {countries.map((c) => (
            <MenuItem key={c} value={c}>
              {c}
            </MenuItem>
          ))}
        </TextField>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <UsagePanel
            title={t.templateCreditUsage}
            lines={usageOf(rows, 'TemplateCredit', selectedCountry)}
            currency={currency}
            testId="template-credit-panel"
          />
          <UsagePanel
            title={t.centralBalanceUsage}
            lines={usageOf(rows, 'CentralBalance', selectedCountry)}
            currency={currency}
            testId="central-balance-panel"
          />
        </Box>
        <PerMessageNote of="counts" />
      </Paper>

      <ReportDialog
        open={reportOpen}
        title={t.reportDialogTitle}
        withReasonCodes={false}
        onClose={() => setReportOpen(false)}
        onDownload={async (_request, { from, to }) => {
          // Analytics are kept per day: this call takes the days themselves.
          const data = await fetchWccAnalytics(from, to, projectId);
          saveText(analyticsCsv(data.wccAnalytics), reportFileName(from, to));
        }}
      />
    </Box>
  );
};
