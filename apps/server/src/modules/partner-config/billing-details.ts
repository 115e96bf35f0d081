import { eq } from 'drizzle-orm';
import { billingDetailsTexts, configTexts, pricingTexts, type BillingAddress } from '@pc/contract';
import type { Db } from '../../platform/db/open.js';
import type { AgentViewer } from '../../platform/auth/viewer.js';
import { partners } from '../../platform/db/schema.js';
import { forbidden } from '../../platform/errors/app-error.js';
import { getPartner } from '../partners/partner.js';

/**
 * The partner's billing details, as the contract cleaned them (trimmed, email lowercased, GSTIN
 * uppercased, country India). They are what the payment gateway's connection needs first, on
 * Configure Onboarding, which DIRECT partners do not have (doc 3 sections 2 and 6): 403 for them, as
 * the gateway's calls and the onboarding setting answer.
 */
export const saveBillingDetails = async (db: Db, viewer: AgentViewer, address: BillingAddress) => {
  if (viewer.isReferral) throw forbidden(pricingTexts.referralCannotPrice);
  if ((await getPartner(db, viewer.partnerId)).type === 'DIRECT') throw forbidden(configTexts.directHasNoConfig);
  await db.update(partners).set({ billingAddress: address }).where(eq(partners.id, viewer.partnerId));
  return { message: billingDetailsTexts.saved };
};
