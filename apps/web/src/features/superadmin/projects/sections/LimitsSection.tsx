import { Box, Button, TextField } from '@mui/material';
import {
  formatCount,
  SetAssistantFieldRequest,
  superadminProjectTexts as spec,
  type AssistantFieldName,
  type SuperadminProject,
} from '@pc/contract';
import { useState } from 'react';
import { setAssistantFields } from '../api';
import { screenTexts } from '../texts';
import { useStaffAction } from '../useStaffAction';
import { Card, Line } from './Card';

const t = screenTexts.limits;
type Values = Record<AssistantFieldName, string>;

const initialOf = (p: SuperadminProject): Values => ({
  dailyTemplateLimit: p.dailyTemplateLimit === null ? '' : String(p.dailyTemplateLimit),
  maxAgents: String(p.maxAgents),
  macQuota: p.macQuota === null ? '' : String(p.macQuota),
});

/**
 * The daily template limit, max agents and the monthly conversation quota (doc 2 section 7.7's
 * set-assistant-field): the fields changed are sent, checked with the contract's schema first.
 */
export const LimitsSection = ({ project }: { project: SuperadminProject }) => {
  const [values, setValues] = useState(() => initialOf(project));
  const [error, setError] = useState('');
  const action = useStaffAction(setAssistantFields, { fallback: spec.somethingWentWrong });
  const changed = (Object.keys(values) as AssistantFieldName[]).filter(
    (k) => values[k].trim() !== '' && values[k].trim() !== initialOf(project)[k],
  );
  const submit = () => {
    const body = Object.fromEntries(changed.map((k) => [k, /^\d+$/.test(values[k].trim()) ? Number(values[k]) : NaN]));
    const parsed = SetAssistantFieldRequest.safeParse({ assistantId: project._id, fields: changed, ...body });
    if (!parsed.success) {
      // The agent limit has the spec's words (doc 3 section 5), as the server answers them; the others ours.
      const issue = parsed.error.issues[0];
      return setError(issue?.path[0] === 'maxAgents' ? issue.message : t.invalid);
    }
    setError('');
    action.mutate(parsed.data);
  };
  const field = (key: AssistantFieldName, label: string) => (
    <TextField
      size="small"
      label={label}
      value={values[key]}
      onChange={(e) => setValues({ ...values, [key]: e.target.value })}
      slotProps={{ htmlInput: { inputMode: 'numeric' } }}
    />
  );
  return (
    <Card title={t.title}>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' } }}>
        {field('dailyTemplateLimit', t.dailyTemplateLimit)}
        {field('maxAgents', t.maxAgents)}
        {field('macQuota', t.macQuota)}
      </Box>
      <Line label={t.macUsage}>{formatCount(project.macUsage)}</Line>
      {error && (
        <Box role="alert" sx={{ color: 'error.main', typography: 'body2' }}>
          {error}
        </Box>
      )}
      <div>
        <Button variant="outlined" disabled={changed.length === 0 || action.isPending} onClick={submit}>
          {t.save}
        </Button>
      </div>
    </Card>
  );
};
