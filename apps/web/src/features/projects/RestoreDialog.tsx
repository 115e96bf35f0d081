import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, TextField } from '@mui/material';
import { partnerStatusChoices, partnerStatusTexts, type ProjectStatus, type ProjectSummary } from '@pc/contract';
import { useId, useState } from 'react';
import { useSession } from '../../session/session';
import { changeProjectStatus } from '../project-detail/actions/api';
import { useAction } from '../project-detail/actions/useAction';
import { projectsTexts as t } from './texts';

/**
 * A deleted project's way back (the Deleted tab): PUT /api/change-project-status out of archived,
 * to the statuses the server allows a partner (contract `partnerStatusChoices`): active or pending,
 * or stopped when its billing was stopped before it was deleted.
 */
export const RestoreDialog = ({ project, onClose }: { project: ProjectSummary; onClose: () => void }) => {
  const titleId = useId();
  const { partner } = useSession();
  const billingStopped = project.planStoppedOn !== null;
  const choices = partnerStatusChoices({ status: 'archived', billingStopped }).filter((s) => s !== 'archived');
  const [status, setStatus] = useState<ProjectStatus>(choices[0] ?? 'active');
  const restore = useAction((s: ProjectStatus) => changeProjectStatus(partner?.id ?? ':partnerId', project._id, s), {
    fallback: t.restoreFailed,
    onSuccess: onClose,
  });
  return (
    <Dialog open onClose={restore.isPending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{t.restoreTitle(project.assistantName)}</DialogTitle>
      <DialogContent>
        {billingStopped && (
          <Alert severity="info" sx={{ mb: 1 }}>
            {partnerStatusTexts.reactivateInstead}
          </Alert>
        )}
        <TextField
          select
          fullWidth
          margin="dense"
          label={t.restoreStatus}
          value={status}
          onChange={(e) => setStatus(e.target.value as ProjectStatus)}
          helperText={t.restoreHelp}
        >
          {choices.map((s) => (
            <MenuItem key={s} value={s}>
              {s}
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={restore.isPending}>
          {t.dialog.cancel}
        </Button>
        <Button variant="contained" loading={restore.isPending} onClick={() => restore.mutate(status)}>
          {t.restore}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
