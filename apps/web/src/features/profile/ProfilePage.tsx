import { Box, Button, Divider, Link, Paper, Stack, TextField, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import { zodResolver } from '@hookform/resolvers/zod';
import { isOwner, messages } from '@pc/contract';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { signOut } from '../../session/api';
import { useSession } from '../../session/session';
import { FormSection } from '../../ui/FormSection';
import { PageHeader } from '../../ui/PageHeader';
import { PasswordField } from '../../ui/PasswordField';
import { brandUrlFields, formValuesOf, ProfileForm, type ProfileFormValues } from './profileForm';
import { profileTexts } from './texts';
import { useSaveProfile } from './useSaveProfile';

export const ProfilePage = () => {
  const { me, partner, viewer } = useSession();
  const canEditBrand = isOwner(viewer) && partner !== null;
  const [editing, setEditing] = useState(false);
  const save = useSaveProfile(partner, canEditBrand);
  const { register, handleSubmit, reset, formState } = useForm<ProfileFormValues>({
    resolver: zodResolver(ProfileForm),
    defaultValues: formValuesOf(partner),
  });

  // The saved partner comes back from the server: show it while not editing.
  useEffect(() => {
    if (!editing) reset(formValuesOf(partner));
  }, [partner, editing, reset]);

  const cancel = () => {
    reset(formValuesOf(partner));
    setEditing(false);
  };
  const submit = handleSubmit(async (values) => {
    if (await save(values)) {
      reset({ ...values, oldPassword: '', newPassword: '' });
      setEditing(false);
    }
  });
  const fieldError = (name: keyof ProfileFormValues) => ({
    error: Boolean(formState.errors[name]),
    helperText: formState.errors[name]?.message,
  });

  const actions = editing ? (
    <>
      <Button onClick={cancel} disabled={formState.isSubmitting}>
        Cancel
      </Button>
      <Button type="submit" form="profile-form" variant="contained" loading={formState.isSubmitting}>
        Save
      </Button>
    </>
  ) : (
    <Button variant="contained" startIcon={<EditOutlinedIcon />} onClick={() => setEditing(true)}>
      Edit
    </Button>
  );

  return (
    <>
      <PageHeader title={profileTexts.title} actions={actions} />
      <Paper
        component="form"
        id="profile-form"
        noValidate
        onSubmit={(event) => void submit(event)}
        sx={{ p: { xs: 2, md: 3 }, maxWidth: 880 }}
      >
        <Stack spacing={3}>
          <FormSection title={profileTexts.details}>
            <TextField
              label={profileTexts.name}
              value={me.agent?.name ?? me.name}
              slotProps={{ htmlInput: { readOnly: true } }}
            />
            {me.agent && (
              <TextField
                label={profileTexts.email}
                value={me.agent.email}
                helperText={messages.emailReadOnlyHelper}
                slotProps={{ htmlInput: { readOnly: true } }}
              />
            )}
          </FormSection>
          {canEditBrand && (
            <FormSection title={profileTexts.brand}>
              {brandUrlFields.map((field) => (
                <TextField
                  key={field}
                  label={profileTexts[field]}
                  disabled={!editing}
                  type="url"
                  {...register(field)}
                  {...fieldError(field)}
                />
              ))}
              <Link component={RouterLink} to="/preview" sx={{ alignSelf: 'center' }}>
                {profileTexts.preview}
              </Link>
            </FormSection>
          )}
          <FormSection title={profileTexts.password}>
            {editing ? (
              <>
                <PasswordField
                  label={profileTexts.currentPassword}
                  autoComplete="current-password"
                  {...register('oldPassword')}
                  {...fieldError('oldPassword')}
                />
                <PasswordField
                  label={profileTexts.newPassword}
                  autoComplete="new-password"
                  {...register('newPassword')}
                  {...fieldError('newPassword')}
                />
              </>
            ) : (
              <Typography color="text.secondary">{profileTexts.passwordHint}</Typography>
            )}
          </FormSection>
          <Divider />
          <Box>
            <Button color="error" variant="outlined" startIcon={<LogoutIcon />} onClick={() => void signOut()}>
              Sign Out
            </Button>
          </Box>
        </Stack>
      </Paper>
    </>
  );
};
