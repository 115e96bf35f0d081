import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  InputAdornment,
  Typography,
} from '@mui/material';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  currencySymbol,
  formatMoney,
  RECHARGE_GST_PERCENT,
  rechargeTaxOf,
  RechargeForm,
  type PartnerAccount,
} from '@pc/contract';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { errorText } from '../../../api/errors';
import { TextInput } from '../../../ui/TextInput';
import { useIdempotencyKey } from '../../project-detail/actions/useIdempotencyKey';
import { useAdminNotify } from '../useAdminNotify';
import { moneyTexts as t } from './texts';
import { useRecharge } from './useAccountMutations';

type Values = z.input<typeof RechargeForm>;
type Parsed = z.output<typeof RechargeForm>;

/**
 * Record recharge: the amount paid into the balance (currency units), the gateway's payment and
 * order ids. The GST the server adds for INR and the total paid show as the amount is typed.
 */
export const RechargeDialog = ({ partner, onClose }: { partner: PartnerAccount; onClose: () => void }) => {
  const titleId = useId();
  const notify = useAdminNotify();
  const recharge = useRecharge(partner.id);
  const keyOf = useIdempotencyKey();
  const { control, register, handleSubmit, formState } = useForm<Values, unknown, Parsed>({
    resolver: zodResolver(RechargeForm),
    defaultValues: { amount: '', paymentId: '', orderId: '' },
    mode: 'onChange',
  });
  const { errors, touchedFields, dirtyFields, isValid, isSubmitting } = formState;
  const shown = (name: keyof Values) => (touchedFields[name] || dirtyFields[name] ? errors[name]?.message : undefined);
  const typed = RechargeForm.shape.amount.safeParse(useWatch({ control, name: 'amount' }));
  const amount = typed.success ? typed.data : null;
  const tax = amount === null ? null : rechargeTaxOf(amount, partner.currency);
  const money = (units: number) => formatMoney(units, partner.currency);

  const submit = handleSubmit(async (body) => {
    try {
      const answer = await recharge.mutateAsync({ body, key: keyOf(body) });
      notify.success(answer.message);
      onClose();
    } catch (error) {
      notify.error(errorText(error, t.rechargeFailed));
    }
  });

  const field = (name: keyof Values, label: string, extra: Partial<Parameters<typeof TextInput>[0]> = {}) => (
    <TextInput
      autoComplete="off"
      {...extra}
      label={label}
      error={Boolean(shown(name))}
      helperText={shown(name)}
      {...register(name)}
    />
  );

  return (
    <Dialog open onClose={isSubmitting ? undefined : onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id={titleId}>{t.rechargeTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t.rechargeHint}</DialogContentText>
          <Box sx={{ display: 'grid', gap: 2 }}>
            {field('amount', t.amount, {
              inputProps: { inputMode: 'decimal' },
              startAdornment: <InputAdornment position="start">{currencySymbol(partner.currency)}</InputAdornment>,
            })}
            {field('paymentId', t.paymentId, { placeholder: 'pay_...' })}
            {field('orderId', t.orderId, { placeholder: 'order_...' })}
            <Box aria-live="polite" sx={{ display: 'grid', gridTemplateColumns: '1fr auto', rowGap: 0.5 }}>
              <Typography variant="body2" color="text.secondary">
                {partner.currency === 'INR' ? t.gst(RECHARGE_GST_PERCENT) : t.noTax}
              </Typography>
              <Typography variant="body2">{tax === null ? '-' : money(tax)}</Typography>
              <Typography variant="body2" sx={{ fontWeight: 700 }}>
                {t.total}
              </Typography>
              <Typography variant="body2" sx={{ fontWeight: 700 }}>
                {amount === null || tax === null ? '-' : money(amount + tax)}
              </Typography>
            </Box>
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={!isValid} loading={isSubmitting}>
            {t.record}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
