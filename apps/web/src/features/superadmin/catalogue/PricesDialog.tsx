import { Box, InputAdornment, TextField, Typography } from '@mui/material';
import { currencySymbol } from '@pc/contract';
import { useState, type ReactNode } from 'react';
import { unitsToInput } from '../../plan-details/units';
import {
  changedRows,
  currenciesOf,
  fieldKey,
  typedUnits,
  type ChangedRows,
  type PriceRow,
  type Typed,
} from './amounts';
import { CatalogueDialog } from './CatalogueDialog';
import { catalogueScreenTexts as t } from './texts';

type Props = {
  title: string;
  rows: PriceRow[];
  /** Sends the changed rows; rejects when the server refuses (the dialog stays open to correct). */
  onSave: (changed: ChangedRows) => Promise<void>;
  onClose: () => void;
  /** Fields above the prices (a new add-on's name), and whether they are complete. */
  head?: ReactNode;
  headReady?: boolean;
  /** A new entry is sent whole, changed or not. */
  sendAll?: boolean;
};

// Arrows would step by whole units, useless for a price of ₹0.7846.
const noSpinner = {
  '& input': { MozAppearance: 'textfield' },
  '& input::-webkit-outer-spin-button, & input::-webkit-inner-spin-button': { WebkitAppearance: 'none', m: 0 },
} as const;

/**
 * One entry's provider prices, typed in currency units (a row per plan, charge type or add-on
 * slot, a field per currency). Save is enabled once a price changed and every field is an amount;
 * full screen on a phone.
 */
export const PricesDialog = ({ title, rows, onSave, onClose, head, headReady = true, sendAll = false }: Props) => {
  const [typed, setTyped] = useState<Typed>({});
  const changed = changedRows(rows, typed);
  const payload = changed === null ? null : sendAll ? wholeRows(rows, typed) : changed;
  const ready = headReady && payload !== null && Object.keys(payload).length > 0;

  return (
    <CatalogueDialog
      title={title}
      hint={t.dialogHint}
      head={head}
      onSave={ready ? () => onSave(payload) : null}
      onClose={onClose}
    >
      {rows.map((row) => (
        <Box
          key={row.key}
          role="group"
          aria-label={row.label}
          sx={{
            display: 'grid',
            alignItems: 'start',
            gap: 1.5,
            gridTemplateColumns: { xs: '1fr 1fr', sm: '160px 1fr 1fr' },
          }}
        >
          <Typography
            sx={{
              fontWeight: 600,
              gridColumn: { xs: '1 / -1', sm: 'auto' },
              pt: { sm: 1 },
              overflowWrap: 'anywhere',
            }}
          >
            {row.label}
          </Typography>
          {currenciesOf(row).map((currency) => {
            const key = fieldKey(row.key, currency);
            const value = typed[key] ?? unitsToInput(row.amounts[currency]!);
            const invalid = typedUnits(value) === null;
            return (
              <TextField
                key={currency}
                label={currency}
                size="small"
                value={value}
                error={invalid}
                helperText={invalid ? t.amountHelp : undefined}
                onChange={(event) => setTyped((current) => ({ ...current, [key]: event.target.value }))}
                sx={noSpinner}
                slotProps={{
                  htmlInput: { inputMode: 'decimal', 'aria-label': `${row.label} (${currency})` },
                  input: {
                    startAdornment: <InputAdornment position="start">{currencySymbol(currency)}</InputAdornment>,
                  },
                }}
              />
            );
          })}
        </Box>
      ))}
    </CatalogueDialog>
  );
};

/** Every row with its amounts as typed (or as they were), once each is an amount: a new entry is sent whole. */
const wholeRows = (rows: PriceRow[], typed: Typed): ChangedRows =>
  Object.fromEntries(
    rows.map((row) => [
      row.key,
      Object.fromEntries(
        currenciesOf(row).map((c) => [c, typedUnits(typed[fieldKey(row.key, c)] ?? unitsToInput(row.amounts[c]!))!]),
      ),
    ]),
  );
