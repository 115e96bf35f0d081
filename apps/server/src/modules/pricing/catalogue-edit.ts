import { and, asc, eq, sql } from 'drizzle-orm';
import {
  catalogueTexts,
  effectiveAddonPlans,
  fitsAddon,
  headlineSlot,
  mapPlans,
  priceAt,
  slotsOf,
  type Addon,
  type AddonPlans,
  type AddonPlanSlot,
  type AddonPrice,
  type PaymentSlab,
  type PlanFamily,
  type TieredChargeType,
  type UpdateCatalogueRequest,
  type VolumeTierPrice,
} from '@pc/contract';
import type { Db, Tx } from '../../platform/db/open.js';
import { lockedByPartner } from '../../platform/db/locked-by-partner.js';
import {
  partners,
  paymentPlanFamilies,
  planFamilies,
  providerAddonPrices,
  providerPaymentSlabs,
  providerPlanPrices,
  providerWccPrices,
  providerWccVolumeTiers,
  wccFamilies,
} from '../../platform/db/schema.js';
import { badRequest } from '../../platform/errors/app-error.js';
import { recordAudit, type AuditAdmin } from '../audit/record.js';
import {
  readAddonCatalogue,
  readPaymentSlabs,
  readPlanCatalogue,
  readVolumeTiers,
  readWccCatalogue,
} from './catalogue.js';
import { wccPricesFrom } from './provider-prices.js';

/** A partner price moved with its provider price: the margin it had is kept (never below the new price). */
const moved = (partner: number, oldProvider: number, newProvider: number) =>
  Math.max(newProvider, partner + newProvider - oldProvider);

/**
 * The super-admin's new provider prices, and every family repriced in the same transaction so that
 * partner price = provider price + margin stays true. Each family is locked (by id) before it is
 * read; a partner's edit of a family locks it first too and reads the catalogue after, so neither
 * change is lost whichever commits first. Charges already made keep their price (the ledger's).
 * Two edits of the catalogue take turns (a transaction lock), so each reads the prices the other
 * wrote as the old ones and no margin is computed against a price already replaced. The audit row
 * ('catalogue.update') has the entries sent, as they were and as sent. The prices' `updated_at` is
 * `now`, the caller's clock: a distributed database (docs/scaling.md) refuses now() in the upserts'
 * DO UPDATE SET of a reference table.
 */
export const updateCatalogue = (db: Db, admin: AuditAdmin, body: UpdateCatalogueRequest, now: Date) =>
  db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('provider_catalogue'))`);
    await recordAudit(tx, admin, {
      action: 'catalogue.update',
      targetKind: 'catalogue',
      targetId: 'provider',
      before: await catalogueBefore(tx, body),
      after: body,
    });
    const repriced = {
      plan: body.plans ? await repricePlans(tx, body.plans, now) : 0,
      wcc: body.wcc ? await repriceWcc(tx, body.wcc, now) : 0,
      payments: body.slabFees ? await repriceSlabs(tx, body.slabFees, now) : 0,
      addons: body.addons ? await repriceAddons(tx, body.addons, now) : 0,
    };
    // Families take a tier's price at the charge (tier + their margin): nothing to reprice.
    if (body.volumeTiers) await replaceVolumeTiers(tx, body.volumeTiers);
    return { message: catalogueTexts.updated, repriced };
  });

/** The audit's "before": the catalogue's entries the edit sends, as they were (an entry new to it: absent). */
const catalogueBefore = async (tx: Tx, body: UpdateCatalogueRequest) => {
  const before: Record<string, unknown> = {};
  const pick = <T>(from: Record<string, T>, keys: string[]) =>
    Object.fromEntries(keys.filter((key) => from[key] !== undefined).map((key) => [key, from[key]]));
  if (body.plans) before.plans = pick(await readPlanCatalogue(tx), Object.keys(body.plans));
  if (body.wcc) {
    const wcc = await readWccCatalogue(tx);
    before.wcc = Object.fromEntries(
      Object.entries(body.wcc).map(([country, charges]) => [country, pick(wcc[country] ?? {}, Object.keys(charges))]),
    );
  }
  if (body.slabFees) {
    const sent = new Set(body.slabFees.map((s) => s.startAmount));
    before.slabFees = (await readPaymentSlabs(tx))
      .filter((slab) => sent.has(slab.startAmount))
      .map((slab) => ({ startAmount: slab.startAmount, fee: slab.INR.fee }));
  }
  if (body.addons) before.addons = pick(await readAddonCatalogue(tx), Object.keys(body.addons));
  if (body.volumeTiers) before.volumeTiers = pick(await readVolumeTiers(tx), Object.keys(body.volumeTiers));
  return before;
};

const repricePlans = async (tx: Tx, plans: NonNullable<UpdateCatalogueRequest['plans']>, now: Date) => {
  const before = await readPlanCatalogue(tx);
  for (const [plan, price] of Object.entries(plans))
    await tx
      .insert(providerPlanPrices)
      .values({ plan, inr: price.INR, usd: price.USD })
      .onConflictDoUpdate({
        target: providerPlanPrices.plan,
        set: { inr: price.INR, usd: price.USD, updatedAt: now },
      });
  let count = 0;
  for (const family of await lockedByPartner(tx, planFamilies)) {
    const next: PlanFamily['plans'] = { ...family.plans };
    for (const [plan, price] of Object.entries(plans) as [keyof PlanFamily['plans'], { INR: number; USD: number }][]) {
      const current = family.plans[plan];
      const old = before[plan];
      if (!current || !old) continue;
      next[plan] = { INR: moved(current.INR, old.INR, price.INR), USD: moved(current.USD, old.USD, price.USD) };
    }
    if (JSON.stringify(next) === JSON.stringify(family.plans)) continue;
    await tx
      .update(planFamilies)
      .set({ plans: next })
      .where(and(eq(planFamilies.id, family.id), eq(planFamilies.partnerId, family.partnerId)));
    count++;
  }
  return count;
};

const repriceWcc = async (tx: Tx, wcc: NonNullable<UpdateCatalogueRequest['wcc']>, now: Date) => {
  for (const [country, charges] of Object.entries(wcc))
    for (const [chargeType, price] of Object.entries(charges) as [
      (typeof providerWccPrices.$inferInsert)['chargeType'],
      { INR: number; USD: number },
    ][])
      await tx
        .insert(providerWccPrices)
        .values({ country, chargeType, inr: price.INR, usd: price.USD })
        .onConflictDoUpdate({
          target: [providerWccPrices.country, providerWccPrices.chargeType],
          set: { inr: price.INR, usd: price.USD, updatedAt: now },
        });
  const catalogue = await readWccCatalogue(tx);
  let count = 0;
  for (const family of await lockedByPartner(tx, wccFamilies)) {
    const prices = wccPricesFrom(catalogue, {}, family.prices);
    if (JSON.stringify(prices) === JSON.stringify(family.prices)) continue;
    await tx
      .update(wccFamilies)
      .set({ prices })
      .where(and(eq(wccFamilies.id, family.id), eq(wccFamilies.partnerId, family.partnerId)));
    count++;
  }
  return count;
};

const repriceSlabs = async (tx: Tx, fees: NonNullable<UpdateCatalogueRequest['slabFees']>, now: Date) => {
  const before = new Map((await readPaymentSlabs(tx)).map((s) => [s.startAmount, s.INR.fee]));
  for (const { startAmount, fee } of fees) {
    if (!before.has(startAmount)) throw badRequest(catalogueTexts.unknownSlab);
    await tx
      .update(providerPaymentSlabs)
      .set({ feeInr: fee, updatedAt: now })
      .where(eq(providerPaymentSlabs.startAmount, startAmount));
  }
  const newFee = new Map(fees.map((f) => [f.startAmount, f.fee]));
  let count = 0;
  for (const family of await lockedByPartner(tx, paymentPlanFamilies)) {
    const slabs: PaymentSlab[] = family.slabs.map((slab) => {
      const fee = newFee.get(slab.startAmount);
      const old = before.get(slab.startAmount);
      return fee === undefined || old === undefined ? slab : { ...slab, INR: { fee: moved(slab.INR.fee, old, fee) } };
    });
    if (JSON.stringify(slabs) === JSON.stringify(family.slabs)) continue;
    await tx
      .update(paymentPlanFamilies)
      .set({ slabs })
      .where(and(eq(paymentPlanFamilies.id, family.id), eq(paymentPlanFamilies.partnerId, family.partnerId)));
    count++;
  }
  return count;
};

/**
 * New add-on plans, and every partner offering a changed add-on repriced keeping its margins: its
 * own plans (if saved) move slot by slot, and its headline `price` moves from what it charged over
 * the old provider plans. Partners are locked by id (the lock order: projects, then partners), so a
 * partner's own add-on edit, which locks its row before reading the catalogue, is never lost. An
 * add-on new to the catalogue has no old price to keep a margin over: partners' entries stay.
 */
const repriceAddons = async (tx: Tx, addons: NonNullable<UpdateCatalogueRequest['addons']>, now: Date) => {
  const before = await readAddonCatalogue(tx);
  for (const [addon, plans] of Object.entries(addons))
    for (const slot of slotsOf(addon)) {
      const price = priceAt(plans, slot)!;
      await tx
        .insert(providerAddonPrices)
        .values({ addon, tier: slot.tier ?? '', period: slot.period, inr: price.INR, usd: price.USD })
        .onConflictDoUpdate({
          target: [providerAddonPrices.addon, providerAddonPrices.tier, providerAddonPrices.period],
          set: { inr: price.INR, usd: price.USD, updatedAt: now },
        });
    }
  const changed = Object.keys(addons).filter((addon) => before[addon]);
  if (changed.length === 0) return 0;
  const offering = await tx
    .select({ id: partners.id, addons: partners.addons })
    .from(partners)
    .where(
      sql`${partners.addons} ?| array[${sql.join(
        changed.map((addon) => sql`${addon}`),
        sql`, `,
      )}]::text[]`,
    )
    .orderBy(asc(partners.id))
    .for('update');
  let count = 0;
  for (const partner of offering) {
    const next = { ...partner.addons };
    for (const addon of changed)
      if (next[addon]) next[addon] = movedAddon(addon, next[addon], before[addon]!, addons[addon]!);
    if (JSON.stringify(next) === JSON.stringify(partner.addons)) continue;
    await tx.update(partners).set({ addons: next }).where(eq(partners.id, partner.id));
    count++;
  }
  return count;
};

/** A partner's add-on with its prices moved from the old provider plans to the new ones, margins kept. */
const movedAddon = (addon: string, offered: Addon, old: AddonPlans, now: AddonPlans): Addon => {
  const move = (price: AddonPrice, slot: AddonPlanSlot): AddonPrice => {
    const from = priceAt(old, slot)!;
    const to = priceAt(now, slot)!;
    return { INR: moved(price.INR, from.INR, to.INR), USD: moved(price.USD, from.USD, to.USD) };
  };
  const headline = headlineSlot(addon);
  const price = move(priceAt(effectiveAddonPlans(addon, offered, old), headline)!, headline);
  // Saved plans that do not fit the add-on are ignored when it is charged: they stay as they are.
  const own = offered.partnerPlans;
  return own && fitsAddon(addon, own)
    ? { ...offered, price, partnerPlans: mapPlans(addon, own, move) }
    : { ...offered, price };
};

/** A market's tiers of a charge type are replaced whole; a market and type without a list price has none. */
const replaceVolumeTiers = async (tx: Tx, tiers: NonNullable<UpdateCatalogueRequest['volumeTiers']>) => {
  const wcc = await readWccCatalogue(tx);
  for (const [country, byType] of Object.entries(tiers))
    for (const [chargeType, list] of Object.entries(byType) as [TieredChargeType, VolumeTierPrice[]][]) {
      if (list.length > 0 && !wcc[country]?.[chargeType])
        throw badRequest(catalogueTexts.tierWithoutList(country), {
          [`volumeTiers.${country}.${chargeType}`]: catalogueTexts.tierWithoutList(country),
        });
      await tx
        .delete(providerWccVolumeTiers)
        .where(and(eq(providerWccVolumeTiers.country, country), eq(providerWccVolumeTiers.chargeType, chargeType)));
      if (list.length > 0)
        await tx
          .insert(providerWccVolumeTiers)
          .values(list.map((t) => ({ country, chargeType, fromMessages: t.fromMessages, inr: t.INR, usd: t.USD })));
    }
};
