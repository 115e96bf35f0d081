import { z } from 'zod';
import { MetaAccountState } from './onboarding/account.js';
import { MetaErrorView } from './onboarding/calls.js';
import { Currency } from './currency.js';
import { Addon, PartnerFlags, PartnerType } from './partner.js';

/** The project detail page's calls (spec doc 2 sections 2.1, 3, 4, 5.1, 5.2, 5.4, 7.1 and 7.3). */

/** Spec texts of the project detail page, verbatim (doc 2 sections 5 and 8), typos included. */
export const projectMessages = {
  // Doc 2 section 8: a project's reports downloaded.
  reportDownloaded: 'Report successfully downloaded!',
  nameUpdated: 'Project name updated successfully',
  agentSizeRange: 'Agents limit should be greater than 1 and less than 100',
  agentSizeUpdated: 'Agent size updated successfully',
  agentSizeFailed: 'Agent size updation failed! Something went wrong.',
  migrated: 'Migration Successful',
  lowCentralBalance: 'Low central balance!',
  kycFileTooLarge: 'File size cannot exceed 500kb!',
  invalidGst: 'Invalid GST',
  submitted: 'Submitted',
  imageTooLarge: 'Maximum size of Image can be 5MB',
  imageTooSmall: 'Image size too small',
  invalidFileFormat: 'Invalid file format',
  wabaNotLive: 'Waba is not live yet!',
  updated: 'Updated successfully',
  successfullyUpdated: 'Successfully Updated',
  urlCopied: 'URL copied to clipboard',
  somethingWentWrong: 'Something went wrong',
  formDetailsMissing: 'API form details are not available',
  // Texts the spec does not give: ours.
  nameRequired: 'Project name cannot be empty',
  syncTooSoon: 'Channel status was synced less than 5 minutes ago. Please try again in a few minutes.',
  channelSynced: 'Channel status synced',
  migrationDisabled: 'Migration is not enabled for this partner',
  alreadyInBusiness: 'The project is already in this business: choose another business to migrate it to.',
  adsLinkDisabled: 'The Ads Connect link is not enabled for this partner',
  kycNotAvailable: 'KYC is not available for this project',
  kycFileType: 'Only pdf, jpeg, jpg or png files are accepted',
  kycFileRequired: 'Attach one file',
  gstRequired: 'GST number is required',
  notForDirect: 'Not available for DIRECT partners',
  onlyForDirect: 'Only for DIRECT partners',
  uploadMissing: 'The uploaded picture was not found. Upload it again.',
  uploadExpired: 'This upload link has expired or is invalid.',
  nothingToUpdate: 'Nothing to update',
} as const;

export const KYC_MAX_BYTES = 500 * 1024;
export const PROFILE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const PROFILE_IMAGE_MIN_PX = 192;
export const AGENT_SIZE_MIN = 1;
export const AGENT_SIZE_MAX = 100;
export const CHANNEL_SYNC_THROTTLE_MS = 5 * 60 * 1000;
export const CHANNEL_SYNC_BUTTON_COOLDOWN_MS = 30 * 1000;
export const kycFileTypes = ['pdf', 'jpeg', 'jpg', 'png'] as const;

/** Business verticals of the profile (doc 2 section 3). */
export const businessVerticals = [
  'UNDEFINED',
  'OTHER',
  'AUTO',
  'BEAUTY',
  'APPAREL',
  'EDU',
  'ENTERTAIN',
  'EVENT_PLAN',
  'FINANCE',
  'GROCERY',
  'GOVT',
  'HOTEL',
  'HEALTH',
  'NONPROFIT',
  'PROF_SERVICES',
  'RETAIL',
  'TRAVEL',
  'RESTAURANT',
  'NOT_A_BIZ',
] as const;
export const BusinessVertical = z.enum(businessVerticals);

const GSTIN_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const GSTIN_SHAPE = /^(0[1-9]|[1-3][0-9]|97|99)[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/** An Indian GSTIN: state code, PAN, entity number, 'Z', and a mod-36 check character. */
export const isValidGstin = (raw: string): boolean => {
  const gstin = raw.trim().toUpperCase();
  if (!GSTIN_SHAPE.test(gstin)) return false;
  let sum = 0;
  for (let i = 0; i < 14; i += 1) {
    const product = GSTIN_CHARS.indexOf(gstin[i]!) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_CHARS[(36 - (sum % 36)) % 36] === gstin[14];
};

const at = z.string().nullable();

/** The partner as the project page needs it (doc 2 section 3, "Partner (as used here)"). */
export const ProjectPartner = z.object({
  _id: z.string(),
  type: PartnerType,
  currency: Currency,
  planType: z.string().nullable(),
  onboardingMethod: z.string().nullable(),
  centralBalance: z.number().int(),
  minAllowedBalance: z.number().int(),
  addons: z.record(z.string(), Addon),
  flags: PartnerFlags,
});
export type ProjectPartner = z.infer<typeof ProjectPartner>;

export const ProjectAddonState = z.object({
  status: z.string(),
  flowCount: z.number().int().optional(),
  dashboardKey: z.string().optional(),
  partnerPlans: z.record(z.string(), z.unknown()).optional(),
});

export const WhatsAppBusinessProfile = z.object({
  address: z.string().optional(),
  description: z.string().optional(),
  email: z.string().optional(),
  vertical: z.string().optional(),
  websites: z.array(z.string()).optional(),
});

/** The project as its detail page shows it (doc 2 section 3, "Project (assistant)"). Money in 1/100000. */
export const ProjectDetail = z.object({
  _id: z.string(),
  assistantName: z.string(),
  partnerId: z.string(),
  clientId: z.string(),
  businessName: z.string(),
  isWhatsappVerified: z.boolean(),
  currency: Currency,
  templateCredit: z.number().int(),
  partnerWhatsappCredit: z.number().int(),
  metaAdsCredit: z.number().int(),
  whatsappNumber: z.string().nullable(),
  whatsAppDisplayImage: z.string().nullable(),
  whatsAppAbout: z.string().nullable(),
  whatsAppDisplayName: z.string().nullable(),
  displayNameStatus: z.string().nullable(),
  /** The spec's flag for `displayNameStatus`: Meta approved the display name (its name_status APPROVED). */
  displayNameVerified: z.boolean(),
  /** Templates a day the platform lets the project send, as staff set it (set-assistant-field); null: none set. */
  dailyTemplateLimit: z.number().int().nullable(),
  qualityRating: z.string().nullable(),
  messagingLimit: z.string().nullable(),
  /** The spec's name for `messagingLimit`: Meta's messaging-limit tier (TIER_250 ... TIER_UNLIMITED); null before Meta gave one. */
  templateTier: z.string().nullable(),
  whatsAppBusinessProfile: WhatsAppBusinessProfile,
  maxAgents: z.number().int(),
  fbManagerVerified: z.boolean(),
  fbBusinessId: z.string().nullable(),
  fbBusinessName: z.string().nullable(),
  addons: z.record(z.string(), ProjectAddonState),
  isoCode: z.string().nullable(),
  wabaNumberId: z.string().nullable(),
  wabaAppId: z.string().nullable(),
  wabaProgressStep: z.number().int(),
  bvbpProcess: z.number().int(),
  kycRemark: z.string().nullable(),
  wabaDeleted: z.boolean(),
  wabaAppStatus: z.object({ waba_ban_state: z.string().nullable(), waba_ban_date: at }),
  /** What Meta last said on the account's webhooks (ours: the spec shows only the ban state). */
  metaAccount: MetaAccountState,
  adSetupDetails: z.object({ isSetupCompleted: z.boolean() }).nullable(),
  channelActivatedOn: at,
  firstPaidPlanStartedOn: at,
  planActivatedOn: at,
  planRenewalOn: at,
  planStoppedOn: at,
  lastChannelSyncAt: at,
  activePlan: z.string(),
  familyId: z.string().nullable(),
  wccPlanId: z.string().nullable(),
  paymentPlanId: z.string().nullable(),
  subscriptionScheduled: z.object({ planName: z.string() }).nullable(),
  isTrial: z.boolean(),
  isApiTrial: z.boolean(),
  apiFormDetails: z.record(z.string(), z.unknown()).nullable(),
  /**
   * Meta's Marketing Messages Lite API. Always `{ enabled: false }`: the console sends no messages of
   * its own (the platform does) and has no MM Lite onboarding, so no project is ever enabled for it.
   */
  mmLiteConfig: z.object({ enabled: z.boolean() }),
  /** The API generation of the channel: 'v3' is the Cloud API (Meta Ads needs it), older ones 'v2'. */
  providerType: z.string(),
  /** The last error Meta gave the number's onboarding (what the troubleshooting wizard follows); null when none. */
  procurementError: MetaErrorView.nullable(),
  /** The month's conversation (MAC) quota and usage as the provider reports them; quota null: none set. */
  macQuota: z.number().int().nullable(),
  macUsage: z.number().int(),
  /** Conversations left in the month's quota (quota minus usage, at least 0); null without a quota. */
  remainingCredit: z.number().int().nullable(),
  /** Conversations beyond the month's quota (usage minus quota, at least 0); 0 without a quota. */
  excessUsage: z.number().int(),
  /** The provider's API key of the channel, masked to its last 4 characters as staff see it; null: none set. */
  apiKey360: z.string().nullable(),
  /** The app name staff gave the channel; null: none. */
  appName: z.string().nullable(),
  /** When staff marked the project processed (the super-admin's marker); null: not processed. */
  processed: at,
  status: z.string(),
  partnerArchived: z.boolean(),
  createdAt: z.string(),
  partner: ProjectPartner,
});
export type ProjectDetail = z.infer<typeof ProjectDetail>;

/** GET /api/get-project/{projectId}: "projects list", an array whose first item is the project. */
export const GetProjectResponse = z.array(ProjectDetail);

export const BusinessDetails = z.object({
  _id: z.string(),
  email: z.string(),
  contact: z.string(),
  company: z.string(),
  name: z.string(),
});
export type BusinessDetails = z.infer<typeof BusinessDetails>;

export const FbmMetaInfoQuery = z.object({
  fbBusinessId: z.string().min(1).max(100),
  wabaId: z.string().max(100).optional(),
});
export const FbmMetaInfoResponse = z.object({
  businessInfo: z.object({ name: z.string(), verification_status: z.string(), id: z.string() }),
});
export type FbmMetaInfoResponse = z.infer<typeof FbmMetaInfoResponse>;

export const PhoneDetailsResponse = z.object({
  success: z.boolean(),
  phoneDetails: z
    .object({
      display_phone_number: z.string(),
      verified_name: z.string(),
      name_status: z.string(),
      quality_rating: z.string(),
      messaging_limit_tier: z.string(),
    })
    .nullable(),
});

const id = z.string().trim().min(1).max(100);

export const SyncChannelStatusRequest = z.object({ assistantId: id });
export const SyncChannelStatusResponse = z.object({ message: z.string(), lastChannelSyncAt: z.string() });

export const RenameProjectRequest = z.object({ name: z.string().trim().min(1, projectMessages.nameRequired).max(200) });

export const UpdateAgentSizeRequest = z.object({
  projectId: id,
  agentSize: z
    .number({ error: projectMessages.agentSizeRange })
    .int(projectMessages.agentSizeRange)
    .min(AGENT_SIZE_MIN, projectMessages.agentSizeRange)
    .max(AGENT_SIZE_MAX, projectMessages.agentSizeRange),
});

export const MigrateProjectRequest = z.object({ businessId: id });

export const GenerateWabaLinkRequest = z.object({
  assistantId: id,
  businessId: z.string().max(100).optional(),
  partnerId: z.string().max(100).optional(),
});
export const GenerateAdsLinkRequest = z.object({
  assistantId: id,
  partnerId: z.string().max(100).optional(),
  agentId: z.string().max(100).optional(),
});
export const GenerateMigrationLinkRequest = z.object({
  assistantId: id,
  partnerId: z.string().max(100).optional(),
  isTSP: z.boolean().optional(),
});
export const GenerateCatalogLinkRequest = z.object({ assistantId: id, partnerId: z.string().max(100).optional() });
export const LinkResponse = z.object({ link: z.string() });
export type LinkKind = 'waba' | 'ads' | 'migration' | 'catalog';

/** POST /partner/submit-kyc is a multipart form of these text fields and the document as the part 'file'. */
export const submitKycFormFields = [
  'gstNumber',
  'fileName',
  'contentType',
  'fileType',
  'consent',
  'assistantId',
] as const;
export const SubmitKycResponse = z.object({ validGst: z.boolean(), message: z.string().optional() });

export const GetUploadUrlRequest = z.object({
  assistantId: z.string().max(100).optional(),
  fileName: z.string().trim().min(1).max(255),
  contentType: z.string().trim().min(1).max(100),
  fileType: z.literal('IMAGE'),
});
export const GetUploadUrlResponse = z.object({
  uploadURL: z.object({ url: z.string(), fields: z.record(z.string(), z.string()) }),
  fullUrl: z.string(),
  filePath: z.string(),
});
export type GetUploadUrlResponse = z.infer<typeof GetUploadUrlResponse>;

const text = (max: number) => z.string().max(max).optional();
export const UpdateBusinessProfileRequest = z.object({
  assistantId: z.string().max(100).optional(),
  address: text(256),
  description: text(512),
  email: text(128),
  vertical: z.union([BusinessVertical, z.literal('')]).optional(),
  websites: z.array(z.string().max(256)).max(2).optional(),
  whatsAppAbout: text(139),
  whatsAppDisplayImage: text(2048),
  wasImageChanged: z.boolean().optional(),
  filePath: text(512),
  type: text(100),
  size: z.number().int().min(0).optional(),
});
export type UpdateBusinessProfileRequest = z.infer<typeof UpdateBusinessProfileRequest>;

export const DirectBusinessProfile = z.object({
  about: z.string(),
  address: z.string(),
  description: z.string(),
  email: z.string(),
  profile_picture_url: z.string(),
  websites: z.array(z.string()),
  vertical: z.string(),
});
export const DirectProfileResponse = z.object({ businessProfile: z.array(DirectBusinessProfile) });
export const DirectProfilePatchRequest = z.object({
  projectId: id,
  about: text(139),
  address: text(256),
  description: text(512),
  email: text(128),
  profile_picture_url: text(2048),
  websites: z.array(z.string().max(256)).max(2).optional(),
  vertical: z.union([BusinessVertical, z.literal('')]).optional(),
});
