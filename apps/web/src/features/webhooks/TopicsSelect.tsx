import {
  Box,
  Checkbox,
  Chip,
  FormControl,
  FormHelperText,
  InputLabel,
  ListItemText,
  MenuItem,
  OutlinedInput,
  Select,
} from '@mui/material';
import { useId, type Ref } from 'react';

type Props = {
  label: string;
  /** The topics offered, in the spec's order; the value keeps that order. */
  options: readonly string[];
  value: string[];
  onChange: (topics: string[]) => void;
  onBlur?: () => void;
  error?: string;
  helperText?: string;
  disabled?: boolean;
  ref?: Ref<HTMLInputElement>;
};

/** The webhook dialogs' topics multi-select (doc 2 sections 2.4 and 9): a checkbox per topic, the chosen ones as chips. */
export const TopicsSelect = ({ label, options, value, onChange, onBlur, error, helperText, disabled, ref }: Props) => {
  const labelId = useId();
  const helperId = useId();
  const ordered = (picked: string[]) => options.filter((topic) => picked.includes(topic));
  return (
    <FormControl fullWidth size="small" error={Boolean(error)} disabled={disabled}>
      <InputLabel id={labelId}>{label}</InputLabel>
      <Select<string[]>
        multiple
        labelId={labelId}
        value={value}
        inputRef={ref}
        onBlur={onBlur}
        onChange={(e) => {
          const next = e.target.value;
          onChange(ordered(typeof next === 'string' ? next.split(',') : next));
        }}
        input={<OutlinedInput label={label} aria-describedby={helperId} />}
        renderValue={(picked) => (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
            {picked.map((topic) => (
              <Chip key={topic} label={topic} size="small" />
            ))}
          </Box>
        )}
        MenuProps={{ slotProps: { paper: { sx: { maxHeight: 360 } } } }}
        data-testid="topics-select"
      >
        {options.map((topic) => (
          <MenuItem key={topic} value={topic} dense>
            <Checkbox size="small" checked={value.includes(topic)} sx={{ py: 0 }} />
            <ListItemText primary={topic} />
          </MenuItem>
        ))}
      </Select>
      <FormHelperText id={helperId}>{error ?? helperText}</FormHelperText>
    </FormControl>
  );
};
