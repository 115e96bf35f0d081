import type { MetaErrorView, ProjectDetail } from '@pc/contract';
import type { PartnerRow, ProjectRow } from './queries.js';
import { accountStateOf } from '../account-events/state.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** What the detail reads beside the project's row: its onboarding's last error and its masked API key. */
export type DetailExtras = { procurementError: MetaErrorView | null; apiKey360: string | null };
const noExtras: DetailExtras = { procurementError: null, apiKey360: null };

/** Conversations left in the month's MAC quota and beyond it; without a quota nothing is left to count. */
const macBalance = (quota: number | null, usage: number) => ({
  remainingCredit: quota === null ? null : Math.max(quota - usage, 0),
  excessUsage: quota === null ? 0 : Math.max(usage - quota, 0),
});

/** The project as its detail page shows it: the spec's field names, money in 1/100000. */
export const toProjectDetail = (
  p: ProjectRow,
  partner: PartnerRow & { centralBalance: number },
  businessName: string,
  extras: DetailExtras = noExtras,
): ProjectDetail => ({
  _id: p.id,
  assistantName: p.name,
  partnerId: p.partnerId,
  clientId: p.businessId,
  businessName,
  isWhatsappVerified: p.isWhatsappVerified,
  currency: p.currency,
  templateCredit: Number(p.templateCredit),
  partnerWhatsappCredit: Number(p.partnerWhatsappCredit),
  metaAdsCredit: Number(p.metaAdsCredit),
  whatsappNumber: p.whatsappNumber,
  whatsAppDisplayImage: p.whatsAppDisplayImage,
  whatsAppAbout: p.whatsAppAbout,
  whatsAppDisplayName: p.whatsAppDisplayName,
  displayNameStatus: p.displayNameStatus,
  displayNameVerified: p.displayNameStatus === 'APPROVED',
  dailyTemplateLimit: p.dailyTemplateLimit,
  qualityRating: p.qualityRating,
  messagingLimit: p.messagingLimit,
  templateTier: p.messagingLimit,
  whatsAppBusinessProfile: p.businessProfile ?? {},
  maxAgents: p.maxAgents,
  fbManagerVerified: p.fbManagerVerified,
  fbBusinessId: p.fbBusinessId,
  fbBusinessName: p.fbBusinessName,
  addons: p.addons ?? {},
  isoCode: p.isoCode,
  wabaNumberId: p.wabaNumberId,
  wabaAppId: p.wabaAppId,
  wabaProgressStep: p.wabaProgressStep,
  bvbpProcess: p.bvbpProcess,
  kycRemark: p.kycRemark,
  wabaDeleted: p.wabaDeleted,
  wabaAppStatus: { waba_ban_state: p.wabaBanState, waba_ban_date: iso(p.wabaBanDate) },
  metaAccount: accountStateOf(p.metaAccount),
  adSetupDetails: p.adSetupDetails ?? null,
  channelActivatedOn: iso(p.channelActivatedOn),
  firstPaidPlanStartedOn: iso(p.firstPaidPlanStartedOn),
  planActivatedOn: iso(p.planActivatedOn),
  planRenewalOn: iso(p.planRenewalOn),
  planStoppedOn: iso(p.planStoppedOn),
  lastChannelSyncAt: iso(p.lastChannelSyncAt),
  activePlan: p.activePlan,
  familyId: p.familyId,
  wccPlanId: p.wccPlanId,
  paymentPlanId: p.paymentPlanId,
  subscriptionScheduled: p.subscriptionScheduled ?? null,
  isTrial: p.isTrial,
  isApiTrial: p.isApiTrial,
  apiFormDetails: p.apiFormDetails ?? null,
  mmLiteConfig: { enabled: false },
  providerType: p.providerType,
  procurementError: extras.procurementError,
  macQuota: p.macQuota,
  macUsage: p.macUsage,
  ...macBalance(p.macQuota, p.macUsage),
  apiKey360: extras.apiKey360,
  appName: p.appName,
  processed: iso(p.processedAt),
  status: p.status,
  partnerArchived: p.partnerArchived,
  createdAt: p.createdAt.toISOString(),
  partner: {
    _id: partner.id,
    type: partner.type,
    currency: partner.currency,
    planType: partner.planType,
    onboardingMethod: partner.onboardingMethod,
    centralBalance: Number(partner.centralBalance),
    minAllowedBalance: Number(partner.minAllowedBalance),
    addons: partner.addons ?? {},
    flags: partner.flags ?? {},
  },
});
