import { CircularProgress, FormControlLabel, Stack, Switch, Typography } from '@mui/material';

/** A switch that flips after the server agrees, with a spinner while it is asked (doc 3 section 4). */
export const SettingSwitch = (props: {
  label: string;
  help: string;
  checked: boolean;
  pending: boolean;
  disabled: boolean;
  onChange: (on: boolean) => void;
}) => (
  <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 1 }} sx={{ alignItems: { sm: 'center' } }}>
    <FormControlLabel
      sx={{ whiteSpace: 'nowrap' }}
      control={
        <Switch
          checked={props.checked}
          disabled={props.disabled || props.pending}
          onChange={(e) => props.onChange(e.target.checked)}
        />
      }
      label={props.label}
    />
    {props.pending && <CircularProgress size={18} aria-label={`Saving ${props.label}`} />}
    <Typography variant="body2" color="text.secondary" sx={{ pl: { xs: 6, sm: 0 } }}>
      {props.help}
    </Typography>
  </Stack>
);
