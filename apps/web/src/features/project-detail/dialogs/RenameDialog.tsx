import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField, Typography } from '@mui/material';
import { projectMessages, type ProjectDetail } from '@pc/contract';
import { useState } from 'react';
import { renameProject } from '../api';
import { texts } from '../texts';
import { useProjectMutation } from '../useProjectMutation';

/** Rename in two steps: enter the name and Continue, then confirm. */
export const RenameDialog = ({ project, onClose }: { project: ProjectDetail; onClose: () => void }) => {
  const [name, setName] = useState(project.assistantName);
  const [confirming, setConfirming] = useState(false);
  const rename = useProjectMutation(project._id, (n: string) => renameProject(project.partnerId, project._id, n), {
    fallback: projectMessages.somethingWentWrong,
    success: projectMessages.nameUpdated,
    onSuccess: onClose,
  });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{texts.rename}</DialogTitle>
      <DialogContent>
        {confirming ? (
          <Typography>{texts.renameConfirm(project.assistantName, name.trim())}</Typography>
        ) : (
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label={texts.newName}
            value={name}
            onChange={(e) => setName(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={confirming ? () => setConfirming(false) : onClose}>
          {confirming ? texts.back : texts.cancel}
        </Button>
        {confirming ? (
          <Button variant="contained" disabled={rename.isPending} onClick={() => rename.mutate(name.trim())}>
            {texts.confirm}
          </Button>
        ) : (
          <Button variant="contained" disabled={!name.trim()} onClick={() => setConfirming(true)}>
            {texts.continue}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
};
