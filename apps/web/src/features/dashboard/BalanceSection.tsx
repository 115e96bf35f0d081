import ChatIcon from '@mui/icons-material/WhatsApp';
import { Box, Button, Paper, Skeleton, Typography } from '@mui/material';
import { formatMoney, type DashboardSummary, formatCount } from '@pc/contract';
import { dashboardTexts as t } from './texts';

const Figure = ({ label, value, testId }: { label: string; value: string; testId: string }) => (
  <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }}>
    <Typography variant="body2" color="text.secondary">
      {label}
    </Typography>
    <Typography variant="h5" component="p" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }} data-testid={testId}>
      {value}
    </Typography>
  </Paper>
);

/** Centralised Balance Management: Current Balance with Recharge Now, Min Balance Allowance, WhatsApp Account Live. */
export const BalanceSection = ({ summary }: { summary: DashboardSummary | undefined }) => (
  <Paper sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-label={t.balanceTitle}>
    <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
      {t.balanceTitle}
    </Typography>
    {!summary ? (
      <Skeleton variant="rounded" height={96} />
    ) : (
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' } }}>
        <Paper variant="outlined" sx={{ p: 2, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {t.currentBalance}
          </Typography>
          <Typography
            variant="h5"
            component="p"
            sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}
            data-testid="current-balance"
          >
            {formatMoney(summary.centralBalance, summary.currency)}
          </Typography>
          {summary.rechargeUrl && (
            <Button
              variant="contained"
              size="small"
              startIcon={<ChatIcon />}
              href={summary.rechargeUrl}
              target="_blank"
              rel="noopener noreferrer"
              sx={{ alignSelf: 'flex-start' }}
            >
              {t.rechargeNow}
            </Button>
          )}
        </Paper>
        <Figure
          label={t.minBalanceAllowance}
          value={formatMoney(summary.minAllowedBalance, summary.currency)}
          testId="min-balance-allowance"
        />
        <Figure
          label={t.whatsappAccountLive}
          value={formatCount(summary.whatsappAccountLive)}
          testId="whatsapp-account-live"
        />
      </Box>
    )}
  </Paper>
);
