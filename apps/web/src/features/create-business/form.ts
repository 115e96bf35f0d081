import { EMAIL_PATTERN, isBusinessPassword, type Address, type Partner } from '@pc/contract';
import { getCountryCallingCode, type CountryCode } from 'libphonenumber-js';
import { DEFAULT_DIAL_CODE, DEFAULT_TIMEZONE } from '@pc/contract';

export type DetailsValues = {
  email: string;
  password: string;
  display_name: string;
  company: string;
  dialCode: string;
  contact: string;
  website: string;
  description: string;
  industry: string;
  companySize: string;
  timezone: string;
  currency: string;
};

export type PlanValues = { familyId: string; planName: string; wccId: string; paymentPlanId: string };
export type AccountingValues = {
  gstNumber: string;
  billingAddress: Address;
  shippingAddress: Address;
  checked: boolean;
};

/** The partner's dial code (from its country), else +91 (doc 1 section 9). */
export const partnerDialCode = (partner: Partner | null) => {
  try {
    return partner?.isoCode
      ? `+${getCountryCallingCode(partner.isoCode.toUpperCase() as CountryCode)}`
      : DEFAULT_DIAL_CODE;
  } catch {
    return DEFAULT_DIAL_CODE;
  }
};

export const emptyDetails = (partner: Partner | null): DetailsValues => ({
  email: '',
  password: '',
  display_name: '',
  company: '',
  dialCode: partnerDialCode(partner),
  contact: '',
  website: '',
  description: '',
  industry: '',
  companySize: '',
  timezone: DEFAULT_TIMEZONE,
  currency: partner?.currency ?? 'INR',
});

export const emptyAddress = (): Address => ({ country: 'IN', state: '', street: '', city: '', zip: '' });
export const emptyAccounting = (): AccountingValues => ({
  gstNumber: '',
  billingAddress: emptyAddress(),
  shippingAddress: emptyAddress(),
  checked: true,
});
/** The partner's defaults (Manage, Configure Plan Family) preselected; empty where none is set. */
export const defaultPlans = (partner: Partner | null): PlanValues => ({
  familyId: partner?.defaultPlanFamily ?? '',
  planName: partner?.defaultPlanFamily ? (partner.defaultPlanName ?? '') : '',
  wccId: partner?.defaultWccPlan ?? '',
  paymentPlanId: partner?.addons.WHATSAPP_PAY?.status === 'ACTIVE' ? (partner.defaultWhatsappPaymentsPlan ?? '') : '',
});

const WEBSITE_PATTERN = /^(https?:\/\/)?[\w-]+(\.[\w-]+)+(\/\S*)?$/i;

/** Inline errors of the details step (shown once a field has a value). */
export const detailErrors = (v: DetailsValues, isDirect: boolean): Partial<Record<keyof DetailsValues, string>> => {
  const errors: Partial<Record<keyof DetailsValues, string>> = {};
  if (v.email && !EMAIL_PATTERN.test(v.email.trim())) errors.email = 'Invalid email';
  if (v.contact && !/^\d{7,15}$/.test(v.contact.trim())) errors.contact = 'Enter a valid mobile number';
  if (v.website && !WEBSITE_PATTERN.test(v.website.trim())) errors.website = 'Enter a valid website';
  if (isDirect && v.password && !isBusinessPassword(v.password))
    errors.password = 'Minimum eight characters, at least one letter, one number';
  return errors;
};

type Variant = 'wizard' | 'dialog';

/** Next is enabled when the partner's required fields are filled and no field has an error (doc 1 section 5). */
export const detailsComplete = (v: DetailsValues, partner: Partner | null, variant: Variant) => {
  const isDirect = partner?.type === 'DIRECT';
  const filled = (s: string) => s.trim().length > 0;
  const simplified = Boolean(partner?.flags.simplifiedBusinessForm);
  const required: (keyof DetailsValues)[] = simplified
    ? ['display_name', 'email', 'contact']
    : variant === 'wizard'
      ? ['company', 'website', 'companySize', 'industry', 'display_name', 'contact', 'email']
      : ['company', 'companySize', 'industry', 'display_name', 'contact', 'email'];
  if (isDirect) required.push('password');
  return required.every((key) => filled(v[key])) && Object.keys(detailErrors(v, isDirect)).length === 0;
};

export const addressComplete = (a: Address) => /^\d*$/.test(a.zip);

/** With the accounting integration (Zoho), both addresses must be valid; without it there is nothing to check. */
export const accountingComplete = (zoho: boolean, a: AccountingValues) =>
  !zoho || (addressComplete(a.billingAddress) && addressComplete(a.shippingAddress));

/** The payload of the details, as the contract's create-business call takes it. */
export const detailsPayload = (v: DetailsValues, isDirect: boolean) => ({
  email: v.email.trim(),
  ...(isDirect || v.password ? { password: v.password } : {}),
  display_name: v.display_name.trim(),
  company: v.company.trim(),
  contact: `${v.dialCode.replace('+', '')}${v.contact.trim()}`,
  timezone: v.timezone,
  currency: v.currency as 'INR' | 'USD',
  companySize: (v.companySize || null) as never,
  website: v.website.trim() || null,
  description: v.description.trim() || null,
  industry: (v.industry || null) as never,
  countryCode: v.dialCode,
});

export const accountingPayload = (a: AccountingValues) => ({
  gstNumber: a.gstNumber.trim() || null,
  billingAddress: a.billingAddress,
  shippingAddress: a.checked ? a.billingAddress : a.shippingAddress,
  checked: a.checked,
});
