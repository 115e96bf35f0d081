import { Box, Button, InputAdornment, TextField } from '@mui/material';
import { currencySymbol, formatMoney, metaAdsTexts as m, type MetaAdsAssistantData } from '@pc/contract';
import { useState, type FormEvent } from 'react';
import { AdSection } from './AdSection';
import { updateMetaAdDetails } from './api';
import { blockedBy, Guarded } from './Guarded';
import { parseBudget } from './helpers';
import { adTexts as t } from './texts';
import { useMetaAdChange } from './useMetaAdChange';

type Field = 'minDailyBudgetLimit' | 'totalAssignedBudget';
type Props = { projectId: string; data: MetaAdsAssistantData; canWrite: boolean };

const labels: Record<Field, { name: string; action: string }> = {
  minDailyBudgetLimit: { name: t.minDailyBudget, action: t.setMinDailyBudget },
  totalAssignedBudget: { name: t.totalBudget, action: t.assignTotalBudget },
};

/** One budget's small form: sent only when the field is not empty (doc 3 section 5), times 100000. */
const BudgetForm = ({ projectId, data, canWrite, field }: Props & { field: Field }) => {
  const [amount, setAmount] = useState('');
  const [error, setError] = useState('');
  const save = useMetaAdChange(
    projectId,
    (units: number) => updateMetaAdDetails({ assistantId: projectId, [field]: units }),
    {
      fallback: m.fallback,
      success: () => m.budgetSaved,
      apply: (d, out) => ({ ...d, metaAdsDetails: out.metaAdsDetails }),
      onSuccess: () => setAmount(''),
    },
  );
  const current = data.metaAdsDetails[field];
  const label = labels[field];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (amount.trim() === '') return;
    const units = parseBudget(amount);
    if (units === null) return setError(m.budgetInvalid);
    save.mutate(units);
  };
  const blocked = blockedBy(canWrite);
  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      aria-label={label.action}
      // The section's two columns (field, button), so both forms line up.
      sx={{ display: 'grid', gridColumn: '1 / -1', gridTemplateColumns: 'subgrid', alignItems: 'start', rowGap: 1 }}
    >
      <TextField
        size="small"
        label={label.name}
        value={amount}
        disabled={Boolean(blocked)}
        onChange={(e) => {
          setAmount(e.target.value);
          setError('');
        }}
        error={Boolean(error)}
        helperText={
          error || (
            <span data-testid={`budget-${field}`}>
              {t.now}: {current === null ? t.notSet : formatMoney(current, data.currency)}
            </span>
          )
        }
        slotProps={{
          input: { startAdornment: <InputAdornment position="start">{currencySymbol(data.currency)}</InputAdornment> },
          htmlInput: { inputMode: 'decimal', maxLength: 16 },
        }}
        sx={{ minWidth: 0 }}
      />
      <Guarded reason={blocked}>
        <Button
          type="submit"
          variant="outlined"
          disabled={amount.trim() === ''}
          loading={save.isPending}
          sx={{ justifySelf: { xs: 'start', sm: 'stretch' }, whiteSpace: 'nowrap' }}
        >
          {label.action}
        </Button>
      </Guarded>
    </Box>
  );
};

/** Set Minimum Daily Ad Budget and Assign Total Budget, in the project's currency. */
export const BudgetsSection = (props: Props) => (
  <AdSection title={t.budgets}>
    <Box
      sx={{
        display: 'grid',
        gap: 1.5,
        columnGap: 1,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'minmax(0, 1fr) auto' },
      }}
    >
      <BudgetForm {...props} field="minDailyBudgetLimit" />
      <BudgetForm {...props} field="totalAssignedBudget" />
    </Box>
  </AdSection>
);
