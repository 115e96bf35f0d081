import { FormControl, FormHelperText, InputLabel, OutlinedInput, type OutlinedInputProps } from '@mui/material';
import { useId, type ReactNode, type Ref } from 'react';

export type TextInputProps = Omit<OutlinedInputProps, 'label' | 'ref' | 'inputRef'> & {
  label: string;
  helperText?: ReactNode;
  /** The label stays above the field even when it is empty (a date input draws its own placeholder). */
  shrinkLabel?: boolean;
  /** The input element, e.g. react-hook-form's `register(...)` ref. */
  ref?: Ref<HTMLInputElement>;
};

/**
 * An outlined text field that looks and behaves as MUI's TextField (the theme's small, full-width
 * fields), without TextField's select mode: that mode brings Select, Menu, Popover and two more
 * input variants to every page with a field. Used by the pages every visit
 * loads first (sign-in, the dashboard, the shell); a field that is a select stays a TextField.
 */
export const TextInput = ({
  label,
  helperText,
  shrinkLabel,
  error,
  disabled,
  required,
  fullWidth = true,
  size = 'small',
  sx,
  id,
  ref,
  ...input
}: TextInputProps) => {
  const autoId = useId();
  const inputId = id ?? autoId;
  const helperId = helperText ? `${inputId}-helper-text` : undefined;
  return (
    <FormControl
      variant="outlined"
      error={error}
      disabled={disabled}
      required={required}
      fullWidth={fullWidth}
      size={size}
      sx={sx}
    >
      <InputLabel htmlFor={inputId} shrink={shrinkLabel}>
        {label}
      </InputLabel>
      <OutlinedInput
        {...input}
        id={inputId}
        inputRef={ref}
        label={label}
        notched={shrinkLabel}
        aria-describedby={helperId}
      />
      {helperText ? <FormHelperText id={helperId}>{helperText}</FormHelperText> : null}
    </FormControl>
  );
};
