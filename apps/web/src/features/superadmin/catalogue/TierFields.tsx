import { Box, IconButton, InputAdornment, TextField, Typography } from '@mui/material';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import { currencySymbol } from '@pc/contract';
import { typedUnits } from './amounts';
import { catalogueScreenTexts as t } from './texts';
import { typedFrom, type TierDraft } from './tiers';

type Props = {
  /** From 1, as the tier is named. */
  n: number;
  draft: TierDraft;
  onChange: (draft: TierDraft) => void;
  onRemove: () => void;
  autoFocus?: boolean;
};

/**
 * One tier's fields: from which message it applies, and its price in INR and USD. A field says
 * what is wrong once something is typed in it (a new tier's blank fields are not errors yet).
 */
export const TierFields = ({ n, draft, onChange, onRemove, autoFocus }: Props) => {
  const label = t.tierLabel(n);
  const wrongFrom = draft.from.trim() !== '' && typedFrom(draft.from) === null;
  const price = (currency: 'INR' | 'USD') => {
    const invalid = draft[currency].trim() !== '' && typedUnits(draft[currency]) === null;
    return (
      <TextField
        label={currency}
        size="small"
        value={draft[currency]}
        error={invalid}
        helperText={invalid ? t.amountHelp : undefined}
        onChange={(event) => onChange({ ...draft, [currency]: event.target.value })}
        sx={{ gridArea: currency }}
        slotProps={{
          htmlInput: { inputMode: 'decimal', 'aria-label': `${label} (${currency})` },
          input: { startAdornment: <InputAdornment position="start">{currencySymbol(currency)}</InputAdornment> },
        }}
      />
    );
  };

  return (
    <Box
      role="group"
      aria-label={label}
      sx={{
        display: 'grid',
        alignItems: 'start',
        columnGap: 1.5,
        rowGap: 1.5,
        gridTemplateColumns: { xs: '1fr 1fr', sm: '56px 1.3fr 1fr 1fr 40px' },
        gridTemplateAreas: { xs: '"label remove" "from from" "INR USD"', sm: '"label from INR USD remove"' },
      }}
    >
      <Typography sx={{ gridArea: 'label', fontWeight: 600, pt: { xs: 0.75, sm: 1 }, whiteSpace: 'nowrap' }}>
        {label}
      </Typography>
      <TextField
        label={t.fromMessage}
        size="small"
        value={draft.from}
        error={wrongFrom}
        helperText={wrongFrom ? t.fromHelp : undefined}
        autoFocus={autoFocus}
        onChange={(event) => onChange({ ...draft, from: event.target.value })}
        sx={{ gridArea: 'from' }}
        slotProps={{ htmlInput: { inputMode: 'numeric', 'aria-label': `${label} (${t.fromMessage})` } }}
      />
      {price('INR')}
      {price('USD')}
      <IconButton aria-label={t.removeTier(n)} onClick={onRemove} sx={{ gridArea: 'remove', justifySelf: 'end' }}>
        <DeleteOutlineIcon />
      </IconButton>
    </Box>
  );
};
