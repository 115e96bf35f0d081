import type { Partner } from '@pc/contract';
import { notFound } from '../../platform/errors/app-error.js';
import type { DbOrTx } from '../../platform/db/open.js';
import { countLiveProjects, findPartner, type PartnerRow } from './queries.js';
import { crossedWarnings } from '../wallet/threshold-queries.js';
import { readCentralBalance } from '../billing/central-balance.js';

/** The partner's own columns; its roles come from the roles module (see profile/get-profile.ts). */
export type PartnerWithoutRoles = Omit<Partner, 'roles'>;

/** The partner as the API shows it; secrets (SSO key) never leave the server this way. */
export const toPartner = (row: PartnerRow & { centralBalance: number }): PartnerWithoutRoles => ({
  _id: row.id,
  id: row.id,
  type: row.type,
  currency: row.currency,
  name: row.name,
  brandName: row.brandName,
  centralBalance: row.centralBalance,
  minAllowedBalance: row.minAllowedBalance,
  liveAccounts: row.liveAccounts,
  faviconUrl: row.faviconUrl,
  brandLogoUrl: row.brandLogoUrl,
  webhookUrl: row.webhookUrl,
  loadingGifUrl: row.loadingGifUrl,
  referralLink: row.referralLink,
  agentSize: row.agentSize,
  maxAgents: row.maxAgents,
  maxRoles: row.maxRoles,
  isoCode: row.isoCode,
  whatsAppAbout: row.whatsAppAbout,
  enableSignUp: row.enableSignUp,
  enableTrial: row.enableTrial,
  signUpEnabled: row.enableSignUp,
  trialEnabled: row.enableTrial,
  planType: row.planType,
  isZohoEnabled: row.isZohoEnabled,
  partnershipFee: row.partnershipFee,
  partnershipRenewalOn: row.partnershipRenewalOn,
  onboardingMethod: row.onboardingMethod,
  defaultPlanFamily: row.defaultPlanFamily,
  defaultPlanName: row.defaultPlanName,
  defaultWccPlan: row.defaultWccPlan,
  defaultWhatsappPaymentsPlan: row.defaultWhatsappPaymentsPlan,
  trialAmount: row.trialAmount,
  freeWccCredit: row.freeWccCredit,
  profileColors: row.profileColors ?? null,
  billingAddress: row.billingAddress ?? null,
  addons: row.addons,
  flags: row.flags,
});

export const getPartner = async (db: DbOrTx, partnerId: string): Promise<PartnerRow> => {
  const row = await findPartner(db, partnerId);
  if (!row) throw notFound();
  return row;
};

/**
 * WhatsApp Account Live: the partner's projects that are WhatsApp verified and not deleted, counted
 * now (the dashboard's tile and the profile's liveAccounts are this one number).
 */
export const liveAccountsOf = (db: DbOrTx, partnerId: string) => countLiveProjects(db, partnerId);

/** The partner's profile as `get-profile` answers it. */
export const getPartnerProfile = async (db: DbOrTx, partnerId: string): Promise<PartnerWithoutRoles> => {
  const [row, centralBalance, liveAccounts, walletWarnings] = await Promise.all([
    getPartner(db, partnerId),
    readCentralBalance(db, partnerId),
    liveAccountsOf(db, partnerId),
    crossedWarnings(db, partnerId),
  ]);
  return { ...toPartner({ ...row, centralBalance, liveAccounts }), walletWarnings };
};
