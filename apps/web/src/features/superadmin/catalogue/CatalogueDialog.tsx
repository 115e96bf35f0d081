import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useId, useState, type ReactNode } from 'react';
import { catalogueScreenTexts as t } from './texts';

type Props = {
  title: string;
  /** What the amounts are and what saving them does, under the title. */
  hint: string;
  /** Between the hint and the fields: what chooses or names the entry (an add-on's name, a market). */
  head?: ReactNode;
  /**
   * Sends the edit; null while there is nothing to send. Rejects when the server refuses: the
   * refusal was shown (useSaveCatalogue), and the dialog stays open with what was typed, to correct.
   */
  onSave: (() => Promise<void>) | null;
  onClose: () => void;
  /** The fields; Enter in one saves, as the Save button does. */
  children: ReactNode;
};

/**
 * The frame of the catalogue's edit dialogs: title, hint, fields, Cancel and Save. While saving, Save
 * spins and the dialog cannot be closed; it closes once the server took the edit. Full screen on a phone.
 */
export const CatalogueDialog = ({ title, hint, head, onSave, onClose, children }: Props) => {
  const titleId = useId();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [busy, setBusy] = useState(false);

  const save = async () => {
    if (!onSave || busy) return;
    setBusy(true);
    try {
      await onSave();
      onClose();
    } catch {
      // Nothing to do here: the refusal was shown, and what was typed stays to correct.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
      fullScreen={fullScreen}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {hint}
        </Typography>
        {head}
        <Box
          component="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
          sx={{ display: 'grid', gap: 2 }}
        >
          {children}
          {/* Enter in a field saves, as the Save button does. */}
          <button type="submit" hidden aria-hidden tabIndex={-1} />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t.cancel}
        </Button>
        <Button variant="contained" onClick={() => void save()} disabled={!onSave} loading={busy}>
          {t.save}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
