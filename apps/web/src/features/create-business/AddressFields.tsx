import { Autocomplete, Box, MenuItem, TextField, Typography } from '@mui/material';
import type { Address } from '@pc/contract';
import { countryOptions, findCountry } from '../team/countries';
import { indianStates } from './indianStates';
import { createBusinessTexts as t } from './texts';

type Props = { title: string; value: Address; onChange: (address: Address) => void };

/** Country (flag, code, dial code), state (a list for India), street, city and a numeric zip. */
export const AddressFields = ({ title, value, onChange }: Props) => {
  const set = (key: keyof Address) => (event: { target: { value: string } }) =>
    onChange({ ...value, [key]: event.target.value });
  return (
    <Box sx={{ gridColumn: '1 / -1', display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      <Typography variant="subtitle2" component="h3" sx={{ gridColumn: '1 / -1' }}>
        {title}
      </Typography>
      <Autocomplete
        options={countryOptions}
        value={findCountry(value.country)}
        disableClearable={Boolean(findCountry(value.country))}
        autoHighlight
        onChange={(_event, country) => onChange({ ...value, country: country?.code ?? '', state: '' })}
        getOptionLabel={(option) => `${option.flag} ${option.name}`}
        isOptionEqualToValue={(a, b) => a.code === b.code}
        renderOption={({ key, ...props }, option) => (
          <Box component="li" key={key} {...props} sx={{ gap: 1 }}>
            <span aria-hidden>{option.flag}</span>
            {option.name} ({option.code}) +{option.dialCode}
          </Box>
        )}
        renderInput={(params) => <TextField {...params} label={t.country} />}
      />
      {value.country === 'IN' ? (
        <TextField select label={t.state} value={value.state} onChange={set('state')}>
          {indianStates.map((state) => (
            <MenuItem key={state} value={state}>
              {state}
            </MenuItem>
          ))}
        </TextField>
      ) : (
        <TextField label={t.state} value={value.state} onChange={set('state')} />
      )}
      <TextField label={t.street} value={value.street} onChange={set('street')} />
      <TextField label={t.city} value={value.city} onChange={set('city')} />
      <TextField
        label={t.zip}
        value={value.zip}
        onChange={(event) => onChange({ ...value, zip: event.target.value.replace(/\D/g, '') })}
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 10 } }}
      />
    </Box>
  );
};
