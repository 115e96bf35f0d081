import { TextField } from '@mui/material';
import { memo } from 'react';
import { cleanMargin } from './units';

type Props = {
  label: string;
  value: string;
  disabled: boolean;
  onChange: (value: string) => void;
  width?: number;
};

// The arrows step by whole units, useless for a margin of ₹0.05, and take the digits' room.
const noSpinner = {
  '& input': { MozAppearance: 'textfield' },
  '& input::-webkit-outer-spin-button, & input::-webkit-inner-spin-button': { WebkitAppearance: 'none', m: 0 },
} as const;

/** A margin in currency units: minimum 0, a negative value becomes 0 (doc 3 section 5). */
export const MarginField = memo(({ label, value, disabled, onChange, width = 120 }: Props) => (
  <TextField
    type="number"
    size="small"
    value={value}
    disabled={disabled}
    onChange={(event) => onChange(cleanMargin(event.target.value))}
    sx={{ width, ...noSpinner }}
    slotProps={{ htmlInput: { min: 0, step: 'any', inputMode: 'decimal', 'aria-label': label } }}
  />
));
MarginField.displayName = 'MarginField';
