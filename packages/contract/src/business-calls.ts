import { z } from 'zod';
import { Address, Business, companySizes, dialogIndustries } from './businesses.js';
import { Currency } from './currency.js';
import { ProjectSummary } from './projects.js';
import { EMAIL_PATTERN } from './team.js';
import { isBusinessTimezone } from './timezones.js';

/** Spec texts of the business screens (doc 1 sections 2, 5 and 8), verbatim, typos included. */
export const businessTexts = {
  adsCannotCreate: 'This feature is available only for businesses using WhatsApp Business API services.',
  archivedTooltip: 'Business is archived',
  firstProjectSameName: 'First project of a business must have the same name as business',
  sameShippingAddress: 'Use shipping address same as billing address',
  created: 'Business Created Succesfully',
  projectCreated: 'Successfully created',
  updated: 'Business updated successfully',
  updateFailed: 'Something went wrong',
  deleteConfirm: 'Are you sure that you want to delete this business ?',
  noProject: 'No project !!!!',
  passwordIncomplete: 'Your password setup is incomplete tap Reset Password button to set your password',
  passwordHint: 'Minimum eight characters, at least one letter, one number',
  enterPassword: 'Please enter password',
  passwordsDontMatch: 'Your passwords donot match',
  passwordUpdated: 'Password updated successfully',
  passwordResetFailed: 'Something went wrong!',
  resetMailSent: 'Account password setup link has been successfully sent to the business email',
  resetMailFailed: 'something went wrong, try again',
  reportFailed: 'Error downloading report!',
  reportDownloaded: 'Successfully downloaded report!',
  tryAgain: 'something went wrong, tryagain',
  // Ours: the spec does not give these.
  businessArchived: 'This business is archived.',
  businessDeleted: 'Business deleted successfully',
  emailTaken: 'A business with this email already exists.',
  planFamilyRequired: 'Select a plan family',
  planRequired: 'Select a plan',
  planNotInFamily: 'This plan is not in the chosen plan family.',
  referralCannotCreate: 'Referral users cannot create businesses.',
  directOnly: 'Only DIRECT partners set a business password here.',
  notDirect: 'DIRECT partners set the business password with Reset Password.',
  invalidZip: 'Zip must be numeric',
  required: 'This field is required',
  invalidContact: 'Enter a valid mobile number',
  invalidWebsite: 'Enter a valid website',
  invalidDate: 'Invalid date',
  invalidTimezone: 'Choose a time zone from the list',
  waPayInactive: 'The WhatsApp Payments add-on is not active.',
} as const;

/** Letters and digits only, at least 8, with a letter and a number (doc 1 section 5, DIRECT partners). */
export const BUSINESS_PASSWORD_PATTERN = /^(?=.*[A-Za-z])(?=.*\d)[A-Za-z\d]{8,}$/;
export const isBusinessPassword = (text: string) => BUSINESS_PASSWORD_PATTERN.test(text);

const text = (max: number) => z.string().trim().max(max);
export const DateText = z
  .string()
  .max(40)
  .refine((s) => !Number.isNaN(Date.parse(s)), businessTexts.invalidDate);

export const SortOrder = z.enum(['dec', 'asc']);
export type SortOrder = z.infer<typeof SortOrder>;
export const SortQuery = z.object({ sort: SortOrder.default('dec') });

export const businessTabs = ['All', 'Archived'] as const;

/**
 * The page form (filter All or Archived, skip, rowsPerPage, optional date range) and the search form
 * (filter is the name text, clientSearch true). partnerReferralId is accepted and ignored: the
 * session says who the referral user is.
 */
export const BusinessListsRequest = z.object({
  skip: z.number().int().min(0).max(1_000_000).default(0),
  rowsPerPage: z.number().int().min(0).max(100).default(25),
  filter: text(200).default('All'),
  clientSearch: z.boolean().optional(),
  fromDate: DateText.nullish(),
  toDate: DateText.nullish(),
  partnerReferralId: z.string().max(100).nullish(),
});
export type BusinessListsRequest = z.input<typeof BusinessListsRequest>;
export const BusinessListsResponse = z.object({
  business: z.array(Business),
  newSkip: z.number().int(),
  totalBusinesses: z.number().int(),
  /**
   * Not in the spec: true when a dated list or a search matches more businesses than were counted:
   * totalBusinesses is then a lower bound (the pager shows "of more than N"). Absent means exact.
   */
  moreThan: z.boolean().optional(),
});
export type BusinessListsResponse = z.infer<typeof BusinessListsResponse>;

/** A short list for pickers (migration target, create-project): the partner's active businesses. */
export const AllBusinessListsResponse = z.object({ business: z.array(Business) });
export type AllBusinessListsResponse = z.infer<typeof AllBusinessListsResponse>;
export const ReferralQuery = z.object({ partnerReferralId: z.string().max(100).optional() });

export const BusinessCounts = z.object({ allCount: z.number().int(), archivedCount: z.number().int() });
export type BusinessCounts = z.infer<typeof BusinessCounts>;
export const BusinessCountsResponse = z.array(BusinessCounts);

export const IdParams = z.object({ partnerId: z.string().max(100), id: z.string().max(100) });
export const BusinessIdParams = z.object({ partnerId: z.string().max(100), businessId: z.string().max(100) });
export const PartnerParams = z.object({ partnerId: z.string().max(100) });
export const DeleteBusinessParams = z.object({ id: z.string().max(100) });

const optionalText = (max: number) => text(max).nullish();

/** The details of step 0; which are required depends on the partner (checked by the server too). */
export const CreateBusinessRequest = z.object({
  email: z.string().trim().max(254).regex(EMAIL_PATTERN, 'Invalid email'),
  password: z.string().max(128).nullish(),
  display_name: text(120).min(1, businessTexts.required),
  company: text(160).default(''),
  contact: z
    .string()
    .trim()
    .regex(/^\+?\d{7,15}$/, businessTexts.invalidContact),
  timezone: text(80)
    .refine((zone) => zone === '' || isBusinessTimezone(zone), businessTexts.invalidTimezone)
    .optional(),
  currency: Currency.optional(),
  companySize: z.enum(companySizes).nullish().or(z.literal('')),
  website: optionalText(300),
  description: optionalText(1000),
  industry: z.enum(dialogIndustries).nullish().or(z.literal('')),
  countryCode: z
    .string()
    .trim()
    .regex(/^\+?\d{1,4}$/)
    .optional(),
});
export type CreateBusinessRequest = z.input<typeof CreateBusinessRequest>;

/** Plan choice and accounting fields, shared by create-business and create-project. */
const AccountingFields = {
  gstNumber: optionalText(20),
  billingAddress: Address.nullish(),
  shippingAddress: Address.nullish(),
  checked: z.boolean().optional(),
};

export const CreateBusinessWithProjectRequest = CreateBusinessRequest.extend({
  newFamilyId: z.string().max(100).nullish(),
  newPlanId: z.string().max(40).nullish(),
  wccPlan: z.string().max(100).nullish(),
  waPayPlan: z.string().max(100).nullish(),
  ...AccountingFields,
});
export type CreateBusinessWithProjectRequest = z.input<typeof CreateBusinessWithProjectRequest>;

export const CreateBusinessResponse = z.object({ message: z.string(), business: Business });
export type CreateBusinessResponse = z.infer<typeof CreateBusinessResponse>;
export const CreateBusinessWithProjectResponse = z.object({
  message: z.string(),
  business: Business,
  project: ProjectSummary,
});
export type CreateBusinessWithProjectResponse = z.infer<typeof CreateBusinessWithProjectResponse>;

export const BusinessResponse = Business;

export const UpdateBusinessRequest = z
  .object({
    display_name: text(120).min(1, businessTexts.required).optional(),
    company: text(160).min(1, businessTexts.required).optional(),
  })
  .refine((b) => b.display_name !== undefined || b.company !== undefined, businessTexts.required);
export type UpdateBusinessRequest = z.input<typeof UpdateBusinessRequest>;
export const UpdateBusinessResponse = z.object({ message: z.string(), display_name: z.string(), company: z.string() });

export const BusinessProjectsRequest = z.object({ name: text(120).default(''), clientId: z.string().max(100) });
export const BusinessProjectsResponse = z.object({
  projects: z.array(ProjectSummary),
  totalprojects: z.number().int(),
});
export type BusinessProjectsResponse = z.infer<typeof BusinessProjectsResponse>;

export const ResetBusinessPasswordRequest = z.object({
  clientId: z.string().max(100),
  password: z.string().max(128),
  confirmPassword: z.string().max(128),
});
export type ResetBusinessPasswordRequest = z.infer<typeof ResetBusinessPasswordRequest>;

/** The project creation payload (doc 1 section 3). zohoCustomer is accepted and not used. */
export const CreateProjectRequest = z.object({
  name: text(120).min(1, businessTexts.required),
  planFamilyId: z.string().max(100).nullish(),
  planName: z.string().max(40).nullish(),
  wccId: z.string().max(100).nullish(),
  paymentPlanId: z.string().max(100).nullish(),
  zohoCustomer: z.unknown().optional(),
  ...AccountingFields,
});
export type CreateProjectRequest = z.input<typeof CreateProjectRequest>;
export const CreateProjectResponse = z.object({ message: z.string(), project: ProjectSummary });
export type CreateProjectResponse = z.infer<typeof CreateProjectResponse>;
