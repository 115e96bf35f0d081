import { isSupportedCountry, parsePhoneNumberFromString } from 'libphonenumber-js';

/**
 * The recipient's country (ISO 3166 alpha-2), which prices the conversation, from the number's
 * calling code and leading digits as libphonenumber reads them (+1 is the US, Canada or a Caribbean
 * country by its area code; +44 7781 is Guernsey). Null when the number is not a possible one of a
 * country: too short or too long for its code, or a code of no country (+800, +999).
 */
export const countryOfNumber = (digits: string): string | null => {
  const number = parsePhoneNumberFromString(`+${digits}`);
  if (!number?.country || !number.isPossible()) return null;
  return number.country;
};

/**
 * A business-scoped user id's country: Meta prefixes a BSUID with "the user's ISO 3166 alpha-2
 * two-letter country code" ("Business-scoped user IDs" page), and pricing stays keyed on the
 * user's country. Null for a prefix that is no country with a calling code.
 */
export const countryOfBsuid = (bsuid: string): string | null => {
  const code = bsuid.slice(0, 2);
  return isSupportedCountry(code) ? code : null;
};
