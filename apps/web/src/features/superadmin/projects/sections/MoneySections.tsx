import {
  Button,
  InputAdornment,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import {
  AddTemplateCreditRequest,
  creditBalanceLabels,
  currencySymbol,
  formatMoney,
  MONEY_SCALE,
  superadminProjectTexts as spec,
  type CreditsFromCacheResponse,
  type SuperadminProject,
} from '@pc/contract';
import { useState } from 'react';
import { addTemplateCredit, creditsFromCache } from '../api';
import { keyPerRequest } from '../../../project-detail/actions/useIdempotencyKey';
import { screenTexts } from '../texts';
import { useStaffAction } from '../useStaffAction';
import { Card, FieldRow, Line } from './Card';

type Props = { project: SuperadminProject };

/**
 * Template credit (doc 2 sections 2.2 and 5.3): a whole amount in currency units, sent times
 * 100000, ADD only, from the partner's central balance. A click repeated before the answer (or
 * after a lost one) carries the same Idempotency-Key, so it adds once.
 */
export const TemplateCreditSection = ({ project }: Props) => {
  const t = screenTexts.templateCredit;
  const [units, setUnits] = useState('');
  const [error, setError] = useState('');
  // Kept until the addition succeeds (a retry is the same request); a new one after it.
  const [keyOf, setKeyOf] = useState(keyPerRequest);
  const action = useStaffAction(
    (amount: number) => addTemplateCredit(project._id, amount, keyOf({ project: project._id, amount })),
    {
      fallback: spec.templateCreditFailed,
      onDone: () => {
        setUnits('');
        setKeyOf(() => keyPerRequest());
      },
    },
  );
  const submit = () => {
    const whole = /^\d+$/.test(units.trim()) ? Number(units.trim()) * MONEY_SCALE : Number.NaN;
    const parsed = AddTemplateCreditRequest.safeParse({ amount: whole });
    if (!parsed.success) return setError(spec.invalidAmount);
    setError('');
    action.mutate(parsed.data.amount);
  };
  return (
    <Card title={t.title}>
      <Line label={t.current}>{formatMoney(project.templateCredit, project.currency)}</Line>
      <FieldRow>
        <TextField
          size="small"
          label={t.amount}
          value={units}
          error={Boolean(error)}
          helperText={error || t.help}
          onChange={(e) => setUnits(e.target.value)}
          onKeyDown={(e) => e.key === 'Enter' && submit()}
          slotProps={{
            htmlInput: { inputMode: 'numeric' },
            input: {
              startAdornment: <InputAdornment position="start">{currencySymbol(project.currency)}</InputAdornment>,
            },
          }}
        />
        <Button variant="contained" disabled={action.isPending} onClick={submit} sx={{ mt: 0.25 }}>
          {t.add}
        </Button>
      </FieldRow>
    </Card>
  );
};

/** Cached project (doc 2 section 2.2; ours): the credits read again and checked against the billing logs. */
export const CacheSection = ({ project }: Props) => {
  const t = screenTexts.cache;
  const [result, setResult] = useState<CreditsFromCacheResponse | null>(null);
  const action = useStaffAction(() => creditsFromCache(project._id), {
    fallback: spec.somethingWentWrong,
    onDone: setResult,
    tone: (out) => (out.agrees ? 'success' : 'error'),
  });
  const money = (units: number) => formatMoney(units, project.currency);
  return (
    <Card title={t.title}>
      <Typography variant="body2" color="text.secondary">
        {t.help}
      </Typography>
      <div>
        <Button variant="outlined" disabled={action.isPending} onClick={() => action.mutate()}>
          {t.reload}
        </Button>
      </div>
      {result && (
        <Table size="small" aria-label={t.title} data-testid="cache-result">
          <TableHead>
            <TableRow>
              <TableCell />
              <TableCell align="right">{t.stored}</TableCell>
              <TableCell align="right">{t.ledger}</TableCell>
              <TableCell>{t.agrees}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {result.credits.map((c) => (
              <TableRow key={c.balance}>
                <TableCell>{creditBalanceLabels[c.balance]}</TableCell>
                <TableCell align="right">{money(c.stored)}</TableCell>
                <TableCell align="right">{money(c.ledger)}</TableCell>
                <TableCell sx={{ color: c.agrees ? 'success.main' : 'error.main' }}>
                  {c.agrees ? t.yes : t.no}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Card>
  );
};
