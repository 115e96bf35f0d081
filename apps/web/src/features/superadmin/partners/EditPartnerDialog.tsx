import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { zodResolver } from '@hookform/resolvers/zod';
import { PartnerFieldsForm, type PartnerAccount } from '@pc/contract';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { errorText } from '../../../api/errors';
import { unitsToInput } from '../../plan-details/units';
import { useAdminNotify } from '../useAdminNotify';
import { PartnerFields } from './PartnerFields';
import { fieldTexts as t } from './texts';
import { useUpdatePartner } from './useAccountMutations';

type Values = z.input<typeof PartnerFieldsForm>;
type Parsed = z.output<typeof PartnerFieldsForm>;

const valuesOf = (p: PartnerAccount): Values => ({
  name: p.name,
  brandName: p.brandName ?? '',
  customDomain: p.customDomain ?? '',
  maxAgents: String(p.maxAgents),
  maxRoles: String(p.maxRoles),
  agentSize: String(p.agentSize),
  minAllowedBalance: unitsToInput(p.minAllowedBalance),
  partnershipFee: unitsToInput(p.partnershipFee),
  partnershipRenewalOn: p.partnershipRenewalOn ?? '',
});

/** Edit: the partner's name, brand, domain, quotas, minimum balance and partnership; Save sends them. */
export const EditPartnerDialog = ({ partner, onClose }: { partner: PartnerAccount; onClose: () => void }) => {
  const titleId = useId();
  const notify = useAdminNotify();
  const update = useUpdatePartner(partner.id);
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const { register, handleSubmit, formState } = useForm<Values, unknown, Parsed>({
    resolver: zodResolver(PartnerFieldsForm),
    defaultValues: valuesOf(partner),
    mode: 'onChange',
  });
  const { errors, isDirty, isValid, isSubmitting } = formState;
  const submit = handleSubmit(async (values) => {
    try {
      notify.success((await update.mutateAsync(values)).message);
      onClose();
    } catch (error) {
      notify.error(errorText(error, t.updateFailed));
    }
  });

  return (
    <Dialog
      open
      onClose={isSubmitting ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="md"
      fullWidth
      fullScreen={fullScreen}
    >
      {/* A flex column, so that the fields scroll between a fixed title and fixed buttons. */}
      <form
        noValidate
        onSubmit={(event) => void submit(event)}
        style={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}
      >
        <DialogTitle id={titleId}>{t.editTitle}</DialogTitle>
        <DialogContent>
          <Box sx={{ display: 'grid', gap: 3, pt: 1 }}>
            <PartnerFields register={register} errors={errors} shown={() => true} currency={partner.currency} />
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isSubmitting}>
            {t.cancel}
          </Button>
          <Button type="submit" variant="contained" disabled={!isDirty || !isValid} loading={isSubmitting}>
            {t.save}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
