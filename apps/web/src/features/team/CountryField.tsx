import { Autocomplete, Box, TextField } from '@mui/material';
import { DEFAULT_COUNTRY } from '@pc/contract';
import { countryOptions, findCountry, type CountryOption } from './countries';
import { teamTexts } from './texts';

type Props = { value: string | undefined; onChange: (country: CountryOption) => void };

export const CountryField = ({ value, onChange }: Props) => (
  <Autocomplete
    options={countryOptions}
    value={value ?? DEFAULT_COUNTRY}
    getOptionValue={(option) => option.code}
    disableClearable
    autoHighlight
    onChange={(_event, code) => {
      const country = findCountry(code);
      if (country) onChange(country);
    }}
    getOptionLabel={(option) => option.name}
    renderOption={({ key, ...props }, option) => (
      <Box component="li" key={key} {...props} sx={{ gap: 1 }}>
        <span aria-hidden>{option.flag}</span>
        {option.name} (+{option.dialCode})
      </Box>
    )}
    renderInput={(params) => <TextField {...params} label={teamTexts.country} />}
  />
);
