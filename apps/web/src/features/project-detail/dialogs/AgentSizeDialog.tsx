import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { AGENT_SIZE_MAX, AGENT_SIZE_MIN, clampAgentLimit, projectMessages, type ProjectDetail } from '@pc/contract';
import { useState } from 'react';
import { updateAgentSize } from '../api';
import { texts } from '../texts';
import { useProjectMutation } from '../useProjectMutation';

export const AgentSizeDialog = ({ project, onClose }: { project: ProjectDetail; onClose: () => void }) => {
  const [value, setValue] = useState(String(project.maxAgents));
  const n = Number(value);
  const valid = /^\d+$/.test(value) && n >= AGENT_SIZE_MIN && n <= AGENT_SIZE_MAX;
  const save = useProjectMutation(project._id, (size: number) => updateAgentSize(project._id, size), {
    fallback: projectMessages.agentSizeFailed,
    success: projectMessages.agentSizeUpdated,
    onSuccess: onClose,
  });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{texts.agentsLimit}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          margin="dense"
          type="number"
          label={texts.agentsLimit}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          onBlur={() => setValue(clampAgentLimit(value))}
          error={!valid}
          helperText={valid ? ' ' : projectMessages.agentSizeRange}
          slotProps={{ htmlInput: { min: AGENT_SIZE_MIN, max: AGENT_SIZE_MAX } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{texts.cancel}</Button>
        <Button variant="contained" disabled={!valid || save.isPending} onClick={() => save.mutate(n)}>
          {texts.save}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
