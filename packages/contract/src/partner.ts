import { z } from 'zod';
import { WalletWarning } from './wallet-calls.js';
import { AddonPlans } from './addon-plans.js';
import { SavedBillingAddress } from './billing-details.js';
import { ProfileColors } from './profile-colors.js';
import { Role } from './roles.js';
import { Currency } from './currency.js';

export const partnerTypes = ['WHITELABEL', 'DIRECT', 'ADS_WHITELABEL'] as const;
export const PartnerType = z.enum(partnerTypes);
export type PartnerType = z.infer<typeof PartnerType>;

/**
 * Where the spec hard-codes partner or user ids, the product has a per-partner flag that a
 * super-admin sets (ARCHITECTURE rule 7). Each flag names the behaviour it switches on.
 */
export const partnerFlagNames = [
  'kyc', // KYC tab, KYC filter and KYC counts on the projects list
  'companyNameEdit', // "Update Company Name" on the business detail
  'metaAds', // Meta Ads menu entry (the allow-list)
  'transactionsTab', // transactions tab in the Meta Ads area
  'pwcLabel', // credit labelled PWC instead of WCC
  'hideMetaAdCreditUpdate', // billing rows with reason META_AD_CREDIT_UPDATE are hidden
  'migration', // project migration to another business
  'adsLink', // connect-ads link generator
  'simplifiedBusinessForm', // create-business needs only display name, email and contact
  'bannerExempt', // no balance or renewal banners
  'titleEditIcon', // extra edit icon on titles
  'enableMetaAdsWithoutAPI', // ad credit on projects that are not live yet (doc 3 section 6)
] as const;
export const PartnerFlagName = z.enum(partnerFlagNames);
export type PartnerFlagName = z.infer<typeof PartnerFlagName>;
export const PartnerFlags = z.partialRecord(PartnerFlagName, z.boolean());
export type PartnerFlags = z.infer<typeof PartnerFlags>;

export const AddonStatus = z.enum(['ACTIVE', 'INACTIVE']);
export const Addon = z.object({
  name: z.string(),
  status: AddonStatus,
  /** The partner's monthly price (Tier1's for the flow builder) per currency, as the console shows it. */
  price: z.partialRecord(Currency, z.number().int()),
  /** The partner's add-on plans (Manage, Add-on plan list); absent: the provider's plans plus the margin of `price`. */
  partnerPlans: AddonPlans.optional(),
});
export type Addon = z.infer<typeof Addon>;

/** The partner as the console sees it (get-profile's data.data). Money fields are in 1/100000. */
export const Partner = z.object({
  _id: z.string(),
  id: z.string(),
  type: PartnerType,
  currency: Currency,
  name: z.string(),
  brandName: z.string().nullable(),
  centralBalance: z.number().int(),
  minAllowedBalance: z.number().int(),
  liveAccounts: z.number().int(),
  faviconUrl: z.string().nullable(),
  brandLogoUrl: z.string().nullable(),
  webhookUrl: z.string().nullable(),
  loadingGifUrl: z.string().nullable(),
  referralLink: z.string().nullable(),
  agentSize: z.number().int(),
  maxAgents: z.number().int(),
  maxRoles: z.number().int(),
  isoCode: z.string().nullable(),
  /** What a new project's WhatsApp About starts as (Manage, Defaults). */
  whatsAppAbout: z.string().nullable(),
  enableSignUp: z.boolean(),
  enableTrial: z.boolean(),
  /** Doc 3 section 3's names of the same two switches (update-partner-config sets them by these). */
  signUpEnabled: z.boolean(),
  trialEnabled: z.boolean(),
  /** The partner's own plan with the platform (e.g. DIAMOND: the Project Api tab needs it); null: none. */
  planType: z.string().nullable(),
  /**
   * The partner's roles by name (doc 1 section 3). Roles are the owner's (get-all-roles is OWNER
   * only), so the owner gets every role and any other member only their own.
   */
  roles: z.record(z.string(), Role),
  isZohoEnabled: z.boolean(),
  partnershipFee: z.number().int(),
  partnershipRenewalOn: z.string().nullable(),
  onboardingMethod: z.string().nullable(),
  defaultPlanFamily: z.string().nullable(),
  defaultPlanName: z.string().nullable(),
  defaultWccPlan: z.string().nullable(),
  defaultWhatsappPaymentsPlan: z.string().nullable(),
  /** What a trial project's credit starts at, 1/100000 of the currency. */
  trialAmount: z.number().int(),
  /** Free WCC credit (doc 3 section 2): what a new customer's project starts with, 1/100000 of the currency. */
  freeWccCredit: z.number().int(),
  /** The console's colours (Manage, Configure Profile); null: the console's own. */
  profileColors: ProfileColors.nullable(),
  /** Saved billing details (Manage, Configure Onboarding); null until saved. */
  billingAddress: SavedBillingAddress.nullable(),
  addons: z.record(z.string(), Addon),
  flags: PartnerFlags,
  /** The partner's wallet warning levels its balances are below now: get-profile's, for the banner. */
  walletWarnings: z.array(WalletWarning).optional(),
});
export type Partner = z.infer<typeof Partner>;
