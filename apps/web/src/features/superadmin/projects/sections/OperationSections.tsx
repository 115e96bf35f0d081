import { Box, Button, List, ListItem, ListItemText, MenuItem, TextField, Typography } from '@mui/material';
import {
  formatDateTime,
  projectStatuses,
  superadminProjectTexts as spec,
  type MigrateTemplatesResponse,
  type ProjectStatus,
  type SuperadminProject,
} from '@pc/contract';
import { useState } from 'react';
import { migrateAllTemplates, setProcessed, setStatus, syncTemplateMessages } from '../api';
import { screenTexts } from '../texts';
import { useStaffAction } from '../useStaffAction';
import { Card, FieldRow, Line } from './Card';

type Props = { project: SuperadminProject };

/** Sync and migrate of template messages (doc 2 sections 2.2 and 7.7). */
export const TemplatesSection = ({ project }: Props) => {
  const t = screenTexts.templates;
  const [refused, setRefused] = useState<MigrateTemplatesResponse['refused']>([]);
  const sync = useStaffAction(() => syncTemplateMessages(project._id), { fallback: spec.syncFailed });
  const migrate = useStaffAction(() => migrateAllTemplates(project._id), {
    fallback: spec.migrateFailed,
    onDone: (out) => setRefused(out.refused),
  });
  return (
    <Card title={t.title}>
      <Typography variant="body2" color="text.secondary">
        {t.help}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button variant="outlined" disabled={sync.isPending} onClick={() => sync.mutate()}>
          {t.sync}
        </Button>
        <Button variant="outlined" disabled={migrate.isPending} onClick={() => migrate.mutate()}>
          {t.migrate}
        </Button>
      </Box>
      {refused.length > 0 && (
        <Box>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {t.refused}
          </Typography>
          <List dense disablePadding>
            {refused.map((r) => (
              <ListItem key={`${r.name}:${r.language}`} disableGutters>
                <ListItemText primary={`${r.name} (${r.language})`} secondary={r.reason} />
              </ListItem>
            ))}
          </List>
        </Box>
      )}
    </Card>
  );
};

/** Project status (doc 2 sections 2.2 and 4): any of the seven, freely. */
export const StatusSection = ({ project }: Props) => {
  const t = screenTexts.status;
  const [status, setChosen] = useState(project.status);
  const action = useStaffAction((s: ProjectStatus) => setStatus(project._id, s), { fallback: spec.statusFailed });
  const valid = (projectStatuses as readonly string[]).includes(status);
  return (
    <Card title={t.title}>
      <FieldRow>
        <TextField
          select
          size="small"
          label={t.label}
          value={valid ? status : ''}
          onChange={(e) => setChosen(e.target.value)}
        >
          {projectStatuses.map((s) => (
            <MenuItem key={s} value={s}>
              {s}
            </MenuItem>
          ))}
        </TextField>
        <Button
          variant="outlined"
          disabled={!valid || status === project.status || action.isPending}
          onClick={() => action.mutate(status as ProjectStatus)}
        >
          {t.save}
        </Button>
      </FieldRow>
    </Card>
  );
};

/** The 'processed' marker (doc 2 section 4): set to now, or cleared. */
export const ProcessedSection = ({ project }: Props) => {
  const t = screenTexts.processed;
  const action = useStaffAction((on: boolean) => setProcessed(project._id, on), { fallback: spec.somethingWentWrong });
  return (
    <Card title={t.title}>
      <Line label={t.at} testId="staff-processed">
        {project.processedAt ? formatDateTime(project.processedAt) : t.not}
      </Line>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button variant="outlined" disabled={action.isPending} onClick={() => action.mutate(true)}>
          {t.mark}
        </Button>
        <Button disabled={!project.processedAt || action.isPending} onClick={() => action.mutate(false)}>
          {t.clear}
        </Button>
      </Box>
    </Card>
  );
};
