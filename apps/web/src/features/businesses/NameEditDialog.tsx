import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { useEffect, useId, useState } from 'react';
import { businessesPageTexts as t } from './texts';

type Props = {
  open: boolean;
  title: string;
  current: string;
  busy: boolean;
  onSave: (name: string) => void;
  onClose: () => void;
};

/** Enter the new name, Continue (disabled when blank), then Confirm showing old and new name. */
export const NameEditDialog = ({ open, title, current, busy, onSave, onClose }: Props) => {
  const titleId = useId();
  const [value, setValue] = useState(current);
  const [confirming, setConfirming] = useState(false);
  useEffect(() => {
    if (open) {
      setValue(current);
      setConfirming(false);
    }
  }, [open, current]);
  const next = value.trim();
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        {confirming ? (
          <DialogContentText>{t.confirmRename(current, next)}</DialogContentText>
        ) : (
          <TextField
            autoFocus
            fullWidth
            label={t.newName}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            sx={{ mt: 1 }}
            slotProps={{ htmlInput: { maxLength: 120 } }}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={confirming ? () => setConfirming(false) : onClose} disabled={busy}>
          {t.cancel}
        </Button>
        {confirming ? (
          <Button variant="contained" onClick={() => onSave(next)} loading={busy}>
            {t.confirm}
          </Button>
        ) : (
          <Button variant="contained" onClick={() => setConfirming(true)} disabled={!next}>
            {t.continue}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
};
