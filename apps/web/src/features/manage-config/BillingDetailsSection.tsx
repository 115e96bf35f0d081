import { Box, Button, Paper, Typography } from '@mui/material';
import { billingDetailsTexts as t, gstStates, type Partner } from '@pc/contract';
import { useState } from 'react';
import { Permitted } from '../../access/Permitted';
import { BillingDetailsDialog } from './BillingDetailsDialog';

/** The partner's billing details on Configure Onboarding: what is saved, and the dialog to change it. */
export const BillingDetailsSection = ({ partner }: { partner: Partner }) => {
  const [open, setOpen] = useState(false);
  const address = partner.billingAddress;
  return (
    <Paper component="section" aria-label={t.title} sx={{ p: 3 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
          {t.title}
        </Typography>
        <Permitted permission="manage.write">
          <Button variant="outlined" onClick={() => setOpen(true)}>
            {address ? 'Edit billing details' : 'Add billing details'}
          </Button>
        </Permitted>
      </Box>
      {address ? (
        <Typography sx={{ mt: 1.5, whiteSpace: 'pre-line' }} data-testid="billing-address">
          {[
            `${address.firstName} ${address.lastName}, ${address.company}`,
            [address.line1, address.line2].filter(Boolean).join(', '),
            `${address.city} ${address.zip}, ${gstStates[address.stateCode as keyof typeof gstStates] ?? address.stateCode}, ${address.country}`,
            `${address.email} · +91 ${address.phone} · GSTIN ${address.gstin}`,
          ]
            .filter(Boolean)
            .join('\n')}
        </Typography>
      ) : (
        <Typography color="text.secondary" sx={{ mt: 1.5 }}>
          {t.noBillingAddress}
        </Typography>
      )}
      {open && <BillingDetailsDialog open partner={partner} onClose={() => setOpen(false)} />}
    </Paper>
  );
};
