import { Box, Chip, Paper, Typography } from '@mui/material';
import { formatCount, formatDate, formatMoney, type PartnerAccount } from '@pc/contract';
import type { ReactNode } from 'react';
import { partnersTexts, accountTexts as t } from './texts';

const Figure = ({ label, value, note, testId }: { label: string; value: string; note?: string; testId?: string }) => (
  <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }}>
    <Typography variant="body2" color="text.secondary">
      {label}
    </Typography>
    <Typography variant="h6" component="p" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }} data-testid={testId}>
      {value}
    </Typography>
    {note && (
      <Typography variant="caption" color="text.secondary">
        {note}
      </Typography>
    )}
  </Paper>
);

const Detail = ({ label, children }: { label: string; children: ReactNode }) => (
  <Box sx={{ minWidth: 0 }}>
    <Typography variant="caption" color="text.secondary" component="p">
      {label}
    </Typography>
    <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
      {children}
    </Typography>
  </Box>
);

/** The account at a glance: type and currency, its balances and partnership, then brand, domain, owner and quotas. */
export const AccountSummary = ({ partner }: { partner: PartnerAccount }) => {
  const money = (units: number) => formatMoney(units, partner.currency);
  const c = partnersTexts.columns;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Chip label={partner.type} size="small" />
        <Chip label={partner.currency} size="small" variant="outlined" />
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, minmax(0, 1fr))' } }}>
        <Figure label={c.centralBalance} value={money(partner.centralBalance)} testId="account-central-balance" />
        <Figure label={c.minAllowedBalance} value={money(partner.minAllowedBalance)} />
        <Figure
          label={c.partnershipFee}
          value={money(partner.partnershipFee)}
          note={
            partner.partnershipRenewalOn
              ? `${c.renewalOn} ${formatDate(`${partner.partnershipRenewalOn}T12:00:00`)}`
              : t.noRenewal
          }
        />
        <Figure label={c.projects} value={formatCount(partner.projectCount)} />
      </Box>
      <Paper
        variant="outlined"
        sx={{ p: 2, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(4, 1fr)' } }}
      >
        <Detail label={t.brand}>{partner.brandName ?? '-'}</Detail>
        <Detail label={t.domain}>{partner.customDomain ?? '-'}</Detail>
        <Detail label={t.owner}>
          {partner.owner ? `${partner.owner.name} (${partner.owner.loginUsername}, ${partner.owner.email})` : '-'}
        </Detail>
        <Detail label={t.quotas}>{t.quotaLine(partner.maxAgents, partner.maxRoles, partner.agentSize)}</Detail>
      </Paper>
    </Box>
  );
};
