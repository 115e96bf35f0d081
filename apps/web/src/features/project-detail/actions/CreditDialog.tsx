import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  InputAdornment,
  Radio,
  RadioGroup,
  TextField,
} from '@mui/material';
import { currencySymbol, toUnits, type Currency, type LedgerAction } from '@pc/contract';
import { useId, useState } from 'react';
import { changeCredit, type CreditKind } from './api';
import { texts } from './texts';
import { useAction } from './useAction';
import { useIdempotencyKey } from './useIdempotencyKey';

type Props = {
  partnerId: string;
  projectId: string;
  currency: Currency;
  kind: CreditKind;
  label: string;
  onClose: () => void;
};

/** Entered in currency units, sent times 100000 (toUnits); a positive amount only; ad credit is ADD only. */
const parseAmount = (text: string): number | null => {
  try {
    const units = toUnits(text);
    return units > 0 ? units : null;
  } catch {
    return null;
  }
};

export const CreditDialog = ({ partnerId, projectId, currency, kind, label, onClose }: Props) => {
  const titleId = useId();
  const [action, setAction] = useState<LedgerAction>('ADD');
  const [amount, setAmount] = useState('');
  const [error, setError] = useState('');
  const invalid = kind === 'pwc' ? texts.invalidPartnerAmount : texts.invalidAmount;
  const keyFor = useIdempotencyKey();
  const change = useAction(
    (r: { body: { amount: number; action: LedgerAction }; key: string }) =>
      changeCredit(partnerId, projectId, kind, r.body, r.key),
    { fallback: texts.billingFailed, onSuccess: onClose },
  );
  const submit = () => {
    const units = parseAmount(amount);
    if (units === null) return setError(invalid);
    const body = { amount: units, action };
    change.mutate({ body, key: keyFor(body) });
  };
  return (
    <Dialog open onClose={change.isPending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{texts.updateCredit(label)}</DialogTitle>
      <DialogContent>
        <RadioGroup
          row
          aria-label={texts.action}
          value={action}
          onChange={(e) => setAction(e.target.value as LedgerAction)}
        >
          <FormControlLabel value="ADD" control={<Radio />} label={texts.add} />
          {kind !== 'adCredit' && <FormControlLabel value="SUBTRACT" control={<Radio />} label={texts.subtract} />}
        </RadioGroup>
        <TextField
          autoFocus
          fullWidth
          margin="dense"
          label={texts.amount}
          value={amount}
          inputMode="decimal"
          error={Boolean(error)}
          helperText={error || ' '}
          onChange={(e) => {
            setAmount(e.target.value);
            setError('');
          }}
          onKeyDown={(e) => e.key === 'Enter' && submit()}
          slotProps={{
            input: { startAdornment: <InputAdornment position="start">{currencySymbol(currency)}</InputAdornment> },
            htmlInput: { maxLength: 16 },
          }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={change.isPending}>
          {texts.cancel}
        </Button>
        <Button variant="contained" onClick={submit} loading={change.isPending}>
          {texts.submit}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
