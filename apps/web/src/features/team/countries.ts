import countries from 'i18n-iso-countries';
import english from 'i18n-iso-countries/langs/en.json';
import { getCountries, getCountryCallingCode, type CountryCode } from 'libphonenumber-js';

countries.registerLocale(english);

export type CountryOption = { code: string; name: string; dialCode: string; flag: string };

const flagOf = (code: string) =>
  String.fromCodePoint(...[...code.toUpperCase()].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65));

/** Countries that have both a name and a dial code, by name. */
export const countryOptions: CountryOption[] = getCountries()
  .map((code: CountryCode) => ({
    code,
    name: countries.getName(code, 'en') ?? '',
    dialCode: getCountryCallingCode(code),
    flag: flagOf(code),
  }))
  .filter((option) => option.name)
  .sort((a, b) => a.name.localeCompare(b.name));

export const findCountry = (code: string | undefined): CountryOption | null =>
  countryOptions.find((option) => option.code === code) ?? null;
