import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { WccPlansResponse } from '@pc/contract';
import { call } from '../../../test/harness.js';
import { marginDays, providerWccPrices, rateCardFamilies, wccFamilies } from '../../platform/db/schema.js';
import { makeProject } from '../../seed/businesses.js';
import { makeWccFamily } from '../../seed/catalogue.js';
import { prices, useChargingFixture } from '../charging/fixture.js';
import { applyRateCard } from './apply.js';
import { rateCardKit } from './test-kit.js';

/**
 * The switch at the card's instant on the test's clock: a conversation starting 1 ms before the
 * instant is priced at the old prices and 1 ms after at the card's, whether it is charged before
 * the apply job ran (the card read on the fly) or after (late: the family's prices before the
 * card); the job applies once, run twice or failed half-way.
 */
const { fx, post, event } = useChargingFixture();
const kit = rateCardKit(() => fx.t);
const INR = 100000;

// The fixture's India marketing: provider 0.90 + margin 0.10 = 1.00. The card: provider 0.95.
const CARD = 'country,category,price\nIN,marketing,0.95\n';
let instant: Date;
let cardId: string;
let passProject: string;
let keepProject: string;
let keepFamily: string;
const ms = (offset: number) => new Date(instant.getTime() + offset).toISOString();

beforeAll(async () => {
  await kit.signInBoth();
  await kit.cancelScheduled('INR');
  // Noon (UTC) tomorrow: the conversations either side of it fall on one UTC day row.
  instant = new Date(fx.t.clock.now.getTime() + 86_400_000);
  instant.setUTCHours(12, 0, 0, 0);
  keepFamily = (await makeWccFamily(fx.t.deps.db, fx.partnerId, 'Keeps its prices', prices)).id;
  const project = (name: string, wccPlanId: string) =>
    makeProject(fx.t.deps.db, {
      partnerId: fx.partnerId,
      businessId: fx.businessId,
      name,
      wccPlanId,
      isWhatsappVerified: true,
      openingCredit: 1000 * INR,
    });
  passProject = (await project('Passes it on', fx.familyId)).id;
  keepProject = (await project('Keeps its price', keepFamily)).id;
  cardId = await kit.loadCard('INR', instant, CARD);
  expect((await kit.choose(cardId, keepFamily, 'KEEP')).status).toBe(200);
});

const send = (projectId: string, recipient: string, offset: number) =>
  post([event(projectId, { recipient, timestamp: ms(offset) })]);
const old = { amount: 100000, provider: 90000 };
const passed = { amount: 105000, provider: 95000 };
const kept = { amount: 100000, provider: 95000 };

describe('before the apply job runs', () => {
  it('prices a conversation by the card in force at its start: 1 ms before the instant old, 1 ms after the card’s', async () => {
    fx.t.clock.now = new Date(instant.getTime() + 3_600_000);
    for (const [projectId, after] of [
      [passProject, passed],
      [keepProject, kept],
    ] as const) {
      expect((await send(projectId, 'early-before', -1)).status).toBe(200);
      expect((await send(projectId, 'early-after', 1)).status).toBe(200);
      expect(await kit.chargeOf(projectId, 'early-before')).toEqual(old);
      expect(await kit.chargeOf(projectId, 'early-after')).toEqual(after);
    }
    expect(await kit.statusOf(cardId)).toBe('SCHEDULED');
  });

  it('answers no choice once the instant has come', async () => {
    const res = await kit.choose(cardId, keepFamily, 'PASS');
    expect(res.status).toBe(409);
    const [row] = await fx.t.deps.db
      .select({ choice: rateCardFamilies.choice })
      .from(rateCardFamilies)
      .where(and(eq(rateCardFamilies.cardId, cardId), eq(rateCardFamilies.familyId, keepFamily)));
    expect(row!.choice).toBe('KEEP');
  });
});

describe('the apply job', () => {
  it('a failure half-way leaves nothing: the card SCHEDULED, the catalogue and the families as they were', async () => {
    const familyBefore = (await fx.t.deps.db.select().from(wccFamilies).where(eq(wccFamilies.id, keepFamily)))[0]!;
    const catalogueBefore = await fx.t.deps.db
      .select()
      .from(providerWccPrices)
      .where(eq(providerWccPrices.country, 'IN'));
    await expect(
      applyRateCard(fx.t.deps, cardId, () => {
        throw new Error('killed half-way');
      }),
    ).rejects.toThrow('killed half-way');
    expect(await kit.statusOf(cardId)).toBe('SCHEDULED');
    expect((await fx.t.deps.db.select().from(wccFamilies).where(eq(wccFamilies.id, keepFamily)))[0]!.prices).toEqual(
      familyBefore.prices,
    );
    expect(await fx.t.deps.db.select().from(providerWccPrices).where(eq(providerWccPrices.country, 'IN'))).toEqual(
      catalogueBefore,
    );
    const stored = await fx.t.deps.db
      .select()
      .from(rateCardFamilies)
      .where(and(eq(rateCardFamilies.cardId, cardId), sql`${rateCardFamilies.pricesBefore} is not null`));
    expect(stored).toEqual([]);
  });

  it('waits for the instant when run before it', async () => {
    const saved = fx.t.clock.now;
    fx.t.clock.now = new Date(instant.getTime() - 1);
    try {
      expect(await applyRateCard(fx.t.deps, cardId)).toEqual({ applied: false, retryAt: instant });
    } finally {
      fx.t.clock.now = saved;
    }
  });

  it('applies the card once: the catalogue, every family by its answer, the prices before and after kept', async () => {
    expect(await kit.runApplyJob()).toEqual({ ran: 1, failed: 0 });
    expect(await kit.statusOf(cardId)).toBe('APPLIED');
    const [catalogue] = await fx.t.deps.db
      .select()
      .from(providerWccPrices)
      .where(and(eq(providerWccPrices.country, 'IN'), eq(providerWccPrices.chargeType, 'mc')));
    expect(catalogue!.inr).toBe(95000);
    const family = async (id: string) =>
      (await fx.t.deps.db.select().from(wccFamilies).where(eq(wccFamilies.id, id)))[0]!.prices;
    expect((await family(fx.familyId)).IN!.mc).toEqual({ ...prices.IN.mc, INR: 95000 });
    expect((await family(keepFamily)).IN!.mc).toEqual({ ...prices.IN.mc, INR: 95000, inrMargin: 5000 });
    // India's other prices and the USD ones are the family's still.
    expect((await family(keepFamily)).IN!.uc).toEqual(prices.IN.uc);

    const answers = await fx.t.deps.db.select().from(rateCardFamilies).where(eq(rateCardFamilies.cardId, cardId));
    const families = await fx.t.deps.db.select({ id: wccFamilies.id }).from(wccFamilies);
    expect(answers).toHaveLength(families.length); // every family, of every partner
    const keep = answers.find((a) => a.familyId === keepFamily)!;
    expect(keep.choice).toBe('KEEP');
    expect(keep.pricesBefore!.IN!.mc).toEqual(prices.IN.mc);
    expect(keep.pricesAfter!.IN!.mc!.inrMargin).toBe(5000);
    expect(answers.find((a) => a.familyId === fx.familyId)!.choice).toBe('PASS');

    // Plan Details shows the new prices.
    const plans = await call<WccPlansResponse>(fx.t.app, 'GET', '/api/get-partner-wcc-plans', {
      token: kit.tokens.owner,
    });
    expect(plans.body.wccPlan.find((f) => f._id === keepFamily)!.marketing.IN).toMatchObject({
      INR: 95000,
      inrMargin: 5000,
    });
  });

  it('run again, changes nothing', async () => {
    const before = await fx.t.deps.db.select().from(wccFamilies).where(eq(wccFamilies.partnerId, fx.partnerId));
    expect(await applyRateCard(fx.t.deps, cardId)).toEqual({ applied: false });
    expect(await fx.t.deps.db.select().from(wccFamilies).where(eq(wccFamilies.partnerId, fx.partnerId))).toEqual(
      before,
    );
  });
});

describe('after the apply job ran', () => {
  it('prices a late conversation that began before the instant at the old prices, one after at the card’s', async () => {
    for (const [projectId, after] of [
      [passProject, passed],
      [keepProject, kept],
    ] as const) {
      expect((await send(projectId, 'late-before', -1)).status).toBe(200);
      expect((await send(projectId, 'late-after', 1)).status).toBe(200);
      expect(await kit.chargeOf(projectId, 'late-before')).toEqual(old);
      expect(await kit.chargeOf(projectId, 'late-after')).toEqual(after);
    }
  });

  it('keeps the margin rollup with the price: the day row’s provider cost is its conversations’', async () => {
    const [row] = await fx.t.deps.db
      .select({ cost: marginDays.providerCost, revenue: marginDays.revenue, n: marginDays.conversations })
      .from(marginDays)
      .where(and(eq(marginDays.projectId, keepProject), eq(marginDays.dayDate, ms(0).slice(0, 10))));
    // Kept at 1.00: two conversations before the instant over 0.90 of cost, two after over 0.95.
    expect(row).toEqual({ n: 4, revenue: 4 * 100000, cost: 2 * 90000 + 2 * 95000 });
  });
});
