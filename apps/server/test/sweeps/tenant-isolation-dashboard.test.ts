import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { DashboardSummary, DashboardUsage, WccAnalyticsResponse } from '@pc/contract';
import { projects } from '../../src/platform/db/schema/projects.js';
import { analyticsDayUsage } from '../../src/platform/db/schema/events.js';
import { findPartnerIdByName } from '../fixtures.js';
import { call, signInAs, startTestApp, type TestContext } from '../harness.js';

/**
 * The dashboard's tenant floor: the DIRECT owner sees Direct's balance, live count and usage,
 * never Acme's, whatever it sends; Acme's figures are unchanged by it.
 */
let t: TestContext;
let acmeOwner: string;
let directOwner: string;

const summary = (token: string) => call<DashboardSummary>(t.app, 'GET', '/api/dashboard-summary', { token });
const usage = (token: string, extra = '') =>
  call<DashboardUsage>(t.app, 'GET', `/api/dashboard-usage?fromDate=2024-01-01&toDate=2024-01-31${extra}`, { token });

beforeAll(async () => {
  t = await startTestApp();
  [acmeOwner, directOwner] = await Promise.all([signInAs(t.app, 'owner'), signInAs(t.app, 'direct')]);
  const acmeId = await findPartnerIdByName(t.database.db, 'Acme Messaging');
  const [project] = await t.deps.db
    .select({ id: projects.id })
    .from(projects)
    .where(eq(projects.partnerId, acmeId))
    .limit(1);
  await t.deps.db.insert(analyticsDayUsage).values({
    partnerId: acmeId,
    projectId: project!.id,
    dayDate: '2024-01-10',
    variant: 'CentralBalance',
    metric: 'mc',
    country: 'IN',
    count: 7,
    creditUsage: 700_000,
  });
});
afterAll(() => t.close());

describe("the DIRECT owner and Acme's dashboard", () => {
  it("sees Direct's own figures only, and Acme's stay as they were", async () => {
    const acmeBefore = { summary: (await summary(acmeOwner)).body, usage: (await usage(acmeOwner)).body };
    expect(acmeBefore.usage).toMatchObject({ balanceUsage: { marketing: { count: 7, amount: 700_000 } } });

    const direct = await summary(directOwner);
    expect(direct.status).toBe(200);
    expect(direct.body.whatsappAccountLive).toBeLessThanOrEqual(2);
    expect(direct.body.centralBalance).not.toBe(acmeBefore.summary.centralBalance);
    // Ids in the query are not parameters of these calls: they change nothing.
    const acmeId = await findPartnerIdByName(t.database.db, 'Acme Messaging');
    const foreign = await usage(directOwner, `&partnerId=${acmeId}`);
    expect(foreign.body.balanceUsage.marketing.count).toBe(0);

    const analytics = await call<WccAnalyticsResponse>(
      t.app,
      'GET',
      `/partner/${acmeId}/wcc-analytics?startDate=2024-01-01&endDate=2024-01-31`,
      { token: directOwner },
    );
    // Acme's id in the path: 404, no figures of anyone's.
    expect(analytics.status).toBe(404);
    expect(analytics.body.wccAnalytics).toBeUndefined();
    const [acmeProject] = await t.deps.db
      .select({ id: projects.id })
      .from(projects)
      .where(eq(projects.partnerId, acmeId))
      .limit(1);
    const foreignProject = await call(
      t.app,
      'GET',
      `/partner/:partnerId/wcc-analytics?startDate=2024-01-01&endDate=2024-01-31&projectId=${acmeProject!.id}`,
      { token: directOwner },
    );
    expect(foreignProject.status).toBe(404);
    const own = await call<WccAnalyticsResponse>(
      t.app,
      'GET',
      '/partner/:partnerId/wcc-analytics?startDate=2024-01-01&endDate=2024-01-31',
      { token: acmeOwner },
    );
    expect(own.body.wccAnalytics[0]!.mcCentralBalance.count).toBe(7);

    expect({ summary: (await summary(acmeOwner)).body, usage: (await usage(acmeOwner)).body }).toEqual(acmeBefore);
  });
});
