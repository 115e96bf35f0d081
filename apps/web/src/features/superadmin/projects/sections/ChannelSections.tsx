import { Button, FormControlLabel, Switch, TextField } from '@mui/material';
import {
  SetApiKeyRequest,
  SetAppNameRequest,
  SetWhatsappNumberRequest,
  superadminProjectTexts as spec,
  type SuperadminProject,
} from '@pc/contract';
import { useState } from 'react';
import type { z } from 'zod';
import { setApiKey, setAppName, setVerification, setWhatsappNumber } from '../api';
import { screenTexts as t } from '../texts';
import { useStaffAction } from '../useStaffAction';
import { Card, FieldRow, Line } from './Card';

type Props = { project: SuperadminProject };

/** The verification switch (doc 2 section 2.2): whether the channel is live. */
export const VerificationSection = ({ project }: Props) => {
  const action = useStaffAction((on: boolean) => setVerification(project._id, on), { fallback: spec.verifiedFailed });
  return (
    <Card title={t.verification.title}>
      <FormControlLabel
        control={
          <Switch
            checked={project.isWhatsappVerified}
            disabled={action.isPending}
            onChange={(e) => action.mutate(e.target.checked)}
          />
        }
        label={t.verification.label}
      />
    </Card>
  );
};

/**
 * One text value of the project, checked with the contract's schema before it is sent (the
 * server checks it again): its field, its error under it, and Save.
 */
const TextValue = <S extends z.ZodObject>(p: {
  schema: S;
  field: keyof z.infer<S> & string;
  initial: string;
  label: string;
  help?: string;
  save: string;
  send: (value: string) => Promise<{ message: string }>;
  fallback: string;
  secret?: boolean;
  inputMode?: 'numeric' | 'text';
}) => {
  const [value, setValue] = useState(p.initial);
  const [error, setError] = useState('');
  const action = useStaffAction(p.send, {
    fallback: p.fallback,
    onDone: () => {
      if (p.secret) setValue('');
    },
  });
  const submit = () => {
    const parsed = p.schema.safeParse({ [p.field]: value });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? p.fallback);
    setError('');
    action.mutate((parsed.data as Record<string, string>)[p.field]!);
  };
  return (
    <FieldRow>
      <TextField
        size="small"
        label={p.label}
        value={value}
        type={p.secret ? 'password' : 'text'}
        autoComplete="off"
        error={Boolean(error)}
        helperText={error || p.help || ' '}
        onChange={(e) => setValue(e.target.value)}
        onKeyDown={(e) => e.key === 'Enter' && submit()}
        slotProps={{ htmlInput: { inputMode: p.inputMode } }}
      />
      <Button variant="outlined" disabled={action.isPending} onClick={submit} sx={{ mt: 0.25 }}>
        {p.save}
      </Button>
    </FieldRow>
  );
};

export const WhatsappNumberSection = ({ project }: Props) => (
  <Card title={t.whatsappNumber.title}>
    <TextValue
      schema={SetWhatsappNumberRequest}
      field="whatsappNumber"
      initial={project.whatsappNumber ?? ''}
      label={t.whatsappNumber.label}
      help={t.whatsappNumber.help}
      save={t.whatsappNumber.save}
      inputMode="numeric"
      send={(v) => setWhatsappNumber(project._id, v)}
      fallback={spec.whatsappNumberFailed}
    />
  </Card>
);

export const AppNameSection = ({ project }: Props) => (
  <Card title={t.appName.title}>
    <TextValue
      schema={SetAppNameRequest}
      field="appName"
      initial={project.appName ?? ''}
      label={t.appName.label}
      save={t.appName.save}
      send={(v) => setAppName(project._id, v)}
      fallback={spec.appNameFailed}
    />
  </Card>
);

/** The API key is shown masked only; a new one is typed blind and the field empties once saved. */
export const ApiKeySection = ({ project }: Props) => (
  <Card title={t.apiKey.title}>
    <Line label={t.apiKey.current} testId="staff-api-key">
      {project.apiKey360 ?? t.apiKey.none}
    </Line>
    <TextValue
      schema={SetApiKeyRequest}
      field="apiKey"
      initial=""
      label={t.apiKey.label}
      save={t.apiKey.save}
      secret
      send={(v) => setApiKey(project._id, v)}
      fallback={spec.apiKeyFailed}
    />
  </Card>
);
