import { eq } from 'drizzle-orm';
import {
  addonPlanTexts as texts,
  fitsAddon,
  headlineSlot,
  pricingTexts,
  priceAt,
  slotsOf,
  type Addon,
  type UpdateAddonPlanRequest,
} from '@pc/contract';
import type { AgentViewer } from '../../platform/auth/viewer.js';
import type { Db } from '../../platform/db/open.js';
import { partners } from '../../platform/db/schema.js';
import { badRequest, forbidden, notFound } from '../../platform/errors/app-error.js';
import { recordPartnerChange } from '../activity/record.js';
import { changedFields } from '../audit/changed.js';
import { readAddonCatalogue } from '../pricing/catalogue.js';

/**
 * The partner's prices for one add-on it offers (Manage, Add-on plan list; doc 3 sections 2, 5 and
 * 7): every slot priced, none below the provider's price (the margin is never negative). The
 * add-on's `price`, what the console shows beside it, becomes the new headline (Monthly, Tier1's
 * for the flow builder). The partner row is locked first so a concurrent edit of another add-on or
 * the super-admin's repricing is not lost. Only with the Zoho integration, whose page this is, and
 * never by referral users.
 */
export const updateAddonPlan = (db: Db, viewer: AgentViewer, body: UpdateAddonPlanRequest) =>
  db.transaction(async (tx) => {
    if (viewer.isReferral) throw forbidden(pricingTexts.referralCannotPrice);
    const [partner] = await tx.select().from(partners).where(eq(partners.id, viewer.partnerId)).for('update');
    if (!partner) throw notFound();
    if (!partner.isZohoEnabled) throw forbidden(texts.needsZoho);
    const provider = (await readAddonCatalogue(tx))[body.key];
    if (!provider) throw notFound(texts.unknownAddon);
    const offered = partner.addons[body.key];
    if (!offered) throw notFound(texts.notOffered);
    if (!fitsAddon(body.key, body.partnerPlans)) throw badRequest(texts.wrongSlots(body.key));
    for (const slot of slotsOf(body.key)) {
      const own = priceAt(body.partnerPlans, slot)!;
      const base = priceAt(provider, slot)!;
      if (own.INR < base.INR || own.USD < base.USD) throw badRequest(texts.belowProvider(body.key, slot));
    }
    const next: Addon = {
      ...offered,
      partnerPlans: body.partnerPlans,
      price: priceAt(body.partnerPlans, headlineSlot(body.key))!,
    };
    await tx
      .update(partners)
      .set({ addons: { ...partner.addons, [body.key]: next } })
      .where(eq(partners.id, partner.id));
    // The prices as they were and are, in the units stored (1/100000 of the currency).
    const { keys, before, after } = changedFields(
      { partnerPlans: offered.partnerPlans ?? null, price: offered.price ?? null },
      { partnerPlans: next.partnerPlans ?? null, price: next.price ?? null },
    );
    if (keys.length > 0)
      await recordPartnerChange(tx, viewer, {
        action: 'addon-plan.update',
        target: { kind: 'plan', id: body.key, name: body.key },
        before,
        after,
      });
    return { message: texts.updated };
  });
