import { z } from 'zod';
import { EMAIL_PATTERN } from './team.js';

/** The partner's billing details (spec doc 3 sections 2, 3, 5 and 8). */
export const billingDetailsTexts = {
  // Doc 3 sections 5 and 8, verbatim.
  requiredMissing: 'Required fields missing',
  invalidPostalCode: 'Please enter a valid postal code!',
  saveFailed: 'Error updating billing details!',
  noBillingAddress: 'No billing address found!',
  // Ours.
  title: 'Billing details',
  saved: 'Billing details updated',
  invalidEmail: 'Enter a valid email address',
  invalidPhone: 'Enter the 10-digit mobile number',
  invalidGstin: 'GSTIN is up to 15 letters and digits',
  unknownState: 'Choose a state',
} as const;

/** The country is fixed to India and locked (doc 3 section 5). */
export const BILLING_COUNTRY = 'India';
export const BILLING_DIAL_CODE = '+91';

/** GST state codes (the first two digits of a GSTIN) and their states. */
export const gstStates = {
  '01': 'Jammu and Kashmir',
  '02': 'Himachal Pradesh',
  '03': 'Punjab',
  '04': 'Chandigarh',
  '05': 'Uttarakhand',
  '06': 'Haryana',
  '07': 'Delhi',
  '08': 'Rajasthan',
  '09': 'Uttar Pradesh',
  '10': 'Bihar',
  '11': 'Sikkim',
  '12': 'Arunachal Pradesh',
  '13': 'Nagaland',
  '14': 'Manipur',
  '15': 'Mizoram',
  '16': 'Tripura',
  '17': 'Meghalaya',
  '18': 'Assam',
  '19': 'West Bengal',
  '20': 'Jharkhand',
  '21': 'Odisha',
  '22': 'Chhattisgarh',
  '23': 'Madhya Pradesh',
  '24': 'Gujarat',
  '26': 'Dadra and Nagar Haveli and Daman and Diu',
  '27': 'Maharashtra',
  '29': 'Karnataka',
  '30': 'Goa',
  '31': 'Lakshadweep',
  '32': 'Kerala',
  '33': 'Tamil Nadu',
  '34': 'Puducherry',
  '35': 'Andaman and Nicobar Islands',
  '36': 'Telangana',
  '37': 'Andhra Pradesh',
  '38': 'Ladakh',
  '97': 'Other Territory',
} as const;
export type GstStateCode = keyof typeof gstStates;

const required = (max: number) => z.string().trim().min(1, billingDetailsTexts.requiredMissing).max(max);

/**
 * The rules of doc 3 section 5, held by the server as well: everything required but the two
 * address lines; values trimmed; the email lowercased; the phone 10 digits (sent without +91);
 * the zip 6 digits; the GSTIN uppercased, letters and digits, at most 15; the country India.
 */
export const BillingAddress = z.object({
  firstName: required(100),
  lastName: required(100),
  email: required(200)
    .transform((v) => v.toLowerCase())
    .refine((v) => EMAIL_PATTERN.test(v), billingDetailsTexts.invalidEmail),
  phone: z
    .string()
    .trim()
    .regex(/^\d{10}$/, billingDetailsTexts.invalidPhone),
  company: required(200),
  line1: z.string().trim().max(200).default(''),
  line2: z.string().trim().max(200).default(''),
  city: required(100),
  zip: z
    .string()
    .trim()
    .regex(/^\d{6}$/, billingDetailsTexts.invalidPostalCode),
  country: z.literal(BILLING_COUNTRY).default(BILLING_COUNTRY),
  stateCode: z.enum(Object.keys(gstStates) as [GstStateCode, ...GstStateCode[]], billingDetailsTexts.unknownState),
  gstin: z
    .string()
    .trim()
    .transform((v) => v.toUpperCase())
    .refine((v) => /^[A-Z0-9]{1,15}$/.test(v), billingDetailsTexts.invalidGstin),
});
export type BillingAddress = z.infer<typeof BillingAddress>;
/** The details as saved and answered (no transforms: an answer is encoded, not parsed). */
export const SavedBillingAddress = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  company: z.string(),
  line1: z.string(),
  line2: z.string(),
  city: z.string(),
  zip: z.string(),
  country: z.string(),
  stateCode: z.string(),
  gstin: z.string(),
});
export type BillingAddressInput = z.input<typeof BillingAddress>;
export const UpdateBillingDetailsRequest = z.object({ billingAddress: BillingAddress });
