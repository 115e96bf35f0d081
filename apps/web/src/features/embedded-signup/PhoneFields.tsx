import { Box, FormHelperText, InputAdornment } from '@mui/material';
import { signupTexts } from '@pc/contract';
import { useId } from 'react';
import { TextInput, type TextInputProps } from '../../ui/TextInput';

type FieldProps = Omit<TextInputProps, 'label' | 'error' | 'helperText'> & { error?: string };

/**
 * A dial code and a mobile number side by side; their messages under both, so the narrow dial
 * code field does not wrap a sentence into a column.
 */
export const PhoneFields = ({
  mobileLabel,
  dialCode,
  mobile,
}: {
  mobileLabel: string;
  dialCode: FieldProps;
  mobile: FieldProps;
}) => {
  const helperId = useId();
  const { error: dialCodeError, ...dialCodeInput } = dialCode;
  const { error: mobileError, ...mobileInput } = mobile;
  const messages = [dialCodeError, mobileError].filter(Boolean);
  const describedBy = messages.length > 0 ? helperId : undefined;
  return (
    <Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: '108px minmax(0, 1fr)', gap: 1 }}>
        <TextInput
          {...dialCodeInput}
          label={signupTexts.dialCode}
          error={Boolean(dialCodeError)}
          autoComplete="tel-country-code"
          startAdornment={<InputAdornment position="start">+</InputAdornment>}
          inputProps={{ inputMode: 'numeric', maxLength: 5, 'aria-describedby': describedBy }}
        />
        <TextInput
          {...mobileInput}
          label={mobileLabel}
          type="tel"
          error={Boolean(mobileError)}
          autoComplete="tel-national"
          inputProps={{ inputMode: 'numeric', maxLength: 14, 'aria-describedby': describedBy }}
        />
      </Box>
      {messages.length > 0 && (
        <FormHelperText id={helperId} error sx={{ mx: 1.75 }}>
          {messages.join(' ')}
        </FormHelperText>
      )}
    </Box>
  );
};
