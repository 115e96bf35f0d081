import { Button, Paper, Stack, TextField, Typography } from '@mui/material';
import { AGENT_LIMIT_MAX, AGENT_LIMIT_MIN, clampAgentLimit, configTexts, hasPermission } from '@pc/contract';
import { useState } from 'react';
import { Permitted } from '../../access/Permitted';
import { useSession } from '../../session/session';
import { PageHeader } from '../../ui/PageHeader';
import { manageConfigTexts as t } from './texts';
import { useUpdateConfig } from './useUpdateConfig';

const validLimit = (typed: string) =>
  /^\d+$/.test(typed) && Number(typed) >= AGENT_LIMIT_MIN && Number(typed) <= AGENT_LIMIT_MAX;

/**
 * /manage/agents (doc 3 section 2): how many agents a new project can have, clamped to 1 to 100 when
 * the field is left (doc 2 section 5.4); the spec's message while a number outside is typed. A role
 * without Manage Edit sees the limit read-only.
 */
export const AgentsPage = () => {
  const { partner, viewer } = useSession();
  const canWrite = hasPermission(viewer, 'manage.write');
  const { save, saving } = useUpdateConfig(configTexts.agentsLimitFailed);
  const [typed, setTyped] = useState(String(partner?.agentSize ?? ''));
  const valid = validLimit(typed);

  return (
    <>
      <PageHeader title={t.agentsTitle} />
      <Paper sx={{ p: 3 }}>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t.agentsHelp}
        </Typography>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ alignItems: { sm: 'flex-start' }, maxWidth: 480 }}
        >
          <TextField
            label={t.agentLimit}
            type="number"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            onBlur={() => setTyped(clampAgentLimit(typed))}
            error={!valid}
            helperText={valid ? ' ' : configTexts.agentsLimit}
            slotProps={{
              input: { readOnly: !canWrite },
              htmlInput: { min: AGENT_LIMIT_MIN, max: AGENT_LIMIT_MAX, step: 1 },
            }}
          />
          <Permitted permission="manage.write">
            <Button
              variant="contained"
              loading={saving}
              disabled={!valid || Number(typed) === partner?.agentSize}
              onClick={() => void save({ agentSize: Number(typed) }).catch(() => undefined)}
              sx={{ flexShrink: 0 }}
            >
              {t.update}
            </Button>
          </Permitted>
        </Stack>
      </Paper>
    </>
  );
};
