import { z } from 'zod';
import { Currency } from './currency.js';

/** Reference lists of the create-business forms (spec doc 1 section 9). */
export const companySizes = ['1 - 10', '10 - 20', '20 - 50', '50 - 200', '200 + Employees'] as const;
export const wizardIndustries = [
  'Education',
  'Automotive',
  'Entertainment',
  'Finance and Banking',
  'Medical and Health',
  'Hotel and Lodging',
  'Beauty Spa and Salon',
  'Clothing and Apparel',
  'Event Planning and Service',
  'Food and Grocery',
  'Professional Services',
  'Public Service',
  'Non-profit',
  'Shopping and Retail',
  'Travel and Transportation',
  'Restaurant',
  'Other',
] as const;
/** The alternative dialog's list: the wizard's plus five more. */
export const dialogIndustries = [
  ...wizardIndustries,
  'Ecommerce',
  'IT Services',
  'Real Estate',
  'SAAS/Apps',
  'Gaming',
] as const;

/**
 * An archived business keeps its row; its email gets this leading marker so that the address is
 * free for a new business, and the console strips it for display.
 */
export const ARCHIVE_MARKER = 'archived__';
export const stripArchiveMarker = (email: string): string => email.replace(/^(archived__)+/, '');

export const Address = z.object({
  country: z.string(),
  state: z.string(),
  street: z.string(),
  city: z.string(),
  zip: z.string().regex(/^\d*$/, 'Zip must be numeric'),
});
export type Address = z.infer<typeof Address>;

/** The business as the API shows it; `password` only tells whether one is set. */
export const Business = z.object({
  _id: z.string(),
  id: z.string(),
  display_name: z.string(),
  displayName: z.string(),
  name: z.string(),
  company: z.string(),
  email: z.string(),
  contact: z.string(),
  type: z.string(),
  createdOn: z.string(),
  companySize: z.string().nullable(),
  password: z.boolean(),
  businessArchived: z.boolean(),
  website: z.string().nullable(),
  description: z.string().nullable(),
  industry: z.string().nullable(),
  timezone: z.string(),
  currency: Currency,
  countryCode: z.string(),
});
export type Business = z.infer<typeof Business>;
