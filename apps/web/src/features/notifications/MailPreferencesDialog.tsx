import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  FormGroup,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { notificationKindLabels, notificationKinds, type NotificationKind } from '@pc/contract';
import { errorText } from '../../api/errors';
import { ErrorState } from '../../ui/ErrorState';
import { useNotify } from '../../ui/useNotify';
import { fetchPreferences, notificationKeys, savePreferences } from './api';

/** Which kinds of notification also come to the member by mail (each member chooses their own). */
export const MailPreferencesDialog = ({ onClose }: { onClose: () => void }) => {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const saved = useQuery({ queryKey: notificationKeys.preferences, queryFn: fetchPreferences });
  const [picked, setPicked] = useState<Set<NotificationKind> | null>(null);
  const chosen = picked ?? new Set(saved.data?.mail ?? []);
  const save = useMutation({
    mutationFn: () => savePreferences(notificationKinds.filter((k) => chosen.has(k))),
    onSuccess: (data) => {
      queryClient.setQueryData(notificationKeys.preferences, data);
      notify.success('Mail preferences saved');
      onClose();
    },
    onError: (error) => notify.error(errorText(error, 'Could not save your mail preferences.')),
  });
  const toggle = (kind: NotificationKind) => {
    const next = new Set(chosen);
    if (next.has(kind)) next.delete(kind);
    else next.add(kind);
    setPicked(next);
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby="mail-preferences-title" fullWidth maxWidth="sm">
      <DialogTitle id="mail-preferences-title">Mail preferences</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 1 }}>
          Every notification shows under the bell. Choose which ones also come to you by mail.
        </DialogContentText>
        {saved.isError ? (
          <ErrorState
            error={saved.error}
            fallback="Could not load your mail preferences."
            onRetry={() => void saved.refetch()}
          />
        ) : (
          <FormGroup>
            {notificationKinds.map((kind) => (
              <FormControlLabel
                key={kind}
                control={
                  <Checkbox checked={chosen.has(kind)} disabled={saved.isPending} onChange={() => toggle(kind)} />
                }
                label={notificationKindLabels[kind]}
              />
            ))}
          </FormGroup>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" disabled={saved.isPending || save.isPending} onClick={() => save.mutate()}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
};
