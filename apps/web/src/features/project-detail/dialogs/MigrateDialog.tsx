import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  TextField,
  Typography,
} from '@mui/material';
import { projectMessages, type ProjectDetail } from '@pc/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import { api } from '../../../api/client';
import { migrateProject } from '../api';
import { texts } from '../texts';
import { useProjectMutation } from '../useProjectMutation';

// Only the fields this dialog reads of the businesses list.
const BusinessOptions = z.object({
  business: z.array(z.object({ _id: z.string(), display_name: z.string(), businessArchived: z.boolean() }).loose()),
});

/** Migration: pick a business, Continue, confirm (doc 2 section 4). */
export const MigrateDialog = ({ project, onClose }: { project: ProjectDetail; onClose: () => void }) => {
  const [businessId, setBusinessId] = useState('');
  const [confirming, setConfirming] = useState(false);
  const { data } = useQuery({
    queryKey: ['project', 'migration-targets'],
    queryFn: () => api.get('/api/allbusiness-lists', BusinessOptions),
  });
  const options = (data?.business ?? []).filter((b) => !b.businessArchived && b._id !== project.clientId);
  const target = options.find((b) => b._id === businessId);
  const migrate = useProjectMutation(project._id, (id: string) => migrateProject(project.partnerId, project._id, id), {
    fallback: projectMessages.somethingWentWrong,
    success: projectMessages.migrated,
    onSuccess: onClose,
  });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{texts.migrate}</DialogTitle>
      <DialogContent>
        {confirming && target ? (
          <Typography>{texts.migrateConfirm(project.assistantName, target.display_name)}</Typography>
        ) : (
          <TextField
            select
            fullWidth
            margin="dense"
            label={texts.chooseBusiness}
            value={businessId}
            onChange={(e) => setBusinessId(e.target.value)}
          >
            {options.map((b) => (
              <MenuItem key={b._id} value={b._id}>
                {b.display_name}
              </MenuItem>
            ))}
          </TextField>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={confirming ? () => setConfirming(false) : onClose}>
          {confirming ? texts.back : texts.cancel}
        </Button>
        {confirming ? (
          <Button variant="contained" disabled={migrate.isPending} onClick={() => migrate.mutate(businessId)}>
            {texts.confirm}
          </Button>
        ) : (
          <Button variant="contained" disabled={!target} onClick={() => setConfirming(true)}>
            {texts.continue}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
};
