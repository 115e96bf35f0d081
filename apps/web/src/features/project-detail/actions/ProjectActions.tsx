import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  TextField,
} from '@mui/material';
import { partnerStatusChoices, partnerStatusTexts, projectStatuses, type ProjectStatus } from '@pc/contract';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { changeProjectStatus, deleteProject } from './api';
import { texts } from './texts';
import type { ActionProps } from './types';
import { useAction } from './useAction';

/** Offers only the moves the server allows a partner (contract `partnerStatusRefusal`), and says why others are not. */
const StatusDialog = ({
  current,
  billingStopped,
  busy,
  onSave,
  onClose,
}: {
  current: string;
  billingStopped: boolean;
  busy: boolean;
  onSave: (s: ProjectStatus) => void;
  onClose: () => void;
}) => {
  const titleId = useId();
  const choices = partnerStatusChoices({ status: current, billingStopped });
  const [status, setStatus] = useState(
    projectStatuses.includes(current as ProjectStatus) ? (current as ProjectStatus) : 'active',
  );
  const why = !choices.includes(current as ProjectStatus)
    ? partnerStatusTexts.platformStatus
    : billingStopped
      ? partnerStatusTexts.reactivateInstead
      : null;
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{texts.changeStatus}</DialogTitle>
      <DialogContent>
        {why && (
          <Alert severity="info" sx={{ mb: 1 }}>
            {why}
          </Alert>
        )}
        <TextField
          select
          fullWidth
          margin="dense"
          label={texts.projectStatus}
          value={status}
          onChange={(e) => setStatus(e.target.value as ProjectStatus)}
        >
          {projectStatuses.map((s) => (
            <MenuItem key={s} value={s} disabled={s !== current && !choices.includes(s)}>
              {s}
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {texts.cancel}
        </Button>
        <Button variant="contained" loading={busy} disabled={status === current} onClick={() => onSave(status)}>
          {texts.save}
        </Button>
      </DialogActions>
    </Dialog>
  );
};

/** Delete project (confirmation, then back to /assistants) and change status; disabled without write access. */
export const ProjectActions = ({ project, canWrite }: ActionProps) => {
  const navigate = useNavigate();
  const [open, setOpen] = useState<'delete' | 'status' | null>(null);
  const close = () => setOpen(null);
  const remove = useAction(() => deleteProject(project._id), {
    fallback: texts.billingFailed,
    leavesProject: true,
    onSuccess: () => {
      close();
      void navigate('/assistants');
    },
  });
  const status = useAction((s: ProjectStatus) => changeProjectStatus(project.partner._id, project._id, s), {
    fallback: texts.billingFailed,
    onSuccess: close,
  });
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      <Button variant="outlined" disabled={!canWrite} onClick={() => setOpen('status')}>
        {texts.changeStatus}
      </Button>
      <Button variant="outlined" color="error" disabled={!canWrite} onClick={() => setOpen('delete')}>
        {texts.deleteProject}
      </Button>
      {open === 'status' && (
        <StatusDialog
          current={project.status}
          billingStopped={project.status === 'stopped' || project.planStoppedOn !== null}
          busy={status.isPending}
          onSave={(s) => status.mutate(s)}
          onClose={close}
        />
      )}
      <ConfirmDialog
        open={open === 'delete'}
        title={texts.deleteTitle}
        text={texts.deleteText(project.assistantName)}
        confirmLabel={texts.delete}
        busy={remove.isPending}
        onConfirm={() => remove.mutate(undefined)}
        onClose={close}
      />
    </Box>
  );
};
