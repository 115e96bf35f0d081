import { and, eq } from 'drizzle-orm';
import {
  businessTexts,
  pricingTexts,
  wccFieldsOf,
  type CreatePaymentsPlanRequest,
  type CreatePlanFamilyRequest,
  type CreateWccPlanRequest,
  type UpdatePlanFamiliesRequest,
  type UpdateWccFamiliesRequest,
  type PaymentSlab,
} from '@pc/contract';
import type { Db, DbOrTx } from '../../platform/db/open.js';
import type { AgentViewer } from '../../platform/auth/viewer.js';
import { newId } from '../../platform/db/ids.js';
import { uniqueViolationOf } from '../../platform/db/errors.js';
import { paymentPlanFamilies, planFamilies, wccFamilies } from '../../platform/db/schema.js';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors/app-error.js';
import { recordPartnerChange } from '../activity/record.js';
import { changedFields } from '../audit/changed.js';
import { findPartner } from '../partners/queries.js';
import { readPaymentSlabs, readPlanCatalogue, readWccCatalogue } from './catalogue.js';
import { changedWccPrices } from './price-changes.js';
import { chargesOfCreate, checkPlanPrices, checkSlabs, wccPricesFrom } from './provider-prices.js';

type PlanRow = typeof planFamilies.$inferSelect;
type WccRow = typeof wccFamilies.$inferSelect;
type PaymentsRow = typeof paymentPlanFamilies.$inferSelect;

export const planFamilyOut = (r: PlanRow) => ({
  _id: r.id,
  name: r.name,
  plans: r.plans,
  defaultPlan: r.defaultPlan,
  createdAt: r.createdAt.toISOString(),
});
export const wccFamilyOut = (r: WccRow) => ({
  _id: r.id,
  name: r.name,
  createdAt: r.createdAt.toISOString(),
  ...wccFieldsOf(r.prices),
});
export const paymentsPlanOut = (r: PaymentsRow) => ({
  _id: r.id,
  name: r.name,
  slabs: r.slabs,
  createdAt: r.createdAt.toISOString(),
});

/**
 * Who may price families (doc 3 section 6): the partner's own agents with plans write (the route
 * checks that), not referral users, not DIRECT partners (they have no Plan Details) and not
 * ADS_WHITELABEL partners (creation is for WhatsApp Business API partners). A partnerId in a body
 * that is not the session's partner is another partner's: not found.
 */
const pricingPartner = async (db: DbOrTx, viewer: AgentViewer, bodyPartnerId?: string) => {
  if (bodyPartnerId && bodyPartnerId !== viewer.partnerId) throw notFound();
  if (viewer.isReferral) throw forbidden(pricingTexts.referralCannotPrice);
  const partner = await findPartner(db, viewer.partnerId);
  if (!partner) throw notFound();
  if (partner.type === 'DIRECT') throw forbidden(pricingTexts.directHasNoPlanDetails);
  if (partner.type === 'ADS_WHITELABEL') throw forbidden(businessTexts.adsCannotCreate);
  return partner;
};

/** A second family of the same kind and name (any case) is refused by the unique index: 409. */
const uniqueName = async <T>(name: string, insert: () => Promise<T>): Promise<T> => {
  try {
    return await insert();
  } catch (error) {
    if (uniqueViolationOf(error) !== null)
      throw conflict(pricingTexts.nameTaken(name), { name: pricingTexts.nameTaken(name) });
    throw error;
  }
};

export const createPlanFamily = async (db: Db, viewer: AgentViewer, body: CreatePlanFamilyRequest) => {
  await pricingPartner(db, viewer, body.partnerId);
  if (!(body.defaultPlan in body.plans)) throw badRequest(pricingTexts.defaultPlanNotPriced);
  checkPlanPrices(body.plans, await readPlanCatalogue(db));
  const row = await db.transaction(async (tx) => {
    const [made] = await uniqueName(body.name, () =>
      tx
        .insert(planFamilies)
        .values({
          id: newId(),
          partnerId: viewer.partnerId,
          name: body.name,
          plans: body.plans,
          defaultPlan: body.defaultPlan,
        })
        .returning(),
    );
    await recordPartnerChange(tx, viewer, {
      action: 'plan-family.create',
      target: { kind: 'plan', id: made!.id, name: made!.name },
      before: null,
      after: { plans: made!.plans, defaultPlan: made!.defaultPlan },
    });
    return made!;
  });
  return { message: pricingTexts.created, planFamily: planFamilyOut(row) };
};

/**
 * New prices for a family's plans, or more plans; a plan is never removed (a project may be on it).
 * The family is locked before the catalogue is read, as the super-admin's repricing does.
 */
export const updatePlanFamily = async (db: Db, viewer: AgentViewer, body: UpdatePlanFamiliesRequest) => {
  await pricingPartner(db, viewer);
  const row = await db.transaction(async (tx) => {
    const [family] = await tx
      .select()
      .from(planFamilies)
      .where(and(eq(planFamilies.partnerId, viewer.partnerId), eq(planFamilies.id, body.planId)))
      .for('update');
    if (!family) throw notFound(pricingTexts.familyNotFound);
    if (Object.keys(family.plans).some((plan) => !(plan in body.plans)))
      throw badRequest(pricingTexts.planCannotBeRemoved);
    checkPlanPrices(body.plans, await readPlanCatalogue(tx));
    const updated = (
      await tx
        .update(planFamilies)
        .set({ plans: body.plans })
        .where(and(eq(planFamilies.partnerId, family.partnerId), eq(planFamilies.id, family.id)))
        .returning()
    )[0]!;
    // Per plan, its prices as they were and are (a plan added was null).
    const { keys, before, after } = changedFields(family.plans, updated.plans);
    if (keys.length > 0)
      await recordPartnerChange(tx, viewer, {
        action: 'plan-family.update',
        target: { kind: 'plan', id: family.id, name: family.name },
        before,
        after,
      });
    return updated;
  });
  return { message: pricingTexts.updated, planFamily: planFamilyOut(row) };
};

export const createWccFamily = async (db: Db, viewer: AgentViewer, body: CreateWccPlanRequest) => {
  await pricingPartner(db, viewer, body.partnerId);
  const prices = wccPricesFrom(await readWccCatalogue(db), chargesOfCreate(body));
  const row = await db.transaction(async (tx) => {
    const [made] = await uniqueName(body.name, () =>
      tx.insert(wccFamilies).values({ id: newId(), partnerId: viewer.partnerId, name: body.name, prices }).returning(),
    );
    await recordPartnerChange(tx, viewer, {
      action: 'wcc-family.create',
      target: { kind: 'plan', id: made!.id, name: made!.name },
      before: null,
      after: { prices: made!.prices },
    });
    return made!;
  });
  return { message: pricingTexts.created, partnerWccPlan: wccFamilyOut(row) };
};

/**
 * New margins for the charge types sent; the others keep theirs, and every provider price is the
 * catalogue's. The family row is locked for the change, so two edits of one family never lose one.
 * Conversations already charged keep their price: the ledger holds what each cost.
 */
export const updateWccFamily = async (db: Db, viewer: AgentViewer, body: UpdateWccFamiliesRequest) => {
  await pricingPartner(db, viewer);
  const { wccPlanId, ...sent } = body;
  const row = await db.transaction(async (tx) => {
    const [family] = await tx
      .select()
      .from(wccFamilies)
      .where(and(eq(wccFamilies.partnerId, viewer.partnerId), eq(wccFamilies.id, wccPlanId)))
      .for('update');
    if (!family) throw notFound(pricingTexts.familyNotFound);
    const prices = wccPricesFrom(await readWccCatalogue(tx), sent, family.prices);
    const updated = (
      await tx
        .update(wccFamilies)
        .set({ prices })
        .where(and(eq(wccFamilies.partnerId, family.partnerId), eq(wccFamilies.id, family.id)))
        .returning()
    )[0]!;
    const change = changedWccPrices(family.prices, updated.prices);
    if (change.changed)
      await recordPartnerChange(tx, viewer, {
        action: 'wcc-family.update',
        target: { kind: 'plan', id: family.id, name: family.name },
        before: change.before,
        after: change.after,
      });
    return updated;
  });
  return { message: pricingTexts.updated, partnerWccPlan: wccFamilyOut(row) };
};

/** WhatsApp Payments families need the partner's WHATSAPP_PAY add-on (doc 3 section 2). */
const checkPaymentsSlabs = async (db: DbOrTx, addons: Record<string, { status?: string }>, slabs: PaymentSlab[]) => {
  if (addons.WHATSAPP_PAY?.status !== 'ACTIVE') throw badRequest(pricingTexts.waPayInactive);
  checkSlabs(slabs, await readPaymentSlabs(db));
};

export const createPaymentsPlan = async (db: Db, viewer: AgentViewer, body: CreatePaymentsPlanRequest) => {
  const partner = await pricingPartner(db, viewer, body.partnerId);
  await checkPaymentsSlabs(db, partner.addons, body.slabs);
  const row = await db.transaction(async (tx) => {
    const [made] = await uniqueName(body.name, () =>
      tx
        .insert(paymentPlanFamilies)
        .values({ id: newId(), partnerId: viewer.partnerId, name: body.name, slabs: body.slabs })
        .returning(),
    );
    await recordPartnerChange(tx, viewer, {
      action: 'payment-plan.create',
      target: { kind: 'plan', id: made!.id, name: made!.name },
      before: null,
      after: { slabs: made!.slabs },
    });
    return made!;
  });
  return { message: pricingTexts.created, whatsappPaymentsPlan: paymentsPlanOut(row) };
};

export const updatePaymentsPlan = async (db: Db, viewer: AgentViewer, id: string, slabs: PaymentSlab[]) => {
  const partner = await pricingPartner(db, viewer);
  const row = await db.transaction(async (tx) => {
    const [family] = await tx
      .select()
      .from(paymentPlanFamilies)
      .where(and(eq(paymentPlanFamilies.partnerId, viewer.partnerId), eq(paymentPlanFamilies.id, id)))
      .for('update');
    if (!family) throw notFound(pricingTexts.familyNotFound);
    await checkPaymentsSlabs(tx, partner.addons, slabs);
    const updated = (
      await tx
        .update(paymentPlanFamilies)
        .set({ slabs })
        .where(and(eq(paymentPlanFamilies.partnerId, family.partnerId), eq(paymentPlanFamilies.id, family.id)))
        .returning()
    )[0]!;
    const { keys, before, after } = changedFields({ slabs: family.slabs }, { slabs: updated.slabs });
    if (keys.length > 0)
      await recordPartnerChange(tx, viewer, {
        action: 'payment-plan.update',
        target: { kind: 'plan', id: family.id, name: family.name },
        before,
        after,
      });
    return updated;
  });
  return { message: pricingTexts.updated, whatsappPaymentsPlan: paymentsPlanOut(row) };
};
