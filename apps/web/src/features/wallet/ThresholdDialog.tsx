import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  InputAdornment,
  MenuItem,
  TextField,
} from '@mui/material';
import {
  currencySymbol,
  MONEY_SCALE,
  SetThresholdRequest,
  toUnits,
  walletTexts as t,
  type Currency,
  type ThresholdKind,
  type WalletThreshold,
} from '@pc/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { errorText } from '../../api/errors';
import { sessionKeys } from '../../session/keys';
import { useNotify } from '../../ui/useNotify';
import { removeThreshold, saveThreshold, walletKeys } from './api';

type Props = {
  /** null: the central balance. */
  projectId: string | null;
  /** What the level is on, for the title: "Central balance" or the project's name. */
  name: string;
  currency: Currency;
  current: WalletThreshold | null;
  onClose: () => void;
};

/** The value as typed: currency units for AMOUNT (to 1/100000), whole days for DAYS; null when not valid. */
const parseValue = (kind: ThresholdKind, text: string): number | null => {
  try {
    const value = kind === 'AMOUNT' ? toUnits(text) : Number(text.trim());
    return SetThresholdRequest.safeParse({ kind, value }).success ? value : null;
  } catch {
    return null;
  }
};

/** A balance's warning level: below an amount, or fewer days left at its current spend. */
export const ThresholdDialog = ({ projectId, name, currency, current, onClose }: Props) => {
  const titleId = useId();
  const [kind, setKind] = useState<ThresholdKind>(current?.kind ?? 'AMOUNT');
  const [text, setText] = useState(
    current ? String(current.kind === 'AMOUNT' ? current.value / MONEY_SCALE : current.value) : '',
  );
  const [touched, setTouched] = useState(false);
  const value = parseValue(kind, text);
  const problem = value === null ? (kind === 'DAYS' && Number(text) > 365 ? t.daysTooMany : t.valueRequired) : null;
  const queryClient = useQueryClient();
  const notify = useNotify();
  const done = (message: string) => {
    notify.success(message);
    void queryClient.invalidateQueries({ queryKey: walletKeys.all });
    void queryClient.invalidateQueries({ queryKey: sessionKeys.partner() });
    onClose();
  };
  const save = useMutation({
    mutationFn: () => saveThreshold(projectId, { kind, value: value! }),
    onSuccess: (r) => done(r.message),
    onError: (error) => notify.error(errorText(error, t.saveFailed)),
  });
  const remove = useMutation({
    mutationFn: () => removeThreshold(projectId),
    onSuccess: (r) => done(r.message),
    onError: (error) => notify.error(errorText(error, t.saveFailed)),
  });
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{`${current ? t.editWarning : t.setWarning}: ${name}`}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
        <TextField select label={t.warnAt} value={kind} onChange={(e) => setKind(e.target.value as ThresholdKind)}>
          <MenuItem value="AMOUNT">{t.warningKind.AMOUNT}</MenuItem>
          <MenuItem value="DAYS">{t.warningKind.DAYS}</MenuItem>
        </TextField>
        <TextField
          label={kind === 'AMOUNT' ? t.balance : t.daysToZero}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onBlur={() => setTouched(true)}
          inputMode="decimal"
          error={touched && problem !== null}
          helperText={touched ? problem : undefined}
          slotProps={{
            input: {
              startAdornment:
                kind === 'AMOUNT' ? <InputAdornment position="start">{currencySymbol(currency)}</InputAdornment> : null,
              endAdornment: kind === 'DAYS' ? <InputAdornment position="end">days</InputAdornment> : null,
            },
          }}
        />
      </DialogContent>
      <DialogActions>
        {current && (
          <Button color="error" onClick={() => remove.mutate()} loading={remove.isPending} sx={{ mr: 'auto' }}>
            {t.removeWarning}
          </Button>
        )}
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" disabled={value === null} loading={save.isPending} onClick={() => save.mutate()}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
};
