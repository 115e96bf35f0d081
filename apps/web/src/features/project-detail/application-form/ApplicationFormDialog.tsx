import {
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Link,
  MenuItem,
  Step,
  StepLabel,
  Stepper,
  TextField,
  Typography,
} from '@mui/material';
import {
  applicationCompanySizes,
  applicationFormSteps,
  applicationStepProblem,
  applicationVerticals,
  managerVerifiedOptions,
  type ApplicationForm,
  type ProjectDetail,
} from '@pc/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { errorText } from '../../../api/errors';
import { useNotify } from '../../../ui/useNotify';
import { projectKeys } from '../keys';
import { fetchApplicationFormConfig, submitApplicationForm } from './api';

type Values = Record<string, Record<string, string>>;
const options: Record<string, readonly string[]> = {
  businessVertical: applicationVerticals,
  companySize: applicationCompanySizes,
  isManagerVerified: managerVerifiedOptions,
};
const t = {
  title: 'WhatsApp API application form',
  previous: 'Previous',
  next: 'Next',
  close: 'Close',
  confirm: 'These details are correct: submit the application',
  failed: 'Something went wrong',
} as const;

/** The form to start from: the one submitted before (Fill In Again), else empty. */
const initialValues = (submitted: unknown): Values => {
  const before = (submitted ?? {}) as Record<string, unknown>;
  return Object.fromEntries(
    applicationFormSteps.map(({ key }) => {
      const part = (before[key] ?? {}) as Record<string, unknown>;
      return [key, Object.fromEntries(Object.entries(part).map(([k, v]) => [k, typeof v === 'string' ? v : '']))];
    }),
  );
};

/**
 * The application form (doc 2 section 2.5): four steps whose titles, subtitles, links and labels
 * come from the configuration; Next checks steps 1 to 3 and says the first problem in a top-centre
 * snackbar for 3 seconds; Previous goes back. Step 4 has no button, as the spec says: ticking its
 * confirmation checks it and sends the whole form (the spec does not show the call: ours is
 * `POST /partner/:partnerId/project/:projectId/application-form`).
 */
export const ApplicationFormDialog = ({ project, onClose }: { project: ProjectDetail; onClose: () => void }) => {
  const titleId = useId();
  const notify = useNotify();
  const client = useQueryClient();
  const config = useQuery({
    queryKey: ['application-form-config'],
    queryFn: () => fetchApplicationFormConfig(project.partnerId),
  });
  const [step, setStep] = useState(0);
  const [values, setValues] = useState<Values>(() => initialValues(project.apiFormDetails));
  const [confirmed, setConfirmed] = useState(false);
  const submit = useMutation({
    mutationFn: () => submitApplicationForm(project.partnerId, project._id, values as unknown as ApplicationForm),
    onSuccess: async (r) => {
      notify.success(r.message);
      await client.invalidateQueries({ queryKey: projectKeys.detail(project._id) });
      onClose();
    },
    onError: (e) => {
      setConfirmed(false);
      notify.error(errorText(e, t.failed));
    },
  });
  const part = applicationFormSteps[step]!.key;
  const current = values[part]!;
  const set = (name: string, value: string) => setValues((v) => ({ ...v, [part]: { ...v[part], [name]: value } }));
  const problem = () => applicationStepProblem(step, { ...current, addressLine2: current.addressLine2 || undefined });
  const next = () => {
    const p = problem();
    if (p) notify.error(p);
    else setStep(step + 1);
  };
  const confirm = (checked: boolean) => {
    if (!checked) return setConfirmed(false);
    const p = problem();
    if (p) return notify.error(p);
    setConfirmed(true);
    submit.mutate();
  };
  const conf = config.data?.steps[step];
  return (
    <Dialog open onClose={submit.isPending ? undefined : onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>{t.title}</DialogTitle>
      <DialogContent>
        <Stepper activeStep={step} alternativeLabel sx={{ mb: 2 }}>
          {(config.data?.steps ?? []).map((s) => (
            <Step key={s.title}>
              <StepLabel>{s.title}</StepLabel>
            </Step>
          ))}
        </Stepper>
        {conf && (
          <Box sx={{ display: 'grid', gap: 1.5 }}>
            <Typography variant="body2" color="text.secondary">
              {conf.subtitle}
            </Typography>
            {conf.links.map((l) => (
              <Link key={l.url} href={l.url} target="_blank" rel="noopener" variant="body2">
                {l.label}
              </Link>
            ))}
            <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              {Object.keys(applicationFormSteps[step]!.schema.shape).map((name) => {
                const f = conf.fields[name] ?? { label: name };
                const choices = options[name];
                return (
                  <TextField
                    key={`${part}.${name}`}
                    size="small"
                    label={f.label}
                    placeholder={f.placeholder}
                    value={current[name] ?? ''}
                    onChange={(e) => set(name, e.target.value)}
                    select={Boolean(choices)}
                    disabled={submit.isPending}
                  >
                    {choices?.map((c) => (
                      <MenuItem key={c} value={c}>
                        {c}
                      </MenuItem>
                    ))}
                  </TextField>
                );
              })}
            </Box>
            {step === 3 && (
              <FormControlLabel
                control={
                  <Checkbox
                    checked={confirmed}
                    disabled={submit.isPending}
                    onChange={(e) => confirm(e.target.checked)}
                  />
                }
                label={t.confirm}
              />
            )}
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={submit.isPending}>
          {t.close}
        </Button>
        <Button onClick={() => setStep(step - 1)} disabled={step === 0 || submit.isPending}>
          {t.previous}
        </Button>
        {step < 3 && (
          <Button variant="contained" onClick={next}>
            {t.next}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
};
