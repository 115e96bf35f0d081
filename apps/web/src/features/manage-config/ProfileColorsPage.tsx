import { Box, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  colorTexts,
  hasPermission,
  HEX_COLOR,
  MessageBody,
  ProfileColorResponse,
  withHash,
  type ProfileColors,
} from '@pc/contract';
import { useState } from 'react';
import { api } from '../../api/client';
import { errorText } from '../../api/errors';
import { Permitted } from '../../access/Permitted';
import { sessionKeys } from '../../session/keys';
import { useSession } from '../../session/session';
import { theme } from '../../brand/theme';
import { PageHeader } from '../../ui/PageHeader';
import { useNotify } from '../../ui/useNotify';

const colorKeys = { all: ['profile-colors'] as const };

/** The console's own colours, where a partner has saved none. */
const consoleColors: ProfileColors = {
  primary: theme.palette.primary.main,
  background: theme.palette.background.default,
};

const ColorField = (props: { label: string; value: string; onChange: (v: string) => void; readOnly: boolean }) => {
  const valid = HEX_COLOR.test(props.value);
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
      <Box
        aria-hidden
        sx={{
          width: 40,
          height: 40,
          flexShrink: 0,
          borderRadius: 1,
          border: '1px solid',
          borderColor: 'divider',
          bgcolor: valid ? props.value : 'transparent',
        }}
      />
      <TextField
        label={props.label}
        value={props.value}
        onChange={(e) => props.onChange(withHash(e.target.value))}
        error={!valid}
        helperText={valid ? ' ' : colorTexts.invalid}
        slotProps={{ input: { readOnly: props.readOnly }, htmlInput: { maxLength: 7, spellCheck: false } }}
      />
    </Stack>
  );
};

/**
 * /manage/profiles (doc 3 section 2): the primary and background colours of the partner's console;
 * read-only for a role without Manage Edit.
 */
export const ProfileColorsPage = () => {
  const { partner, viewer } = useSession();
  const readOnly = !hasPermission(viewer, 'manage.write');
  const notify = useNotify();
  const client = useQueryClient();
  const saved = useQuery({
    queryKey: colorKeys.all,
    // None saved yet answers 'No profile color found' with no colours: the page starts from the console's own.
    queryFn: () => api.get('/api/get-profile-color', ProfileColorResponse),
  });
  const [typed, setTyped] = useState<ProfileColors | null>(null);
  const shown = typed ?? saved.data?.colorObj ?? partner?.profileColors ?? consoleColors;
  const valid = HEX_COLOR.test(shown.primary) && HEX_COLOR.test(shown.background);
  const save = useMutation({
    mutationFn: (colorObj: ProfileColors) => api.post('/api/update-profile-color', { colorObj }, MessageBody),
    onSuccess: async () => {
      notify.success(colorTexts.updated);
      setTyped(null);
      await client.invalidateQueries({ queryKey: colorKeys.all });
      // The console re-themes from the profile's colours.
      await client.invalidateQueries({ queryKey: sessionKeys.partner() });
    },
    onError: (error) => notify.error(errorText(error, colorTexts.changeFailed)),
  });

  return (
    <>
      <PageHeader title={colorTexts.title} />
      <Paper sx={{ p: 3 }}>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {saved.isError
            ? errorText(saved.error, colorTexts.notFound)
            : saved.data?.colorObj === null
              ? `${saved.data.message ?? colorTexts.notFound}. ${colorTexts.help}`
              : colorTexts.help}
        </Typography>
        <Stack spacing={1} sx={{ maxWidth: 420 }}>
          <ColorField
            label={colorTexts.primary}
            value={shown.primary}
            onChange={(primary) => setTyped({ ...shown, primary })}
            readOnly={readOnly}
          />
          <ColorField
            label={colorTexts.background}
            value={shown.background}
            onChange={(background) => setTyped({ ...shown, background })}
            readOnly={readOnly}
          />
          <Box>
            <Permitted permission="manage.write">
              <Button
                variant="contained"
                disabled={!valid || typed === null}
                loading={save.isPending}
                onClick={() => save.mutate(shown)}
              >
                {colorTexts.save}
              </Button>
            </Permitted>
          </Box>
        </Stack>
      </Paper>
    </>
  );
};
