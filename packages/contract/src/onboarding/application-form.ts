import { z } from 'zod';

/**
 * The WhatsApp API application form (doc 2 sections 2.5, 3, 4, 5.6): four steps (personal,
 * business, Facebook business, WhatsApp account), each validated with the spec's messages; Next
 * moves on only when the current step validates.
 */

/** Doc 2 section 3, reference data: the application form's business verticals, in the spec's order. */
export const applicationVerticals = [
  'Ecommerce',
  'Education',
  'Automotive',
  'IT Services',
  'Real Estate',
  'SAAS/Apps',
  'Gaming',
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
export const applicationCompanySizes = [
  '1-10 employees',
  '10-20 employees',
  '20-50 employees',
  '50-200 employees',
  '200-500 employees',
  '500+ employees',
] as const;
export const managerVerifiedOptions = ['Yes', 'No', 'No, Start Verification is Faded'] as const;

export const applicationFormMessages = {
  name: 'Please enter a valid name',
  number: 'Please enter a valid phone number',
  email: 'Please enter a valid email address',
  entityName: 'Please enter your Business Entity Name',
  website: 'Please enter a valid Website URL',
  businessVertical: 'Please select one Business Vertical',
  companySize: 'Please specify your Company Size',
  headquarters: 'Please specify country of your Headquarters',
  addressLine1: 'Please specify Official Address: Address line 1',
  city: 'Please specify City',
  state: 'Please specify State',
  zipCode: 'Please specify Zip Code',
  country: 'Please specify Country',
  facebookPage: 'Please enter a valid Facebook Page',
  businessManagerId: 'Please enter a FB Business Manager ID',
  isManagerVerified: 'Please select one option',
  whatsappNumber: 'Please enter a valid Whatsapp Phone Number',
  // The spec reuses this one for the display name (section 5.6, step 4).
  displayName: 'Please enter a FB Business Manager ID',
} as const;
const msg = applicationFormMessages;

const required = (message: string, max = 200) => z.string({ error: message }).trim().min(1, message).max(max, message);
const digits = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^\d{6,15}$/, message);
const webUrl = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(2000, message)
    .refine((v) => {
      try {
        const u = new URL(/^https?:\/\//i.test(v) ? v : `https://${v}`);
        return /^https?:$/.test(u.protocol) && u.hostname.includes('.');
      } catch {
        return false;
      }
    }, message);

export const ApplicationPersonalDetails = z.object({
  name: required(msg.name),
  number: digits(msg.number),
  email: z.email({ error: msg.email }).max(254, msg.email),
});
export const ApplicationBusinessDetails = z.object({
  entityName: required(msg.entityName),
  website: webUrl(msg.website),
  businessVertical: z.enum(applicationVerticals, { error: msg.businessVertical }),
  companySize: z.enum(applicationCompanySizes, { error: msg.companySize }),
  headquarters: required(msg.headquarters),
  addressLine1: required(msg.addressLine1),
  addressLine2: z.string().trim().max(200).optional(),
  city: required(msg.city),
  state: required(msg.state),
  zipCode: required(msg.zipCode, 20),
  country: required(msg.country),
});
export const ApplicationFbBusinessDetails = z.object({
  facebookPage: webUrl(msg.facebookPage),
  businessManagerId: required(msg.businessManagerId, 50),
  isManagerVerified: z.enum(managerVerifiedOptions, { error: msg.isManagerVerified }),
});
export const ApplicationWhatsappAccountDetails = z.object({
  whatsappNumber: digits(msg.whatsappNumber),
  displayName: required(msg.displayName),
});

export const ApplicationForm = z.object({
  personalDetails: ApplicationPersonalDetails,
  businessDetails: ApplicationBusinessDetails,
  fbBusinessDetails: ApplicationFbBusinessDetails,
  whatsappAccountDetails: ApplicationWhatsappAccountDetails,
});
export type ApplicationForm = z.infer<typeof ApplicationForm>;

/** The steps in order: each step's part of the form and its schema. */
export const applicationFormSteps = [
  { key: 'personalDetails', schema: ApplicationPersonalDetails },
  { key: 'businessDetails', schema: ApplicationBusinessDetails },
  { key: 'fbBusinessDetails', schema: ApplicationFbBusinessDetails },
  { key: 'whatsappAccountDetails', schema: ApplicationWhatsappAccountDetails },
] as const;

/** The first problem of a step, in its fields' order (the snackbar shows one message at a time), or null. */
export const applicationStepProblem = (step: number, values: unknown): string | null => {
  const s = applicationFormSteps[step];
  if (!s) return null;
  const parsed = s.schema.safeParse(values);
  if (parsed.success) return null;
  const order = Object.keys(s.schema.shape);
  const issues = [...parsed.error.issues].sort(
    (a, b) => order.indexOf(String(a.path[0])) - order.indexOf(String(b.path[0])),
  );
  return issues[0]?.message ?? null;
};
