import { IconButton, InputAdornment } from '@mui/material';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import { useState } from 'react';
import { TextInput, type TextInputProps } from './TextInput';

/** A password input with a show/hide toggle named after the field, for screen readers and tests. */
export const PasswordField = ({ label, ...props }: Omit<TextInputProps, 'type' | 'endAdornment'>) => {
  const [shown, setShown] = useState(false);
  return (
    <TextInput
      {...props}
      label={label}
      type={shown ? 'text' : 'password'}
      endAdornment={
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
      }
    />
  );
};
