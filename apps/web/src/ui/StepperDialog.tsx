import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Step, StepLabel, Stepper } from '@mui/material';
import { useId, type ReactNode } from 'react';

// The create dialogs' buttons (doc 1 section 2: "buttons Prev, Next, Create"); the submit label is the caller's.
const t = { cancel: 'Cancel', prev: 'Prev', next: 'Next' } as const;

/** The steps of a multi-step dialog: their labels, the one shown, how to move, and whether Next may leave it. */
export type DialogSteps = {
  labels: readonly string[];
  active: number;
  onChange: (step: number) => void;
  canNext: boolean;
};

type Props = {
  open: boolean;
  title: string;
  /** Without steps the dialog is one page: no Stepper, no Prev or Next, only Cancel and submit. */
  steps?: DialogSteps;
  submitLabel: string;
  canSubmit?: boolean;
  /** While the submit runs: the submit button spins and the dialog cannot be closed or stepped back. */
  busy: boolean;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
};

/** A form dialog in steps: title, Stepper, the active step's fields, then Cancel, Prev, Next and, on the last step, submit. */
export const StepperDialog = ({
  open,
  title,
  steps,
  submitLabel,
  canSubmit = true,
  busy,
  onSubmit,
  onClose,
  children,
}: Props) => {
  const titleId = useId();
  const lastStep = !steps || steps.active >= steps.labels.length - 1;
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        {steps && (
          <Stepper activeStep={steps.active} sx={{ mb: 2 }}>
            {steps.labels.map((label) => (
              <Step key={label}>
                <StepLabel>{label}</StepLabel>
              </Step>
            ))}
          </Stepper>
        )}
        {children}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t.cancel}
        </Button>
        {steps && (
          <Button onClick={() => steps.onChange(steps.active - 1)} disabled={steps.active === 0 || busy}>
            {t.prev}
          </Button>
        )}
        {steps && !lastStep ? (
          <Button variant="contained" onClick={() => steps.onChange(steps.active + 1)} disabled={!steps.canNext}>
            {t.next}
          </Button>
        ) : (
          <Button variant="contained" onClick={onSubmit} disabled={!canSubmit} loading={busy}>
            {submitLabel}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
};
