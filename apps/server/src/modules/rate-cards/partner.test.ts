import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pricingTexts, type MessageEvent, type UpcomingRateCardsResponse } from '@pc/contract';
import { call, signIn, signInAs, startTestApp, type TestContext } from '../../../test/harness.js';
import { partners, rateCardFamilies, wccFamilies } from '../../platform/db/schema.js';
import { makeBusiness, makeProject } from '../../seed/businesses.js';
import { makeWccFamily } from '../../seed/catalogue.js';
import { makeAgent, makePartner } from '../../seed/factories.js';
import { knownCard, knownEffect, knownFamily, knownVolume } from './known-effect.js';
import { rateCardKit } from './test-kit.js';

/**
 * The partner's side: the simulation on a known month of conversations (the margin rollup of the
 * projects on the family), the answers, and the tenant floor (another partner's family: 404,
 * nothing changed; DIRECT, ADS, read-only and referral users cannot answer).
 */
const KEY = 'rate-card-platform-key-01234';
const INR = 100000;
let t: TestContext;
const kit = rateCardKit(() => t);
let cardId: string;
let token: string;
let familyId: string;
let acmeFamily: string;

const upcoming = (as: string) =>
  call<UpcomingRateCardsResponse>(t.app, 'GET', '/api/rate-cards/upcoming', { token: as });
const answersOf = (partnerId: string) =>
  t.deps.db.select().from(rateCardFamilies).where(eq(rateCardFamilies.partnerId, partnerId));

let partnerId: string;
let acmeId: string;
beforeAll(async () => {
  t = await startTestApp({ env: { PLATFORM_API_KEY: KEY } });
  await kit.signInBoth();
  await kit.cancelScheduled('INR');
  const db = t.deps.db;
  const partner = await makePartner(db, { name: 'Known History Partner', currency: 'INR', centralBalance: 5000 * INR });
  partnerId = partner.id;
  await makeAgent(db, { partnerId, userName: 'known-owner', password: 'Known@Owner1' });
  token = await signIn(t.app, 'known-owner', 'Known@Owner1');
  familyId = (await makeWccFamily(db, partnerId, 'Known family', knownFamily)).id;
  await makeWccFamily(db, partnerId, 'Quiet family', knownFamily);
  const business = await makeBusiness(db, { partnerId, displayName: 'Known Client' });
  const project = (name: string) =>
    makeProject(db, {
      partnerId,
      businessId: business.id,
      name,
      wccPlanId: familyId,
      isWhatsappVerified: true,
      openingCredit: 500 * INR,
    });
  const projects = [await project('Known one'), await project('Known two')];
  // The known volume, one conversation per recipient, spread over the two projects in the last days.
  const now = t.clock.now.getTime();
  const events: MessageEvent[] = knownVolume.flatMap((v, i) =>
    Array.from({ length: v.conversations }, (_, n) => ({
      messageId: `known-${i}-${n}`,
      projectId: projects[n % 2]!.id,
      status: 'sent' as const,
      category: v.category,
      initiator: 'business' as const,
      country: v.country,
      recipient: `known-${i}-${n}`,
      timestamp: new Date(now - (1 + (n % 20)) * 86_400_000).toISOString(),
    })),
  );
  // One more, 31 days ago: outside the 30 days measured.
  events.push({
    ...events[0]!,
    messageId: 'old',
    recipient: 'old',
    timestamp: new Date(now - 31 * 86_400_000).toISOString(),
  });
  const res = await call(t.app, 'POST', '/platform/message-events', {
    body: { events },
    headers: { 'x-platform-key': KEY },
  });
  expect(res.status).toBe(200);

  cardId = await kit.loadCard('INR', new Date(now + 5 * 86_400_000), knownCard);
  acmeId = (await db.select().from(partners).where(eq(partners.name, 'Acme Messaging')))[0]!.id;
  acmeFamily = (
    await db
      .select()
      .from(wccFamilies)
      .where(and(eq(wccFamilies.partnerId, acmeId), eq(wccFamilies.name, 'Acme WCC India')))
  )[0]!.id;
});
afterAll(() => t.close());

describe('GET /api/rate-cards/upcoming', () => {
  it("shows the card's effect on each family, measured on the last 30 days of the projects on it", async () => {
    const res = await upcoming(token);
    expect(res.status).toBe(200);
    expect(res.body.canChoose).toBe(true);
    const card = res.body.rateCards.find((c) => c._id === cardId)!;
    expect(card).toMatchObject({ currency: 'INR', open: true });
    expect(card.families.map((f) => f.name)).toEqual(['Known family', 'Quiet family']);
    expect(card.families[0]).toEqual({
      familyId,
      name: 'Known family',
      projects: 2,
      choice: 'PASS',
      chosenAt: null,
      ...knownEffect,
    });
    expect(card.families[1]).toMatchObject({ projects: 0, conversations: 0, oldCost: 0, newCost: 0 });
  });

  it('shows a partner its own families only', async () => {
    const acme = (await upcoming(kit.tokens.owner)).body.rateCards.find((c) => c._id === cardId)!;
    expect(acme.families.map((f) => f.name)).toEqual(['Acme WCC India', 'Acme WCC Premium']);
    expect(acme.families.every((f) => f.familyId !== familyId)).toBe(true);
  });
});

describe('PUT /api/rate-cards/:id/families/:familyId', () => {
  it('records the answer, read back by the simulation', async () => {
    const res = await kit.choose(cardId, familyId, 'KEEP', token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ choice: 'KEEP' });
    const family = (await upcoming(token)).body.rateCards.find((c) => c._id === cardId)!.families[0]!;
    expect(family).toMatchObject({ choice: 'KEEP', chosenAt: expect.any(String) });
    expect((await kit.choose(cardId, familyId, 'PASS', token)).status).toBe(200);
    expect(await answersOf(partnerId)).toEqual([expect.objectContaining({ familyId, choice: 'PASS' })]);
  });

  it("answers 404 for another partner's family, either way, and changes nothing", async () => {
    const acmeBefore = await answersOf(acmeId);
    const ownBefore = await answersOf(partnerId);
    const foreign = await kit.choose(cardId, acmeFamily, 'KEEP', token);
    expect(foreign.status).toBe(404);
    expect((await kit.choose(cardId, familyId, 'KEEP', kit.tokens.owner)).status).toBe(404);
    expect((await kit.choose('unknown-card', familyId, 'KEEP', token)).status).toBe(404);
    expect((await kit.choose(cardId, 'unknown-family', 'KEEP', token)).status).toBe(404);
    expect(await answersOf(acmeId)).toEqual(acmeBefore);
    expect(await answersOf(partnerId)).toEqual(ownBefore);
  });

  it('refuses an answer to a card no longer scheduled', async () => {
    const [cancelled] = (
      await call<{ rateCards: { _id: string; status: string }[] }>(t.app, 'GET', '/superadmin/rate-cards', {
        token: kit.tokens.admin,
      })
    ).body.rateCards.filter((c) => c.status === 'CANCELLED');
    const res = await kit.choose(cancelled!._id, familyId, 'KEEP', token);
    expect(res.status).toBe(409);
    expect(await answersOf(partnerId)).toEqual([expect.objectContaining({ cardId, choice: 'PASS' })]);
  });

  it('is for who may price: not a read-only agent, a DIRECT or ADS partner, or a referral user', async () => {
    const acmeBefore = await answersOf(acmeId);
    const agent = await signInAs(t.app, 'agent');
    expect((await upcoming(agent)).status).toBe(200);
    expect((await kit.choose(cardId, acmeFamily, 'KEEP', agent)).status).toBe(403);

    const direct = await signInAs(t.app, 'direct');
    const directRes = await upcoming(direct);
    expect(directRes.status).toBe(403);
    expect(directRes.body).toMatchObject({ message: pricingTexts.directHasNoPlanDetails });

    const ads = await signInAs(t.app, 'ads');
    const adsView = await upcoming(ads);
    expect(adsView.status).toBe(200);
    expect(adsView.body.canChoose).toBe(false);
    const adsFamily = adsView.body.rateCards.find((c) => c._id === cardId)!.families[0]!;
    expect((await kit.choose(cardId, adsFamily.familyId, 'KEEP', ads)).status).toBe(403);

    const referral = await signInAs(t.app, 'referral');
    expect((await kit.choose(cardId, acmeFamily, 'KEEP', referral)).status).toBe(403);
    expect(await answersOf(acmeId)).toEqual(acmeBefore);
  });
});
