import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Step,
  StepLabel,
  Stepper,
  TextField,
} from '@mui/material';
import { zodResolver } from '@hookform/resolvers/zod';
import { CreateRoleRequest, hasAnyPermission, messages, noAccess } from '@pc/contract';
import { useId, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { errorText } from '../../api/errors';
import { useNotify } from '../../ui/useNotify';
import { PermissionMatrix } from './PermissionMatrix';
import { roleTexts } from './texts';
import { useCreateRole } from './useRoleMutations';

type Values = z.input<typeof CreateRoleRequest>;
const emptyValues: Values = { name: '', permissionsList: noAccess };

type Props = { open: boolean; onClose: () => void };

/** Two steps: the role's name, then its permissions (Member Roles). */
export const CreateRoleDialog = ({ open, onClose }: Props) => {
  const titleId = useId();
  const notify = useNotify();
  const create = useCreateRole();
  const [step, setStep] = useState(0);
  const { control, register, handleSubmit, reset, setValue, trigger, formState } = useForm<
    Values,
    unknown,
    z.output<typeof CreateRoleRequest>
  >({
    resolver: zodResolver(CreateRoleRequest),
    defaultValues: emptyValues,
  });
  const name = useWatch({ control, name: 'name' });
  const permissions = useWatch({ control, name: 'permissionsList' });

  const close = () => {
    reset(emptyValues);
    setStep(0);
    create.reset();
    onClose();
  };
  const next = async () => {
    if (await trigger('name')) setStep(1);
  };
  const back = () => {
    setValue('name', '');
    setStep(0);
  };
  const submit = handleSubmit(async (values) => {
    try {
      await create.mutateAsync({ name: values.name.trim(), permissionsList: values.permissionsList });
      notify.success(messages.roleCreated);
      close();
    } catch (error) {
      notify.error(errorText(error, messages.roleCreateFailed));
    }
  });

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id={titleId}>{roleTexts.createTitle}</DialogTitle>
        <DialogContent>
          <Stepper activeStep={step} sx={{ mb: 3, mt: 1 }}>
            {roleTexts.steps.map((label) => (
              <Step key={label}>
                <StepLabel>{label}</StepLabel>
              </Step>
            ))}
          </Stepper>
          {step === 0 ? (
            <TextField
              label={roleTexts.nameLabel}
              autoFocus
              error={Boolean(formState.errors.name)}
              helperText={formState.errors.name?.message}
              {...register('name')}
              onKeyDown={(event) => {
                // Enter moves on to the permissions instead of submitting a role without any.
                if (event.key === 'Enter') {
                  event.preventDefault();
                  if (name.trim()) void next();
                }
              }}
            />
          ) : (
            <Controller
              control={control}
              name="permissionsList"
              render={({ field }) => <PermissionMatrix value={field.value} onChange={field.onChange} />}
            />
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Close</Button>
          {step === 1 && <Button onClick={back}>Back</Button>}
          {step === 0 ? (
            <Button variant="contained" disabled={!name.trim()} onClick={() => void next()}>
              Next
            </Button>
          ) : (
            <Button
              type="submit"
              variant="contained"
              disabled={!hasAnyPermission({ ...noAccess, ...permissions })}
              loading={formState.isSubmitting}
            >
              Create
            </Button>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
};
