import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useId } from 'react';
import { templateTexts as t } from '../texts';

type Props = {
  open: boolean;
  /** Editing a saved draft: discarding deletes it. */
  fromDraft: boolean;
  /** Editing a template with Meta: only the changes are discarded, and there is no draft to save. */
  editing?: boolean;
  busy: 'discard' | 'draft' | null;
  onDiscard: () => void;
  onSaveDraft: () => void;
  onCancel: () => void;
};

/**
 * Discard Template's confirmation: Discard template or Save to Draft, both back to the list (doc 2
 * section 2.3); an edit's: Discard changes, the template staying as Meta has it.
 */
export const DiscardDialog = ({ open, fromDraft, editing = false, busy, onDiscard, onSaveDraft, onCancel }: Props) => {
  const titleId = useId();
  const text = editing ? t.discardChangesText : fromDraft ? t.discardDraftText : t.discardText;
  return (
    <Dialog open={open} onClose={busy ? undefined : onCancel} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{editing ? t.discardChangesTitle : t.discardTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText>{text}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onCancel} disabled={busy !== null}>
          {t.keepEditing}
        </Button>
        <Button color="error" onClick={onDiscard} loading={busy === 'discard'} disabled={busy === 'draft'}>
          {editing ? t.discardChanges : t.discard}
        </Button>
        {!editing && (
          <Button variant="contained" onClick={onSaveDraft} loading={busy === 'draft'} disabled={busy === 'discard'}>
            {t.saveToDraft}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
};
