import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  TextField,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { zodResolver } from '@hookform/resolvers/zod';
import { CreatePartnerForm, currencies, partnerTypes } from '@pc/contract';
import { useId } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { errorText } from '../../../api/errors';
import { FormSection } from '../../../ui/FormSection';
import { PasswordField } from '../../../ui/PasswordField';
import { TextInput } from '../../../ui/TextInput';
import { useAdminNotify } from '../useAdminNotify';
import { PartnerFields } from './PartnerFields';
import { fieldTexts as t } from './texts';
import { useCreatePartner } from './useAccountMutations';

type Values = z.input<typeof CreatePartnerForm>;
type Parsed = z.output<typeof CreatePartnerForm>;

const empty: Values = {
  type: 'WHITELABEL',
  currency: 'INR',
  name: '',
  brandName: '',
  customDomain: '',
  maxAgents: '10',
  maxRoles: '5',
  agentSize: '10',
  minAllowedBalance: '0',
  partnershipFee: '0',
  partnershipRenewalOn: '',
  owner: { name: '', email: '', loginUsername: '', password: '' },
};

/** Create Partner: the partner, its quotas and money, and its OWNER's sign-in; the account page opens after. */
export const CreatePartnerDialog = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const titleId = useId();
  const notify = useAdminNotify();
  const navigate = useNavigate();
  const create = useCreatePartner();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const { control, register, handleSubmit, reset, formState } = useForm<Values, unknown, Parsed>({
    resolver: zodResolver(CreatePartnerForm),
    defaultValues: empty,
    mode: 'onChange',
  });
  const currency = useWatch({ control, name: 'currency' });
  const { errors, touchedFields, dirtyFields, isValid, isSubmitting } = formState;
  const shown = (name: keyof Values) => Boolean(touchedFields[name] || dirtyFields[name]);
  const ownerError = (name: keyof Values['owner']) =>
    touchedFields.owner?.[name] || dirtyFields.owner?.[name] ? errors.owner?.[name]?.message : undefined;

  const close = () => {
    reset(empty);
    onClose();
  };
  const submit = handleSubmit(async (values) => {
    try {
      const { message, id } = await create.mutateAsync(values);
      notify.success(message);
      close();
      void navigate(`/partner-accounts/${encodeURIComponent(id)}`);
    } catch (error) {
      notify.error(errorText(error, t.createFailed));
    }
  });

  const owner = (name: keyof Values['owner'], label: string, type?: string) => (
    <TextInput
      label={label}
      type={type}
      autoComplete="off"
      error={Boolean(ownerError(name))}
      helperText={ownerError(name)}
      {...register(`owner.${name}`)}
    />
  );

  return (
    <Dialog
      open={open}
      onClose={isSubmitting ? undefined : close}
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
        <DialogTitle id={titleId}>{t.createTitle}</DialogTitle>
        <DialogContent>
          <Box sx={{ display: 'grid', gap: 3, pt: 1 }}>
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
              <Controller
                control={control}
                name="type"
                render={({ field }) => (
                  <TextField select size="small" label={t.type} {...field}>
                    {partnerTypes.map((type) => (
                      <MenuItem key={type} value={type}>
                        {type}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
              <Controller
                control={control}
                name="currency"
                render={({ field }) => (
                  <TextField select size="small" label={t.currency} {...field}>
                    {currencies.map((c) => (
                      <MenuItem key={c} value={c}>
                        {c}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            </Box>
            <PartnerFields register={register} errors={errors} shown={shown} currency={currency} />
            <FormSection title={t.ownerSection}>
              {owner('name', t.ownerName)}
              {owner('email', t.ownerEmail, 'email')}
              {owner('loginUsername', t.ownerUsername)}
              <PasswordField
                label={t.ownerPassword}
                autoComplete="new-password"
                error={Boolean(ownerError('password'))}
                helperText={ownerError('password')}
                {...register('owner.password')}
              />
            </FormSection>
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={isSubmitting}>
            {t.cancel}
          </Button>
          <Button type="submit" variant="contained" disabled={!isValid} loading={isSubmitting}>
            {t.create}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
