import { eq } from 'drizzle-orm';
import { billingDetailsTexts, configTexts, pricingTexts, type BillingAddress } from '@pc/contract';
import type { Db } from '../../platform/db/open.js';
import type { AgentViewer } from '../../platform/auth/viewer.js';
import { partners } from '../../platform/db/schema.js';
import { forbidden, notFound } from '../../platform/errors/app-error.js';
import { recordPartnerChange } from '../activity/record.js';
import { changedFields } from '../audit/changed.js';
import { lockPartner } from '../partners/queries.js';

/**
 * The partner's billing details, as the contract cleaned them (trimmed, email lowercased, GSTIN
 * uppercased, country India). They are what the payment gateway's connection needs first, on
 * Configure Onboarding, which DIRECT partners do not have (doc 3 sections 2 and 6): 403 for them, as
 * the gateway's calls and the onboarding setting answer. The activity log gets the lines changed.
 */
export const saveBillingDetails = async (db: Db, viewer: AgentViewer, address: BillingAddress) => {
  if (viewer.isReferral) throw forbidden(pricingTexts.referralCannotPrice);
  await db.transaction(async (tx) => {
    const partner = await lockPartner(tx, viewer.partnerId);
    if (!partner) throw notFound();
    if (partner.type === 'DIRECT') throw forbidden(configTexts.directHasNoConfig);
    await tx.update(partners).set({ billingAddress: address }).where(eq(partners.id, viewer.partnerId));
    const { keys, before, after } = changedFields<Partial<BillingAddress>>(partner.billingAddress ?? {}, address);
    if (keys.length > 0)
      await recordPartnerChange(tx, viewer, {
        action: 'partner.billing-details',
        target: { kind: 'partner', id: partner.id, name: partner.name },
        before: partner.billingAddress ? before : null,
        after,
      });
  });
  return { message: billingDetailsTexts.saved };
};
