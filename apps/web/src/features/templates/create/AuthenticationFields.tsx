import {
  Box,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  TextField,
  Typography,
} from '@mui/material';
import {
  AUTH_BUTTON_TEXT_MAX,
  AUTH_CODE_EXPIRY_MAX,
  AUTH_CODE_EXPIRY_MIN,
  authenticationTexts,
  otpTypeLabels,
  otpTypes,
  type OtpType,
} from '@pc/contract';
import { useId } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { templateTexts as t } from '../texts';
import type { TemplateFormValues } from './form';
import { SupportedAppsField } from './SupportedAppsField';
import { useFieldError } from './useFieldError';
import { useSetChoice } from './useSetChoice';

const twoColumns = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: 'minmax(0,1fr)', sm: 'repeat(2, minmax(0,1fr))' },
  alignItems: 'start',
};

const metaTexts = (language: string, addSecurityRecommendation: boolean) =>
  authenticationTexts(language, {
    addSecurityRecommendation,
    codeExpirationMinutes: null,
    buttonText: '',
    autofillText: '',
  });

/** "For your security, do not share this code." in the template's language (what the checkbox adds). */
const securitySentence = (language: string) =>
  metaTexts(language, true).body.slice(metaTexts(language, false).body.length).trim();

/** The security sentence and the expiry: the two parts of Meta's text that are the user's to choose. */
const TextChoices = ({ language }: { language: string }) => {
  const { control } = useFormContext<TemplateFormValues>();
  const security = useWatch({ control, name: 'authentication.addSecurityRecommendation' });
  const minutes = useWatch({ control, name: 'authentication.codeExpirationMinutes' });
  const set = useSetChoice();
  const error = useFieldError('authentication.codeExpirationMinutes');
  const sentence = securitySentence(language);
  return (
    <Box sx={twoColumns}>
      <Box>
        <FormControlLabel
          control={<Checkbox checked={security} onChange={(e) => set('addSecurityRecommendation', e.target.checked)} />}
          label={t.securityRecommendation}
        />
        <FormHelperText sx={{ mt: 0 }}>{t.securityRecommendationHelper(sentence)}</FormHelperText>
      </Box>
      <TextField
        type="number"
        label={t.codeExpiry}
        value={minutes}
        onChange={(e) => set('codeExpirationMinutes', e.target.value)}
        error={Boolean(error)}
        helperText={error ?? t.codeExpiryHelper}
        data-field="authentication.codeExpirationMinutes"
        slotProps={{
          htmlInput: { min: AUTH_CODE_EXPIRY_MIN, max: AUTH_CODE_EXPIRY_MAX, step: 1, inputMode: 'numeric' },
        }}
      />
    </Box>
  );
};

/** Copy code, one-tap autofill or zero-tap (Meta's `otp_type`). */
const OtpTypeChoice = ({ otpType }: { otpType: OtpType }) => {
  const labelId = useId();
  const set = useSetChoice();
  const error = useFieldError('authentication.otpType');
  return (
    <FormControl error={Boolean(error)} data-field="authentication.otpType">
      <FormLabel id={labelId}>{t.otpButton}</FormLabel>
      <RadioGroup
        row
        aria-labelledby={labelId}
        value={otpType}
        onChange={(e) => set('otpType', e.target.value as OtpType)}
      >
        {otpTypes.map((type) => (
          <FormControlLabel key={type} value={type} control={<Radio />} label={otpTypeLabels[type]} />
        ))}
      </RadioGroup>
      <FormHelperText sx={{ mx: 0 }}>{error ?? t.otpTypeHelp[otpType]}</FormHelperText>
    </FormControl>
  );
};

/** A button's own text, optional: Meta's in the template's language shows as the placeholder. */
const ButtonText = ({
  field,
  label,
  placeholder,
}: {
  field: 'buttonText' | 'autofillText';
  label: string;
  placeholder: string;
}) => {
  const { control } = useFormContext<TemplateFormValues>();
  const value = useWatch({ control, name: `authentication.${field}` });
  const set = useSetChoice();
  const error = useFieldError(`authentication.${field}`);
  return (
    <TextField
      label={label}
      value={value}
      placeholder={placeholder}
      onChange={(e) => set(field, e.target.value)}
      error={Boolean(error)}
      helperText={error ?? t.otpTextHelper(value.length, AUTH_BUTTON_TEXT_MAX)}
      data-field={`authentication.${field}`}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );
};

/** Zero-tap needs Meta's terms accepted ("If set to false, the template will not be created"). */
const ZeroTapTerms = () => {
  const { control } = useFormContext<TemplateFormValues>();
  const accepted = useWatch({ control, name: 'authentication.zeroTapTermsAccepted' });
  const set = useSetChoice();
  const error = useFieldError('authentication.zeroTapTermsAccepted');
  return (
    <FormControl error={Boolean(error)} data-field="authentication.zeroTapTermsAccepted">
      <FormControlLabel
        sx={{ alignItems: 'flex-start', mr: 0 }}
        control={
          <Checkbox
            checked={accepted}
            onChange={(e) => set('zeroTapTermsAccepted', e.target.checked)}
            sx={{ mt: -0.75 }}
          />
        }
        label={<Typography variant="body2">{t.zeroTapTerms}</Typography>}
      />
      {error && <FormHelperText sx={{ mx: 0 }}>{error}</FormHelperText>}
    </FormControl>
  );
};

/**
 * An AUTHENTICATION template's choices, in place of the header, body, footer and buttons: Meta
 * writes its text (docs/research/meta-templates.md section 2), the user picks the security
 * sentence, the expiry and the one-time password button (with the Android apps for one-tap and
 * zero-tap, and the zero-tap terms).
 */
export const AuthenticationFields = () => {
  const { control } = useFormContext<TemplateFormValues>();
  const language = useWatch({ control, name: 'language' });
  const otpType = useWatch({ control, name: 'authentication.otpType' });
  const android = otpType !== 'COPY_CODE';
  const defaults = metaTexts(language, false);
  return (
    <Box sx={{ display: 'grid', gap: 2.5 }} data-testid="authentication-fields">
      <Typography variant="body2" color="text.secondary">
        {t.authenticationIntro}
      </Typography>
      <TextChoices language={language} />
      <OtpTypeChoice otpType={otpType} />
      <Box sx={twoColumns}>
        <ButtonText field="buttonText" label={t.copyCodeText} placeholder={defaults.buttonText} />
        {android && <ButtonText field="autofillText" label={t.autofillText} placeholder={defaults.autofillText} />}
      </Box>
      {android && <SupportedAppsField />}
      {otpType === 'ZERO_TAP' && <ZeroTapTerms />}
    </Box>
  );
};
