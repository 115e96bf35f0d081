import type { ProjectDetail, ProjectPartner } from './project-calls.js';

/** The project page's derived rules (doc 2 sections 2.1, 4 and 6): which tabs show, and the header's states. */
const excludedPlans = ['BASIC_MONTHLY', 'BASIC_YEARLY', 'NONE'];
type AddonsOf = { addons: Record<string, { status: string } | undefined> };
const addonActive = (p: AddonsOf, name: string) => p.addons[name]?.status === 'ACTIVE';

/**
 * Doc 2 section 2.1, the Webhook tab: the project's WEBHOOKS add-on active, the partner WHITELABEL
 * and a plan other than BASIC_MONTHLY, BASIC_YEARLY or NONE. The server refuses webhook changes
 * by the same rule.
 */
export const webhooksAllowed = (project: AddonsOf & { activePlan: string }, partner: { type: string }): boolean =>
  addonActive(project, 'WEBHOOKS') && partner.type === 'WHITELABEL' && !excludedPlans.includes(project.activePlan);

/** Doc 2 section 2.1, the Project Api tab: a WHITELABEL partner of planType DIAMOND, the same plan exclusion. */
export const projectApiAllowed = (
  project: { activePlan: string },
  partner: { type: string; planType: string | null },
): boolean =>
  partner.type === 'WHITELABEL' && partner.planType === 'DIAMOND' && !excludedPlans.includes(project.activePlan);

/**
 * Doc 2 section 2.1, the Meta Ad tab: the project's META_ADS add-on active with its dashboard key,
 * the partner WHITELABEL and a plan set. The server's /meta-ads calls answer by the same rule.
 */
export const metaAdTabAllowed = (
  project: { addons: Record<string, { status: string; dashboardKey?: string } | undefined>; activePlan: string },
  partner: { type: string },
): boolean =>
  addonActive(project, 'META_ADS') &&
  Boolean(project.addons.META_ADS?.dashboardKey) &&
  partner.type === 'WHITELABEL' &&
  Boolean(project.activePlan) &&
  project.activePlan !== 'NONE';

export const projectTabNames = [
  'Setup',
  'Details',
  'Analytics',
  'Templates',
  'Profile',
  'Billings',
  'Plan Setup',
  'Defaults Config',
  'Addons Management',
  'Webhook',
  'Project Api',
  'Meta Ad',
] as const;
export type ProjectTabName = (typeof projectTabNames)[number];

/** The tabs of the project detail page, in order, by the visibility rules of doc 2 section 2.1. */
export const visibleProjectTabs = (project: ProjectDetail): ProjectTabName[] => {
  const partner = project.partner;
  const partnerHasAddons = Object.values(partner.addons).some((a) => a.status === 'ACTIVE');
  const show: Record<ProjectTabName, boolean> = {
    Setup: true,
    Details: true,
    Analytics: true,
    Templates: true,
    Profile: true,
    Billings: true,
    'Plan Setup': true,
    'Defaults Config': true,
    'Addons Management': project.isWhatsappVerified && partnerHasAddons,
    Webhook: webhooksAllowed(project, partner),
    'Project Api': projectApiAllowed(project, partner),
    'Meta Ad': metaAdTabAllowed(project, partner),
  };
  return projectTabNames.filter((t) => show[t]);
};

const readyNameStatuses = ['ready', 'verified', 'APPROVED', 'DEFERRED'];
/** Quality rating shows only when the business manager is verified and the display name is ready. */
export const showsQualityRating = (p: Pick<ProjectDetail, 'fbManagerVerified' | 'displayNameStatus'>): boolean =>
  p.fbManagerVerified && readyNameStatuses.includes(p.displayNameStatus ?? '');

export const isChannelDisabled = (p: Pick<ProjectDetail, 'wabaAppStatus' | 'wabaDeleted'>): boolean =>
  p.wabaAppStatus.waba_ban_state === 'DISABLE' && !p.wabaDeleted;

/** Messages a day of a tier name (TIER_50, TIER_250, TIER_1K, TIER_10K, TIER_100K, TIER_UNLIMITED). */
export const messagingLimitOf = (tier: string | null | undefined): number | null => {
  const m = /^TIER_(\d+)(K?)$/.exec(tier ?? '');
  if (!m) return tier === 'TIER_UNLIMITED' ? Number.POSITIVE_INFINITY : null;
  return Number(m[1]) * (m[2] ? 1000 : 1);
};

/** KYC shows for a partner with the flag, a live and not banned channel, and a limit of 250 or less. */
export const kycVisible = (p: ProjectDetail): boolean => {
  const limit = messagingLimitOf(p.messagingLimit);
  return (
    Boolean(p.partner.flags.kyc) &&
    p.isWhatsappVerified &&
    !p.wabaAppStatus.waba_ban_state &&
    !p.wabaDeleted &&
    limit !== null &&
    limit <= 250
  );
};

export const lowCentralBalance = (partner: Pick<ProjectPartner, 'centralBalance' | 'minAllowedBalance'>): boolean =>
  partner.centralBalance < partner.minAllowedBalance;
