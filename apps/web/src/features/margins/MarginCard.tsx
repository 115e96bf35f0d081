import { Box, Button, Paper, Typography } from '@mui/material';
import { formatMoney, formatPercent, marginTexts as t, type Currency, type MarginFigures } from '@pc/contract';
import { useQueries } from '@tanstack/react-query';
import { Link } from 'react-router';
import { fetchMargins, marginKeys } from './api';
import { marginPresetRange } from './range';

type MonthProps = { label: string; testId: string; figures: MarginFigures; currency: Currency };

const Month = ({ label, testId, figures, currency }: MonthProps) => (
  <Box>
    <Typography variant="body2" color="text.secondary">
      {label}
    </Typography>
    <Typography variant="h6" component="p" sx={{ fontWeight: 700 }} data-testid={testId}>
      {formatMoney(figures.grossMargin, currency)}
      {figures.marginPercent !== null && (
        <Typography component="span" variant="body2" color="text.secondary">
          {` (${formatPercent(figures.marginPercent)})`}
        </Typography>
      )}
    </Typography>
  </Box>
);

/**
 * The dashboard's margin card (ours, beside the spec's cards): this month's gross margin so far
 * against last month's whole, from the same call as the Margins page (grouped by category: the fewest rows).
 */
export const MarginCard = () => {
  // Both months asked for at once; each is the Margins page's own cache entry.
  const [now, before] = useQueries({
    queries: (['thisMonth', 'lastMonth'] as const).map((preset) => {
      const range = marginPresetRange(preset);
      return {
        queryKey: marginKeys.range(range.startDate, range.endDate, 'category'),
        queryFn: () => fetchMargins(range.startDate, range.endDate, 'category'),
      };
    }),
  });
  if (!now?.data || !before?.data) return null;
  const currency = now.data.currency;
  const [thisMonth, lastMonth] = [now.data.totals, before.data.totals];
  return (
    <Paper sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-label="Margin" data-testid="margin-card">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {t.grossMargin}
        </Typography>
        <Button component={Link} to="/margins" size="small">
          {t.title}
        </Button>
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' }}>
        <Month label="This month" testId="margin-this-month" figures={thisMonth} currency={currency} />
        <Month label="Last month" testId="margin-last-month" figures={lastMonth} currency={currency} />
      </Box>
    </Paper>
  );
};
