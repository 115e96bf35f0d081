import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { WccAnalyticsResponse } from '@pc/contract';
import { call, signInAs, startTestApp, type TestContext } from '../../../test/harness.js';
import { findPartnerIdByName } from '../../../test/fixtures.js';
import { analyticsDays, analyticsDayUsage } from '../../platform/db/schema/events.js';
import { projects } from '../../platform/db/schema/projects.js';

let t: TestContext;
let owner: string;
let p1: string;
let p2: string;

const get = (query: string, token = owner) =>
  call<WccAnalyticsResponse & { message?: string }>(t.app, 'GET', `/partner/:partnerId/wcc-analytics?${query}`, {
    token,
  });

beforeAll(async () => {
  t = await startTestApp();
  owner = await signInAs(t.app, 'owner');
  const acmeId = await findPartnerIdByName(t.database.db, 'Acme Messaging');
  const rows = await t.deps.db
    .select({ id: projects.id })
    .from(projects)
    .where(eq(projects.partnerId, acmeId))
    .limit(2);
  [p1, p2] = rows.map((r) => r.id) as [string, string];
  const days = (projectId: string, dayDate: string, sent: number, delivered: number, read: number, failed: number) => ({
    partnerId: acmeId,
    projectId,
    dayDate,
    sentChatCount: sent,
    deliveredChatCount: delivered,
    readChatCount: read,
    failedChatCount: failed,
  });
  await t.deps.db
    .insert(analyticsDays)
    .values([
      days(p1, '2024-05-01', 10, 8, 5, 2),
      days(p2, '2024-05-01', 4, 4, 1, 0),
      days(p1, '2024-05-03', 7, 7, 7, 0),
      days(p1, '2023-04-24', 99, 0, 0, 0),
    ]);
  const usage = (
    projectId: string,
    dayDate: string,
    variant: 'TemplateCredit' | 'CentralBalance',
    metric: 'mc' | 'bic' | 'uc',
    country: string,
    count: number,
    creditUsage: number,
  ) => ({
    partnerId: acmeId,
    projectId,
    dayDate,
    variant,
    metric,
    country,
    count,
    creditUsage,
  });
  await t.deps.db
    .insert(analyticsDayUsage)
    .values([
      usage(p1, '2024-05-01', 'CentralBalance', 'mc', 'IN', 3, 300_000),
      usage(p2, '2024-05-01', 'CentralBalance', 'mc', 'IN', 1, 100_000),
      usage(p1, '2024-05-01', 'CentralBalance', 'mc', 'US', 2, 900_000),
      usage(p1, '2024-05-01', 'TemplateCredit', 'uc', 'IN', 5, 50_000),
    ]);
});
afterAll(() => t.close());

describe('wcc-analytics', () => {
  it("answers the partner's day rows, summed over its projects, in date order", async () => {
    const res = await get('startDate=2024-04-25&endDate=2024-05-31');
    expect(res.status).toBe(200);
    expect(res.body.wccAnalytics.map((r) => r.dayDate)).toEqual(['2024-05-01', '2024-05-03']);
    const [first] = res.body.wccAnalytics;
    expect(first).toMatchObject({ sentChatCount: 14, deliveredChatCount: 12, readChatCount: 6, failedChatCount: 2 });
    expect(first!.mcCentralBalance).toEqual({
      count: 6,
      creditUsage: 1_300_000,
      creditUsageCountryWise: { IN: { count: 4, amount: 400_000 }, US: { count: 2, amount: 900_000 } },
    });
    expect(first!.ucTemplateCredit).toEqual({
      count: 5,
      creditUsage: 50_000,
      creditUsageCountryWise: { IN: { count: 5, amount: 50_000 } },
    });
    expect(first!.mcTemplateCredit).toEqual({ count: 0, creditUsage: 0, creditUsageCountryWise: {} });
  });

  it('narrows to one project', async () => {
    const res = await get(`startDate=2024-05-01&endDate=2024-05-01&projectId=${p2}`);
    expect(res.body.wccAnalytics).toHaveLength(1);
    expect(res.body.wccAnalytics[0]).toMatchObject({
      sentChatCount: 4,
      mcCentralBalance: { count: 1, creditUsage: 100_000 },
    });
  });

  it("answers 404 for an unknown or another partner's project", async () => {
    expect((await get('startDate=2024-05-01&endDate=2024-05-01&projectId=nope')).status).toBe(404);
    expect(
      (await get(`startDate=2024-05-01&endDate=2024-05-01&projectId=${p1}`, await signInAs(t.app, 'direct'))).status,
    ).toBe(404);
  });

  it('keeps the range from 25 April 2023 to today', async () => {
    expect((await get('startDate=2023-04-24&endDate=2024-05-01')).body.message).toBe(
      'The range cannot start before 25 April 2023',
    );
    const twoDaysOn = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    expect((await get(`startDate=2024-05-01&endDate=${twoDaysOn}`)).body.message).toBe(
      'The range cannot end in the future',
    );
    expect((await get('startDate=2024-05-03&endDate=2024-05-01')).body.message).toBe(
      'The start date must not be after the end date',
    );
    expect((await get('startDate=2024-13-01&endDate=2024-05-01')).status).toBe(400);
    expect((await get('startDate=2024-05-01')).status).toBe(400);
  });

  it('refuses a half-empty range with the range text, not an empty answer', async () => {
    for (const query of [
      'startDate=2024-05-01',
      'endDate=2024-05-01',
      'startDate=&endDate=2024-05-01',
      'startDate=2024-05-01&endDate=',
    ]) {
      const res = await get(query);
      expect(res.status, query).toBe(400);
      expect(res.body.message, query).toBe('Select a valid date');
    }
  });

  it('gives referral users nothing', async () => {
    expect((await get('startDate=2024-05-01&endDate=2024-05-01', await signInAs(t.app, 'referral'))).status).toBe(403);
  });
});
