import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Box, IconButton, Link, Paper, Tooltip, Typography } from '@mui/material';
import { billingTexts, formatMoney, type BillingLog, formatDateTime } from '@pc/contract';
import type { ReactNode } from 'react';
import { useBack } from '../../ui/useBack';
import { useSession } from '../../session/session';
import { billingsPageTexts as t } from './texts';

const Field = ({ label, children }: { label: string; children: ReactNode }) => (
  <Box
    sx={{
      display: 'grid',
      gridTemplateColumns: { xs: '1fr', sm: '200px 1fr' },
      gap: { xs: 0.25, sm: 2 },
      py: 1.25,
      borderBottom: 1,
      borderColor: 'divider',
      '&:last-of-type': { borderBottom: 0 },
    }}
  >
    <Typography variant="body2" sx={{ fontWeight: 700, color: 'text.secondary' }}>
      {label}
    </Typography>
    <Typography variant="body2" component="div" sx={{ overflowWrap: 'anywhere' }}>
      {children}
    </Typography>
  </Box>
);

/** "Billing Details": the fields of one billing log (doc 1 section 2). */
export const BillingDetail = ({ log, assistantName }: { log: BillingLog; assistantName: string | null }) => {
  const { partner } = useSession();
  const back = useBack('/billings');
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2 }}>
        <Tooltip title={t.back}>
          <IconButton aria-label={t.back} onClick={back}>
            <ArrowBackIcon />
          </IconButton>
        </Tooltip>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
          {billingTexts.detailTitle}
        </Typography>
      </Box>
      <Paper variant="outlined" sx={{ px: { xs: 2, sm: 3 }, py: 1 }}>
        <Field label={t.projectName}>{assistantName ?? log.assistantName ?? '-'}</Field>
        <Field label={t.action}>{log.action}</Field>
        <Field label={t.amount}>{formatMoney(log.amount, partner?.currency)}</Field>
        <Field label={t.invoice}>
          {log.invoiceId && log.invoiceLink ? (
            <Link href={log.invoiceLink} target="_blank" rel="noopener noreferrer">
              {t.download}
            </Link>
          ) : (
            '-'
          )}
        </Field>
        <Field label={t.paymentId}>{log.paymentId ?? '-'}</Field>
        <Field label={t.orderId}>{log.orderId ?? '-'}</Field>
        <Field label={t.reasonCode}>{log.reasonCode}</Field>
        <Field label={t.message}>{log.message || '-'}</Field>
        <Field label={t.createdAt}>{formatDateTime(log.createdAt)}</Field>
        {log.byName && <Field label={t.byMember}>{log.byName}</Field>}
      </Paper>
    </>
  );
};
