import { and, count, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateCardTexts as texts, type RateCardAnswer, type RateCardDetail, type RateCardsResponse } from '@pc/contract';
import { call, signInAs, startTestApp, type TestContext } from '../../../test/harness.js';
import { adminAuditLog, jobs, rateCards } from '../../platform/db/schema.js';
import { RATE_CARD_JOB } from './load.js';

let t: TestContext;
let admin: string;
let owner: string;
beforeAll(async () => {
  t = await startTestApp();
  [admin, owner] = await Promise.all([signInAs(t.app, 'admin'), signInAs(t.app, 'owner')]);
});
afterAll(() => t.close());

const DAY = 86_400_000;
const inDays = (days: number) => new Date(t.clock.now.getTime() + days * DAY).toISOString();
const load = (body: Record<string, unknown>, token = admin) =>
  call<RateCardAnswer & { fields?: Record<string, string> }>(t.app, 'POST', '/superadmin/rate-cards', { token, body });
const list = (token = admin) => call<RateCardsResponse>(t.app, 'GET', '/superadmin/rate-cards', { token });
const cardCount = async () => (await t.database.db.select({ n: count() }).from(rateCards))[0]!.n;
const lastAudit = async () =>
  (await t.database.db.select().from(adminAuditLog).orderBy(desc(adminAuditLog.createdAt)).limit(1))[0]!;
const usdCard = 'country,category,price\nUS,marketing,0.027\nBR,utility,0.0085\nUS,business_initiated,0.03\n';

describe('the cards list', () => {
  it("shows the demo's scheduled card and the one applied before the history, latest instant first", async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(2);
    expect(res.body.rateCards.map((c) => [c.status, c.currency, c.rowCount])).toEqual([
      ['SCHEDULED', 'INR', 4],
      ['APPLIED', 'INR', 2],
    ]);
    expect(res.body.rateCards[0]).toMatchObject({
      createdBy: 'Platform Admin',
      fileName: 'meta-rates-marketing-inr.csv',
    });
  });
});

describe('loading a card', () => {
  it('refuses an instant that is not in the future, with the field named', async () => {
    for (const effectiveAt of [inDays(0), inDays(-1)]) {
      const res = await load({ currency: 'USD', effectiveAt, fileName: 'usd.csv', csv: usdCard });
      expect(res.status).toBe(400);
      expect(res.body.fields).toEqual({ effectiveAt: texts.pastInstant });
    }
  });

  it('refuses a file with bad lines, each told, and stores nothing', async () => {
    const before = await cardCount();
    const res = await load({
      currency: 'USD',
      effectiveAt: inDays(5),
      fileName: 'bad.csv',
      csv: 'country,category,price\nUS,marketing,0.027\nUSA,marketing,1\nUS,marketing,0.03\n',
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(texts.linesToFix(texts.line(3, texts.country('USA')), 1));
    expect(res.body.fields!.csv!.split('\n')).toEqual([
      texts.line(3, texts.country('USA')),
      texts.line(4, texts.duplicate('US', 'marketing', 2)),
    ]);
    expect(await cardCount()).toBe(before);
  });

  it('refuses a second card of a currency while one is scheduled: cancel it first (409)', async () => {
    const res = await load({ currency: 'INR', effectiveAt: inDays(20), fileName: 'inr.csv', csv: usdCard });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/already scheduled .*cancel it before loading another/);
    expect(res.body.fields).toHaveProperty('currency');
  });

  let id = '';
  it('stores a good card SCHEDULED, its apply job due at the instant, and the audit row', async () => {
    const effectiveAt = inDays(5);
    const res = await load({ currency: 'USD', effectiveAt, fileName: 'usd.csv', csv: usdCard });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(texts.loaded);
    id = res.body.rateCard._id;
    expect(res.body.rateCard).toMatchObject({ currency: 'USD', status: 'SCHEDULED', rowCount: 3, effectiveAt });
    const [job] = await t.database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, RATE_CARD_JOB), eq(jobs.key, `rate-card:${id}`)));
    expect(job!.runAt.toISOString()).toBe(effectiveAt);
    expect(await lastAudit()).toMatchObject({
      action: 'rate-card.load',
      targetId: id,
      after: { currency: 'USD', effectiveAt, fileName: 'usd.csv', rows: 3 },
    });
    expect((await list()).body.rateCards.map((c) => c._id)).toContain(id);
  });

  it("answers a card's rows beside the catalogue's price now", async () => {
    const res = await call<RateCardDetail>(t.app, 'GET', `/superadmin/rate-cards/${id}`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.rows).toEqual([
      { country: 'BR', category: 'utility', current: expect.any(Number), price: 850, change: expect.any(Number) },
      { country: 'US', category: 'marketing', current: 2500, price: 2700, change: 200 },
      { country: 'US', category: 'business_initiated', current: 2500, price: 3000, change: 500 },
    ]);
    expect((await call(t.app, 'GET', '/superadmin/rate-cards/unknown-card', { token: admin })).status).toBe(404);
  });

  it('cancels it before its instant (audited), then never again', async () => {
    const res = await call<RateCardAnswer>(t.app, 'POST', `/superadmin/rate-cards/${id}/cancel`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.rateCard).toMatchObject({ status: 'CANCELLED', createdBy: 'Platform Admin' });
    expect(await lastAudit()).toMatchObject({
      action: 'rate-card.cancel',
      targetId: id,
      before: { status: 'SCHEDULED' },
    });
    const again = await call(t.app, 'POST', `/superadmin/rate-cards/${id}/cancel`, { token: admin });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(texts.notScheduled);
    expect((await call(t.app, 'POST', '/superadmin/rate-cards/nope/cancel', { token: admin })).status).toBe(404);
  });

  it('refuses to cancel a card whose instant has come (charging prices by it already)', async () => {
    const effectiveAt = inDays(1);
    const loaded = await load({ currency: 'USD', effectiveAt, fileName: 'usd2.csv', csv: usdCard });
    expect(loaded.status).toBe(200);
    const saved = t.clock.now;
    t.clock.now = new Date(effectiveAt);
    try {
      const res = await call(t.app, 'POST', `/superadmin/rate-cards/${loaded.body.rateCard._id}/cancel`, {
        token: admin,
      });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(texts.inForce);
    } finally {
      t.clock.now = saved;
    }
    // Put back: cancelled before its instant.
    expect(
      (await call(t.app, 'POST', `/superadmin/rate-cards/${loaded.body.rateCard._id}/cancel`, { token: admin })).status,
    ).toBe(200);
  });
});

describe('the super-admin routes', () => {
  it('are the super-admin’s alone: 403 for a partner, nothing stored', async () => {
    const before = await cardCount();
    expect(
      (await load({ currency: 'USD', effectiveAt: inDays(3), fileName: 'x.csv', csv: usdCard }, owner)).status,
    ).toBe(403);
    expect((await list(owner)).status).toBe(403);
    const [card] = (await list()).body.rateCards;
    expect((await call(t.app, 'GET', `/superadmin/rate-cards/${card!._id}`, { token: owner })).status).toBe(403);
    expect((await call(t.app, 'POST', `/superadmin/rate-cards/${card!._id}/cancel`, { token: owner })).status).toBe(
      403,
    );
    expect(await cardCount()).toBe(before);
    expect((await list()).body.rateCards[0]!.status).toBe(card!.status);
  });
});
