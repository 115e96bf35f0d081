import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  InputAdornment,
  Radio,
  RadioGroup,
} from '@mui/material';
import { zodResolver } from '@hookform/resolvers/zod';
import { CorrectionForm, currencySymbol, type PartnerAccount } from '@pc/contract';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { errorText } from '../../../api/errors';
import { TextInput } from '../../../ui/TextInput';
import { useIdempotencyKey } from '../../project-detail/actions/useIdempotencyKey';
import { useAdminNotify } from '../useAdminNotify';
import { moneyTexts as t } from './texts';
import { useCorrection } from './useAccountMutations';

type Values = z.input<typeof CorrectionForm>;
type Parsed = z.output<typeof CorrectionForm>;

/** Correction: add to or subtract from the central balance (never below zero), with the reason the partner reads. */
export const CorrectionDialog = ({ partner, onClose }: { partner: PartnerAccount; onClose: () => void }) => {
  const titleId = useId();
  const notify = useAdminNotify();
  const correction = useCorrection(partner.id);
  const keyOf = useIdempotencyKey();
  const { control, register, handleSubmit, formState } = useForm<Values, unknown, Parsed>({
    resolver: zodResolver(CorrectionForm),
    defaultValues: { action: 'ADD', amount: '', reason: '' },
    mode: 'onChange',
  });
  const { errors, touchedFields, dirtyFields, isValid, isSubmitting } = formState;
  const shown = (name: keyof Values) => (touchedFields[name] || dirtyFields[name] ? errors[name]?.message : undefined);

  const submit = handleSubmit(async (body) => {
    try {
      notify.success((await correction.mutateAsync({ body, key: keyOf(body) })).message);
      onClose();
    } catch (error) {
      notify.error(errorText(error, t.correctionFailed));
    }
  });

  return (
    <Dialog open onClose={isSubmitting ? undefined : onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id={titleId}>{t.correctionTitle}</DialogTitle>
        <DialogContent>
          <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>
            <Controller
              control={control}
              name="action"
              render={({ field }) => (
                <RadioGroup row aria-label={t.action} {...field}>
                  <FormControlLabel value="ADD" control={<Radio />} label={t.add} />
                  <FormControlLabel value="SUBTRACT" control={<Radio />} label={t.subtract} />
                </RadioGroup>
              )}
            />
            <TextInput
              label={t.amount}
              autoComplete="off"
              inputProps={{ inputMode: 'decimal' }}
              startAdornment={<InputAdornment position="start">{currencySymbol(partner.currency)}</InputAdornment>}
              error={Boolean(shown('amount'))}
              helperText={shown('amount')}
              {...register('amount')}
            />
            <TextInput
              label={t.reason}
              autoComplete="off"
              multiline
              minRows={2}
              error={Boolean(shown('reason'))}
              helperText={shown('reason') ?? t.reasonHint}
              {...register('reason')}
            />
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={!isValid} loading={isSubmitting}>
            {t.apply}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
