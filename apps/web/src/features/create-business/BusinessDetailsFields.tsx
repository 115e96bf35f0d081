import { Box, MenuItem, TextField } from '@mui/material';
import { businessTimezoneChoices, companySizes, dialogIndustries, wizardIndustries, type Partner } from '@pc/contract';
import { useMemo } from 'react';
import { PasswordField } from '../../ui/PasswordField';
import { detailErrors, type DetailsValues } from './form';
import { createBusinessTexts as t } from './texts';

type Props = {
  values: DetailsValues;
  onChange: (values: DetailsValues) => void;
  partner: Partner | null;
  variant: 'wizard' | 'dialog';
};

/** Step 0 of both create-business wizards. */
export const BusinessDetailsFields = ({ values, onChange, partner, variant }: Props) => {
  const isDirect = partner?.type === 'DIRECT';
  const errors = detailErrors(values, isDirect);
  const set = (key: keyof DetailsValues) => (event: { target: { value: string } }) =>
    onChange({ ...values, [key]: event.target.value });
  const industries = variant === 'wizard' ? wizardIndustries : dialogIndustries;
  const simplified = Boolean(partner?.flags.simplifiedBusinessForm);
  const fullRequired = !simplified;
  // Every zone the browser knows, with its offset today: built once per opening (a few hundred formats).
  const timezones = useMemo(() => businessTimezoneChoices(), []);
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, pt: 1 }}>
      <TextField
        label={t.displayName}
        required
        value={values.display_name}
        onChange={set('display_name')}
        slotProps={{ htmlInput: { maxLength: 120 } }}
      />
      <TextField
        label={t.email}
        required
        type="email"
        value={values.email}
        onChange={set('email')}
        error={Boolean(errors.email)}
        helperText={errors.email}
      />
      {(isDirect || !simplified) && (
        <PasswordField
          label={t.password}
          required={isDirect}
          autoComplete="new-password"
          value={values.password}
          onChange={set('password')}
          error={Boolean(errors.password)}
          helperText={isDirect ? 'Minimum eight characters, at least one letter, one number' : undefined}
        />
      )}
      <TextField
        label={t.company}
        required={fullRequired}
        value={values.company}
        onChange={set('company')}
        slotProps={{ htmlInput: { maxLength: 160 } }}
      />
      <Box sx={{ display: 'flex', gap: 1 }}>
        <TextField
          label={t.countryCode}
          value={values.dialCode}
          slotProps={{ htmlInput: { readOnly: true } }}
          sx={{ width: 96, flexShrink: 0 }}
        />
        <TextField
          label={t.contact}
          required
          fullWidth
          type="tel"
          value={values.contact}
          onChange={(event) => onChange({ ...values, contact: event.target.value.replace(/\D/g, '') })}
          error={Boolean(errors.contact)}
          helperText={errors.contact}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 15 } }}
        />
      </Box>
      <TextField
        label={t.website}
        required={fullRequired && variant === 'wizard'}
        value={values.website}
        onChange={set('website')}
        error={Boolean(errors.website)}
        helperText={errors.website}
      />
      <TextField select label={t.industry} required={fullRequired} value={values.industry} onChange={set('industry')}>
        {industries.map((industry) => (
          <MenuItem key={industry} value={industry}>
            {industry}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label={t.companySize}
        required={fullRequired}
        value={values.companySize}
        onChange={set('companySize')}
      >
        {companySizes.map((size) => (
          <MenuItem key={size} value={size}>
            {size}
          </MenuItem>
        ))}
      </TextField>
      <TextField select label={t.timezone} value={values.timezone} onChange={set('timezone')}>
        {timezones.map((zone) => (
          <MenuItem key={zone} value={zone}>
            {zone}
          </MenuItem>
        ))}
      </TextField>
      {/* Locked to the partner's currency (doc 1 section 5). */}
      <TextField select label={t.currency} value={values.currency} disabled>
        <MenuItem value={values.currency}>{values.currency}</MenuItem>
      </TextField>
      <TextField
        label={t.description}
        value={values.description}
        onChange={set('description')}
        multiline
        minRows={2}
        sx={{ gridColumn: '1 / -1' }}
      />
    </Box>
  );
};
