import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  InputAdornment,
  MenuItem,
  TextField,
  Tooltip,
} from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  BILLING_COUNTRY,
  BILLING_DIAL_CODE,
  billingDetailsTexts as t,
  gstStates,
  MessageBody,
  type BillingAddressInput,
  type Partner,
} from '@pc/contract';
import { useState } from 'react';
import { api } from '../../api/client';
import { errorText } from '../../api/errors';
import { sessionKeys } from '../../session/keys';
import { useNotify } from '../../ui/useNotify';

type Values = Omit<BillingAddressInput, 'country'>;
const emptyValues: Values = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  company: '',
  line1: '',
  line2: '',
  city: '',
  zip: '',
  stateCode: '' as Values['stateCode'],
  gstin: '',
};
const requiredFields = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'company',
  'city',
  'zip',
  'stateCode',
  'gstin',
] as const;
const labels: Record<keyof Values, string> = {
  firstName: 'First Name',
  lastName: 'Last Name',
  email: 'Email',
  phone: 'Phone',
  company: 'Company',
  line1: 'Address Line 1',
  line2: 'Address Line 2',
  city: 'City',
  zip: 'Zip',
  stateCode: 'State',
  gstin: 'GSTIN',
};
/** What each field lets through as it is typed (doc 3 section 5). */
const typedAs: Partial<Record<keyof Values, (v: string) => string>> = {
  phone: (v) => v.replace(/\D/g, '').slice(0, 10),
  zip: (v) => v.replace(/\D/g, '').slice(0, 6),
  gstin: (v) =>
    v
      .toUpperCase()
      .replace(/[^A-Z0-9]/g, '')
      .slice(0, 15),
};

type Props = { open: boolean; partner: Partner; onClose: () => void };

/** The Billing details dialog (doc 3 sections 2 and 5); the server applies the same rules. */
export const BillingDetailsDialog = ({ open, partner, onClose }: Props) => {
  const notify = useNotify();
  const client = useQueryClient();
  const [values, setValues] = useState<Values>(() => ({ ...emptyValues, ...(partner.billingAddress ?? {}) }) as Values);
  const missing = requiredFields.some((f) => !String(values[f] ?? '').trim());
  const zipInvalid = values.zip !== '' && values.zip.length !== 6;
  const save = useMutation({
    mutationFn: () =>
      api.post(
        '/api/update-partner-billing-details',
        { billingAddress: { ...values, country: BILLING_COUNTRY } },
        MessageBody,
      ),
    onSuccess: async (answer) => {
      notify.success(answer.message);
      await client.invalidateQueries({ queryKey: sessionKeys.partner() });
      onClose();
    },
    onError: (error) => notify.error(errorText(error, t.saveFailed)),
  });
  const field = (name: keyof Values, extra: object = {}) => (
    <TextField
      key={name}
      label={labels[name]}
      required={(requiredFields as readonly string[]).includes(name)}
      value={values[name] ?? ''}
      onChange={(e) => setValues((v) => ({ ...v, [name]: (typedAs[name] ?? ((x: string) => x))(e.target.value) }))}
      {...extra}
    />
  );

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="billing-details-title">
      <DialogTitle id="billing-details-title">{t.title}</DialogTitle>
      <DialogContent
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, pt: '8px !important' }}
      >
        {field('firstName')}
        {field('lastName')}
        {field('email', { type: 'email' })}
        {field('phone', {
          slotProps: {
            input: { startAdornment: <InputAdornment position="start">{BILLING_DIAL_CODE}</InputAdornment> },
            htmlInput: { inputMode: 'numeric' },
          },
        })}
        {field('company')}
        {field('gstin')}
        {field('line1')}
        {field('line2')}
        {field('city')}
        {field('zip', {
          error: zipInvalid,
          helperText: zipInvalid ? t.invalidPostalCode : undefined,
          slotProps: { htmlInput: { inputMode: 'numeric' } },
        })}
        <TextField label="Country" value={BILLING_COUNTRY} disabled />
        {field('stateCode', {
          select: true,
          children: Object.entries(gstStates).map(([code, name]) => (
            <MenuItem key={code} value={code}>
              {name}
            </MenuItem>
          )),
        })}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Tooltip title={missing ? t.requiredMissing : ''}>
          <span>
            <Button
              variant="contained"
              disabled={missing || zipInvalid}
              loading={save.isPending}
              onClick={() => save.mutate()}
            >
              Save
            </Button>
          </span>
        </Tooltip>
      </DialogActions>
    </Dialog>
  );
};
