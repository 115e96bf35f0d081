import { Box, Button, Paper, Skeleton, Typography } from '@mui/material';
import {
  checkDashboardRange,
  DayRangeUrl,
  conversationCategories,
  DASHBOARD_EARLIEST_DATE,
  formatMoney,
  type Currency,
  type UsageByCategory,
} from '@pc/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { fetchDashboardUsage } from './api';
import { dashboardKeys } from './keys';
import { DateRangeFields } from '../../ui/DateRangeFields';
import { ErrorState } from '../../ui/ErrorState';
import { PerMessageNote } from '../../ui/PerMessageNote';
import { useUrlState } from '../../ui/useUrlState';
import { localToday } from '../../ui/localDay';
import { categoryLabels, dashboardTexts as t } from './texts';
import { appliedRange } from './usageRange';

const Tiles = ({
  title,
  usage,
  currency,
  testId,
}: {
  title: string;
  usage: UsageByCategory | undefined;
  currency: Currency;
  testId: string;
}) => (
  <Box component="section" aria-label={title} data-testid={testId}>
    <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
      {title}
    </Typography>
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
      }}
    >
      {conversationCategories.map((c) => (
        <Paper key={c} variant="outlined" sx={{ p: 2, minWidth: 0 }} data-category={c}>
          <Typography variant="body2" color="text.secondary">
            {categoryLabels[c]}
          </Typography>
          {usage ? (
            <>
              <Typography
                variant="h6"
                component="p"
                sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}
                data-testid="amount"
              >
                {formatMoney(usage[c].amount, currency)}
              </Typography>
              <Typography variant="caption" color="text.secondary" data-testid="count">
                {t.conversations(usage[c].count)}
              </Typography>
            </>
          ) : (
            <Skeleton width="60%" height={40} />
          )}
        </Paper>
      ))}
    </Box>
  </Box>
);

/** The date-range usage section: last week by default, from 25 March 2023, never in the future; Apply loads it. */
export const UsageSection = ({ currency }: { currency: Currency }) => {
  const today = localToday();
  // The applied range lives in the URL (empty: last week); the fields hold a draft until Apply.
  const [url, setUrl] = useUrlState(DayRangeUrl);
  const applied = appliedRange(url, today);
  const [draft, setDraft] = useState(applied);
  const [shown, setShown] = useState(applied);
  // Back or Forward changed the applied range: the fields follow it.
  if (shown.fromDate !== applied.fromDate || shown.toDate !== applied.toDate) {
    setShown(applied);
    setDraft(applied);
  }
  const problem = checkDashboardRange(draft.fromDate, draft.toDate, today);
  const usage = useQuery({
    queryKey: dashboardKeys.usage(applied.fromDate, applied.toDate),
    queryFn: () => fetchDashboardUsage(applied.fromDate, applied.toDate),
  });

  return (
    <Paper sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-label={t.usageTitle}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start', mb: 3 }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1, minWidth: 120, alignSelf: 'center' }}>
          {t.usageTitle}
        </Typography>
        <DateRangeFields
          from={draft.fromDate}
          to={draft.toDate}
          onChange={(fromDate, toDate) => setDraft({ fromDate, toDate })}
          earliest={DASHBOARD_EARLIEST_DATE}
          latest={today}
          labels={{ from: t.from, to: t.to }}
          size="small"
          sx={{ width: { xs: '100%', sm: 180 } }}
          problem={problem}
        />
        <Button
          variant="contained"
          disabled={Boolean(problem)}
          onClick={() => setUrl({ from: draft.fromDate, to: draft.toDate })}
        >
          {t.apply}
        </Button>
      </Box>
      {usage.isError ? (
        <ErrorState error={usage.error} fallback={t.loadFailed} onRetry={() => void usage.refetch()} />
      ) : (
        <Box sx={{ display: 'grid', gap: 3 }}>
          <Tiles title={t.balanceUsage} usage={usage.data?.balanceUsage} currency={currency} testId="balance-usage" />
          <Tiles
            title={t.templateCreditUsage}
            usage={usage.data?.templateCreditUsage}
            currency={currency}
            testId="template-credit-usage"
          />
          <PerMessageNote of="counts" />
        </Box>
      )}
    </Paper>
  );
};
