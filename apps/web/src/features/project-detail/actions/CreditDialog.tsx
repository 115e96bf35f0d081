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
import { currencySymbol, type Currency, type LedgerAction } from '@pc/contract';
import { useId, useState } from 'react';
import { useNotify } from '../../../ui/useNotify';
import { changeCredit, type CreditKind } from './api';
import { creditEntry } from './creditEntry';
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

export const CreditDialog = ({ partnerId, projectId, currency, kind, label, onClose }: Props) => {
  const titleId = useId();
  const [action, setAction] = useState<LedgerAction>('ADD');
  const [amount, setAmount] = useState('');
  const [error, setError] = useState('');
  const notPositive = kind === 'pwc' ? texts.invalidPartnerAmount : texts.invalidAmount;
  const notify = useNotify();
  const keyFor = useIdempotencyKey();
  const change = useAction(
    (r: { body: { amount: number; action: LedgerAction }; key: string }) =>
      changeCredit(partnerId, projectId, kind, r.body, r.key),
    { fallback: texts.billingFailed, onSuccess: onClose },
  );
  const submit = () => {
    const units = creditEntry(amount);
    if (units === 'notPositive') return setError(notPositive);
    // An alert, as doc 3 section 8 shows its errors.
    if (units === 'invalidCredit') return notify.error(texts.invalidCredit);
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
