import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, TextField } from '@mui/material';
import { zodResolver } from '@hookform/resolvers/zod';
import { CreatePartnerAgentRequest, DEFAULT_COUNTRY, DEFAULT_DIAL_CODE, messages } from '@pc/contract';
import { useId } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { errorText, isNetworkError } from '../../api/errors';
import { PasswordField } from '../../ui/PasswordField';
import { useNotify } from '../../ui/useNotify';
import { CountryField } from './CountryField';
import { teamTexts } from './texts';
import { useCreateMember } from './useTeamMutations';
import type { z } from 'zod';

type Values = z.input<typeof CreatePartnerAgentRequest>;

const emptyMember: Values = {
  agentRole: '',
  loginUsername: '',
  name: '',
  loginPassword: '',
  email: '',
  country: DEFAULT_COUNTRY,
  dialCode: DEFAULT_DIAL_CODE.replace('+', ''),
  phoneNumber: '',
};

type Props = { open: boolean; roleNames: string[]; onClose: () => void };

export const CreateMemberDialog = ({ open, roleNames, onClose }: Props) => {
  const titleId = useId();
  const notify = useNotify();
  const create = useCreateMember();
  const { control, register, handleSubmit, reset, setValue, formState } = useForm<Values>({
    resolver: zodResolver(CreatePartnerAgentRequest),
    defaultValues: emptyMember,
    mode: 'onChange',
  });
  const dialCode = useWatch({ control, name: 'dialCode' });
  const { errors, touchedFields, dirtyFields, isValid, isSubmitting } = formState;
  // Inline errors once the user has typed in or left the field, not on an untouched form.
  const shown = (name: keyof Values) => (touchedFields[name] || dirtyFields[name] ? errors[name]?.message : undefined);

  const close = () => {
    reset(emptyMember);
    onClose();
  };
  const submit = handleSubmit(async (values) => {
    try {
      await create.mutateAsync(values);
      notify.success(messages.memberCreated);
      close();
    } catch (error) {
      const text = isNetworkError(error)
        ? messages.memberCreateNoResponse
        : errorText(error, messages.memberCreateNoResponse);
      notify.error(text);
      if (text === messages.userNameExists) {
        setValue('loginUsername', '', { shouldValidate: true });
        setValue('loginPassword', '', { shouldValidate: true });
      }
    }
  });

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id={titleId}>{teamTexts.createTitle}</DialogTitle>
        <DialogContent>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, pt: 1 }}>
            <Controller
              control={control}
              name="agentRole"
              render={({ field }) => (
                <TextField select label={teamTexts.role} {...field} sx={{ gridColumn: '1 / -1' }}>
                  {roleNames.map((role) => (
                    <MenuItem key={role} value={role}>
                      {role}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <TextField
              label={teamTexts.username}
              autoComplete="off"
              error={Boolean(shown('loginUsername'))}
              helperText={shown('loginUsername')}
              {...register('loginUsername')}
            />
            <TextField label={teamTexts.name} autoComplete="off" {...register('name')} />
            <PasswordField label={teamTexts.password} autoComplete="new-password" {...register('loginPassword')} />
            <TextField
              label={teamTexts.email}
              type="email"
              autoComplete="off"
              error={Boolean(shown('email'))}
              helperText={shown('email')}
              {...register('email')}
            />
            <Controller
              control={control}
              name="country"
              render={({ field }) => (
                <CountryField
                  value={field.value}
                  onChange={(country) => {
                    field.onChange(country.code);
                    setValue('dialCode', country.dialCode, { shouldValidate: true });
                  }}
                />
              )}
            />
            <Box sx={{ display: 'flex', gap: 1 }}>
              <TextField
                label={teamTexts.dialCode}
                value={`+${dialCode}`}
                slotProps={{ htmlInput: { readOnly: true } }}
                sx={{ width: 110, flexShrink: 0 }}
              />
              <TextField
                label={teamTexts.phone}
                type="tel"
                autoComplete="off"
                error={Boolean(shown('phoneNumber'))}
                helperText={shown('phoneNumber')}
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                {...register('phoneNumber')}
              />
            </Box>
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={!isValid} loading={isSubmitting}>
            {teamTexts.create}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
