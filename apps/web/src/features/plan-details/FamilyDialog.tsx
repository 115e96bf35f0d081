import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Step,
  StepLabel,
  Stepper,
  TextField,
  useMediaQuery,
  type Breakpoint,
  type Theme,
} from '@mui/material';
import { useId, useState, type ReactNode } from 'react';
import { planDetailsTexts as t } from './texts';

export type DialogMode = 'create' | 'view' | 'edit';

type Props = {
  mode: DialogMode;
  title: string;
  /** Whether the pricing can be used (the provider's catalogue is loaded). */
  ready: boolean;
  busy: boolean;
  onSubmit: (name: string) => void;
  onClose: () => void;
  maxWidth?: Breakpoint;
  /** The pricing: step 0 of a create, the whole dialog otherwise. */
  children: ReactNode;
};

/**
 * The frame of every family dialog. Create has two steps (doc 3 section 4): pricing, then the
 * family name, with Next and Back, and Create disabled while the name is empty. View shows the
 * prices with Close only; edit adds Save. Full screen on a phone, so the price grid has room.
 */
export const FamilyDialog = ({ mode, title, ready, busy, onSubmit, onClose, maxWidth = 'md', children }: Props) => {
  const titleId = useId();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [step, setStep] = useState(0);
  const [name, setName] = useState('');
  const creating = mode === 'create';
  const naming = creating && step === 1;
  const submit = () => {
    if (!busy && ready && (!creating || name.trim())) onSubmit(name.trim());
  };

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth={maxWidth}
      fullWidth
      fullScreen={fullScreen}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        {creating && (
          <Stepper activeStep={step} sx={{ mb: 2, mt: 1 }}>
            {t.steps.map((label) => (
              <Step key={label}>
                <StepLabel>{label}</StepLabel>
              </Step>
            ))}
          </Stepper>
        )}
        {naming ? (
          <TextField
            label={t.familyName}
            value={name}
            autoFocus
            fullWidth
            onChange={(event) => setName(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                submit();
              }
            }}
            slotProps={{ htmlInput: { maxLength: 100 } }}
            sx={{ mt: 1 }}
          />
        ) : (
          children
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {mode === 'create' ? t.cancel : t.close}
        </Button>
        {naming && (
          <Button onClick={() => setStep(0)} disabled={busy}>
            {t.back}
          </Button>
        )}
        {creating && !naming && (
          <Button variant="contained" onClick={() => setStep(1)} disabled={!ready}>
            {t.next}
          </Button>
        )}
        {naming && (
          <Button variant="contained" onClick={submit} disabled={!name.trim() || !ready} loading={busy}>
            {t.create}
          </Button>
        )}
        {mode === 'edit' && (
          <Button variant="contained" onClick={submit} disabled={!ready} loading={busy}>
            {t.save}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
};
