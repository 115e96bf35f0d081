import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { RiskResponse, RiskRow } from '@pc/contract';
import { call, signInAs, startTestApp, type TestContext } from '../../../test/harness.js';
import { newId } from '../../platform/db/ids.js';
import {
  analyticsDays,
  balanceDays,
  businesses,
  marginProjectDays,
  partners,
  projectOnboarding,
  projects,
  templates,
} from '../../platform/db/schema.js';
import { makeBusiness, makeProject } from '../../seed/businesses.js';
import { dayBefore } from '../wallet/forecast.js';

/**
 * GET /api/risk on a business of Acme's made here (the demo's own projects are left out with the
 * business filter), at a fixed instant of the injected clock: each signal either side of its line,
 * the ranking, the filters and paging, and who may read it.
 */
let t: TestContext;
let owner = '';
let acmeId = '';
let businessId = '';
const MINUTE = 60_000;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await startTestApp();
  t.clock.now = new Date(`${new Date().toISOString().slice(0, 10)}T12:00:00.000Z`);
  owner = await signInAs(t.app, 'owner');
  acmeId = (await t.deps.db.select().from(partners).where(eq(partners.name, 'Acme Messaging')))[0]!.id;
  businessId = (await makeBusiness(t.deps.db, { partnerId: acmeId, displayName: 'Risk Test Co' })).id;
});
afterAll(() => t.close());

const now = () => t.clock.now;
const ago = (ms: number) => new Date(now().getTime() - ms);
const db = () => t.deps.db;

const board = (query: string, token = owner) =>
  call<RiskResponse & { message?: string }>(t.app, 'GET', `/api/risk?${query}`, { token });
/** The board of this file's business: its rows by project name. */
const ours = async (query = '') => {
  const answer = await board(`businessId=${businessId}&rowsPerPage=100&${query}`);
  expect(answer.status).toBe(200);
  return answer.body;
};
const rowOf = async (name: string): Promise<RiskRow | undefined> =>
  (await ours()).rows.find((r) => r.projectName === name);
const kindsOf = async (name: string) => (await rowOf(name))?.signals.map((s) => s.kind) ?? [];

let seq = 0;
const liveProject = (name: string, over: Partial<typeof projects.$inferInsert> = {}) =>
  makeProject(db(), {
    partnerId: acmeId,
    businessId,
    name,
    isWhatsappVerified: true,
    wabaProgressStep: 9,
    messagingLimit: 'TIER_10K',
    qualityRating: 'GREEN',
    createdAt: ago(90 * DAY),
    ...over,
  });
const traffic = (projectId: string, daysAgo: number, sent: number, failed: number) =>
  db()
    .insert(analyticsDays)
    .values({
      partnerId: acmeId,
      projectId,
      dayDate: dayBefore(now(), daysAgo),
      sentChatCount: sent,
      failedChatCount: failed,
    });
const revenue = (projectId: string, daysAgo: number, amount: number) =>
  db()
    .insert(marginProjectDays)
    .values({
      partnerId: acmeId,
      projectId,
      dayDate: dayBefore(now(), daysAgo),
      conversations: 1,
      charged: 1,
      revenue: amount,
    });
const template = (projectId: string, status: string, updatedAt: Date, moved?: Date) =>
  db()
    .insert(templates)
    .values({
      id: newId(),
      partnerId: acmeId,
      projectId,
      name: `t_${++seq}`,
      language: 'en',
      category: 'MARKETING',
      status,
      updatedAt,
      ...(moved ? { previousCategory: 'UTILITY', categoryChangedAt: moved } : {}),
    });

describe('GET /api/risk: each signal either side of its line', () => {
  it('onboarding stalled more than 2 days: from its creation, then from its last onboarding call', async () => {
    const fresh = await makeProject(db(), { partnerId: acmeId, businessId, name: 'Stall A', createdAt: ago(2 * DAY) });
    const stale = await makeProject(db(), {
      partnerId: acmeId,
      businessId,
      name: 'Stall B',
      wabaProgressStep: 5,
      createdAt: ago(2 * DAY + MINUTE),
    });
    expect(await kindsOf('Stall A')).toEqual([]);
    expect((await rowOf('Stall B'))?.signals).toEqual([
      { kind: 'onboarding', severity: 1, step: 5, since: ago(2 * DAY + MINUTE).toISOString() },
    ]);
    // A call of the wizard a minute inside the 2 days: not stalled; its time moves the line.
    await db()
      .insert(projectOnboarding)
      .values({ projectId: stale.id, partnerId: acmeId, updatedAt: ago(2 * DAY - MINUTE) });
    expect(await kindsOf('Stall B')).toEqual([]);
    t.clock.now = new Date(t.clock.now.getTime() + 2 * MINUTE);
    expect(await kindsOf('Stall B')).toEqual(['onboarding']);
    expect(await kindsOf('Stall A')).toEqual(['onboarding']);
    t.clock.now = new Date(t.clock.now.getTime() - 2 * MINUTE);
    await db().update(projects).set({ status: 'pending' }).where(eq(projects.id, fresh.id));
  });

  it('failed messages above 5 % of at least 100 sent over 7 days, today included', async () => {
    const a = await liveProject('Failing A');
    await traffic(a.id, 0, 60, 3);
    await traffic(a.id, 6, 40, 2);
    // Before the window: not counted.
    await traffic(a.id, 7, 1000, 900);
    expect(await kindsOf('Failing A')).toEqual([]);
    await db()
      .update(analyticsDays)
      .set({ failedChatCount: 3 })
      .where(sql`${analyticsDays.projectId} = ${a.id} and ${analyticsDays.dayDate} = ${dayBefore(now(), 6)}`);
    expect((await rowOf('Failing A'))?.signals).toEqual([
      { kind: 'failedRate', severity: 2, failed: 6, sent: 100, percent: 6 },
    ]);
    const quiet = await liveProject('Failing B');
    await traffic(quiet.id, 1, 99, 50);
    expect(await kindsOf('Failing B')).toEqual([]);
  });

  it("credit whose forecast runs it out within 3 days, from the wallet's burn", async () => {
    const p = await liveProject('Credit A');
    // 7 whole days before today of 1.00 a day: the forecast's rate is 1.00 a day.
    await db()
      .insert(balanceDays)
      .values(
        Array.from({ length: 7 }, (_, i) => ({
          partnerId: acmeId,
          balance: 'WCC' as const,
          ownerId: p.id,
          dayDate: dayBefore(now(), i + 1),
          spent: 100_000,
        })),
      );
    await db().update(projects).set({ templateCredit: 300_001 }).where(eq(projects.id, p.id));
    expect(await kindsOf('Credit A')).toEqual([]);
    await db().update(projects).set({ templateCredit: 300_000 }).where(eq(projects.id, p.id));
    expect((await rowOf('Credit A'))?.signals).toEqual([
      {
        kind: 'credit',
        severity: 3,
        balance: 300_000,
        dailyBurn: 100_000,
        daysToZero: 3,
        zeroOn: new Date(now().getTime() + 3 * DAY).toISOString(),
      },
    ]);
  });

  it('quality LOW, or fallen within 30 days: the previous rating is kept by the database on every write', async () => {
    const p = await liveProject('Quality A');
    // Any writer: the trigger keeps what it was and stamps when it changed.
    await db().update(projects).set({ qualityRating: 'YELLOW' }).where(eq(projects.id, p.id));
    const [row] = await db().select().from(projects).where(eq(projects.id, p.id));
    expect(row!.qualityRatingPrevious).toBe('GREEN');
    expect(row!.qualityRatingChangedAt).not.toBeNull();
    // A write that leaves the rating as it was changes neither.
    await db().update(projects).set({ qualityRating: 'YELLOW', name: 'Quality A' }).where(eq(projects.id, p.id));
    expect((await db().select().from(projects).where(eq(projects.id, p.id)))[0]!.qualityRatingPrevious).toBe('GREEN');
    // A writer on the injected clock sets the instant itself.
    const fell = async (at: Date) => {
      await db().update(projects).set({ qualityRating: 'GREEN' }).where(eq(projects.id, p.id));
      await db()
        .update(projects)
        .set({ qualityRating: 'YELLOW', qualityRatingChangedAt: at })
        .where(eq(projects.id, p.id));
    };
    await fell(ago(30 * DAY + MINUTE));
    expect(await kindsOf('Quality A')).toEqual([]);
    await fell(ago(30 * DAY));
    expect((await rowOf('Quality A'))?.signals[0]).toMatchObject({
      kind: 'quality',
      severity: 2,
      rating: 'MEDIUM',
      previous: 'HIGH',
    });
    await db().update(projects).set({ qualityRating: 'RED' }).where(eq(projects.id, p.id));
    expect((await rowOf('Quality A'))?.signals[0]).toMatchObject({ severity: 3, rating: 'LOW', previous: 'MEDIUM' });
  });

  it('health LIMITED or BLOCKED as the last health check said', async () => {
    const p = await liveProject('Health A');
    const health = (state: string) => ({ canSendMessage: state, entities: [], checkedAt: now().toISOString() });
    await db()
      .insert(projectOnboarding)
      .values({ projectId: p.id, partnerId: acmeId, numberHealth: health('AVAILABLE') });
    expect(await kindsOf('Health A')).toEqual([]);
    await db()
      .update(projectOnboarding)
      .set({ numberHealth: health('LIMITED') })
      .where(eq(projectOnboarding.projectId, p.id));
    expect((await rowOf('Health A'))?.signals).toEqual([
      { kind: 'health', severity: 2, state: 'LIMITED', entity: 'number', checkedAt: now().toISOString() },
    ]);
  });

  it('the messaging limit: a busiest day at 80 % of the tier, or the lowest tiers', async () => {
    const p = await liveProject('Limit A', { messagingLimit: 'TIER_1K' });
    await traffic(p.id, 2, 799, 0);
    expect(await kindsOf('Limit A')).toEqual([]);
    await traffic(p.id, 1, 800, 0);
    expect((await rowOf('Limit A'))?.signals).toEqual([
      {
        kind: 'messagingLimit',
        severity: 2,
        tier: 'TIER_1K',
        limit: 1000,
        peak: 800,
        peakDay: dayBefore(now(), 1),
        atLimit: true,
        lowestTier: false,
      },
    ]);
    await liveProject('Limit B', { messagingLimit: 'TIER_250' });
    expect((await rowOf('Limit B'))?.signals[0]).toMatchObject({ severity: 1, lowestTier: true, atLimit: false });
  });

  it('templates paused, rejected or re-categorised in the last 30 days', async () => {
    const p = await liveProject('Templates A');
    await template(p.id, 'REJECTED', ago(30 * DAY + MINUTE));
    await template(p.id, 'APPROVED', ago(DAY));
    expect(await kindsOf('Templates A')).toEqual([]);
    await template(p.id, 'PAUSED', ago(30 * DAY));
    await template(p.id, 'APPROVED', ago(2 * DAY), ago(2 * DAY));
    expect((await rowOf('Templates A'))?.signals).toEqual([
      {
        kind: 'templates',
        severity: 2,
        paused: 1,
        rejected: 0,
        recategorised: 1,
        latestAt: ago(2 * DAY).toISOString(),
      },
    ]);
  });
});

describe('GET /api/risk: the ranking', () => {
  it('ranks by revenue at risk (30 days, only with a signal), then severity; sorts, filters and pages', async () => {
    const team = await makeBusiness(db(), { partnerId: acmeId, displayName: 'Risk Ranking Co' });
    const make = (name: string, over: Partial<typeof projects.$inferInsert> = {}) =>
      liveProject(name, { businessId: team.id, ...over });
    const a = await make('Rank A');
    await template(a.id, 'REJECTED', ago(DAY));
    const b = await make('Rank B', { qualityRating: 'RED' });
    const c = await make('Rank C');
    await traffic(c.id, 0, 200, 20);
    const d = await make('Rank D');
    for (const p of [a, b]) await revenue(p.id, 29, 500_00000);
    await revenue(c.id, 0, 900_00000);
    // Outside the 30 days, and a project without a signal: not at risk.
    await revenue(c.id, 30, 200_00000);
    await revenue(d.id, 0, 1000_00000);

    const all = await board(`businessId=${team.id}`);
    expect(all.status).toBe(200);
    expect(all.body.rows.map((r) => [r.projectName, r.revenueAtRisk, r.severity])).toEqual([
      ['Rank C', 900_00000, 2],
      ['Rank B', 500_00000, 3],
      ['Rank A', 500_00000, 1],
    ]);
    expect(all.body).toMatchObject({ currency: 'INR', atRisk: 3, total: 3, revenueAtRisk: 1900_00000 });
    expect(all.body.counts).toMatchObject({ quality: 1, failedRate: 1, templates: 1, credit: 0 });
    expect(all.body.rows[0]).toMatchObject({ businessId: team.id, businessName: 'Risk Ranking Co', status: 'active' });

    const bySeverity = await board(`businessId=${team.id}&sort=severity`);
    expect(bySeverity.body.rows.map((r) => r.projectName)).toEqual(['Rank B', 'Rank C', 'Rank A']);
    const paged = await board(`businessId=${team.id}&skip=2&rowsPerPage=2`);
    expect(paged.body.rows.map((r) => r.projectName)).toEqual(['Rank A']);
    expect(paged.body.total).toBe(3);
    const kind = await board(`businessId=${team.id}&kind=templates`);
    expect(kind.body.rows.map((r) => r.projectName)).toEqual(['Rank A']);
    expect(kind.body).toMatchObject({ total: 1, atRisk: 3 });

    // The whole partner: the demo's projects and this file's together, largest revenue first.
    const partner = await board('rowsPerPage=100');
    const revenues = partner.body.rows.map((r) => r.revenueAtRisk);
    expect(revenues).toEqual([...revenues].sort((x, y) => y - x));
    expect(partner.body.rows.map((r) => r.projectName)).toEqual(expect.arrayContaining(['Rank C', 'Credit A']));
  });
});

describe('GET /api/risk: who may read it', () => {
  it("shows a partner only its own projects; another partner's business is not found", async () => {
    const direct = await signInAs(t.app, 'direct');
    const theirs = await board('rowsPerPage=100', direct);
    expect(theirs.status).toBe(200);
    const [directPartner] = await db().select().from(partners).where(eq(partners.name, 'Direct Retail'));
    const own = await db().select({ id: projects.id }).from(projects).where(eq(projects.partnerId, directPartner!.id));
    for (const row of theirs.body.rows) expect(own.map((p) => p.id)).toContain(row.projectId);
    expect(theirs.body.rows.map((r) => r.businessId)).not.toContain(businessId);
    expect(await board(`businessId=${businessId}`, direct)).toMatchObject({
      status: 404,
      body: { message: 'Business not found.' },
    });
    expect((await board('businessId=no-such-business')).status).toBe(404);
    const [business] = await db().select().from(businesses).where(eq(businesses.id, businessId));
    expect(business!.partnerId).toBe(acmeId);
  });

  it('refuses a referral user (money), answers a read-only member, and refuses bad input', async () => {
    expect((await board('', await signInAs(t.app, 'referral'))).status).toBe(403);
    expect((await board('', await signInAs(t.app, 'agent'))).status).toBe(200);
    expect((await board('')).status).toBe(200);
    expect((await call(t.app, 'GET', '/api/risk')).status).toBe(401);
    for (const bad of ['kind=weather', 'sort=name', 'skip=-1', 'rowsPerPage=0', 'rowsPerPage=101'])
      expect((await board(bad)).status, bad).toBe(400);
  });
});
