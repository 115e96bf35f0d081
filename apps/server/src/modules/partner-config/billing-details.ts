import { eq } from 'drizzle-orm';
import { billingDetailsTexts, pricingTexts, type BillingAddress } from '@pc/contract';
import type { Db } from '../../platform/db/open.js';
import type { AgentViewer } from '../../platform/auth/viewer.js';
import { partners } from '../../platform/db/schema.js';
import { forbidden } from '../../platform/errors/app-error.js';

/**
 * The partner's billing details, as the contract cleaned them (trimmed, email lowercased, GSTIN
 * uppercased, country India). They are what the payment gateway's connection needs first.
 */
export const saveBillingDetails = async (db: Db, viewer: AgentViewer, address: BillingAddress) => {
  if (viewer.isReferral) throw forbidden(pricingTexts.referralCannotPrice);
  await db.update(partners).set({ billingAddress: address }).where(eq(partners.id, viewer.partnerId));
  return { message: billingDetailsTexts.saved };
};
