import { IconButton, InputAdornment, TextField, type TextFieldProps } from '@mui/material';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import { useState } from 'react';

/** A password input with a show/hide toggle named after the field, for screen readers and tests. */
export const PasswordField = ({ label, slotProps, ...props }: TextFieldProps & { label: string }) => {
  const [shown, setShown] = useState(false);
  return (
    <TextField
      {...props}
      label={label}
      type={shown ? 'text' : 'password'}
      slotProps={{
        ...slotProps,
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                aria-label={`${shown ? 'Hide' : 'Show'} ${label.toLowerCase()}`}
                onClick={() => setShown((s) => !s)}
                edge="end"
                size="small"
                disabled={props.disabled}
              >
                {shown ? <VisibilityOffIcon fontSize="small" /> : <VisibilityIcon fontSize="small" />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
};
