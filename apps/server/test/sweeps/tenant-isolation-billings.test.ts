import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BillingActivityListsResponse } from '@pc/contract';
import { billingLogs, partners, projects } from '../../src/platform/db/schema.js';
import { call, signInAs, startTestApp, type TestContext } from '../harness.js';

/**
 * The tenant floor of the billings calls: the DIRECT owner naming Acme's projects and billing
 * logs (and Acme's id in the path) finds nothing (404) and changes nothing; its own list never
 * holds an Acme row.
 */
let t: TestContext;
let direct: string;
let acme: string;
let acmeProjects: string[];
let acmeLogs: string[];

const acmeState = async () => ({
  logs: await t.database.db.select().from(billingLogs).where(eq(billingLogs.partnerId, acme)).orderBy(billingLogs.id),
  projects: await t.database.db.select().from(projects).where(eq(projects.partnerId, acme)).orderBy(projects.id),
});

beforeAll(async () => {
  t = await startTestApp();
  direct = await signInAs(t.app, 'direct');
  acme = (await t.database.db.select({ id: partners.id }).from(partners).where(eq(partners.name, 'Acme Messaging')))[0]!
    .id;
  const state = await acmeState();
  acmeProjects = state.projects.map((p) => p.id);
  acmeLogs = state.logs.map((l) => l.id);
});
afterAll(() => t.close());

describe('billings tenant floor', () => {
  it('DIRECT on Acme project and billing ids: 404 every time, nothing changes', async () => {
    expect(acmeProjects.length).toBeGreaterThan(0);
    expect(acmeLogs.length).toBeGreaterThan(0);
    const before = await acmeState();
    for (const id of acmeProjects) {
      expect(
        (
          await call(t.app, 'POST', '/api/partner-billing-activity-lists?sort=dec', {
            token: direct,
            body: { skip: 0, rowsPerPage: 10, assistantId: id },
          })
        ).status,
      ).toBe(404);
      expect((await call(t.app, 'GET', `/api/partner-name/${id}`, { token: direct })).status).toBe(404);
    }
    for (const id of acmeLogs) {
      expect((await call(t.app, 'GET', `/api/${acme}/partnerbilling-lists/${id}`, { token: direct })).status).toBe(404);
      expect((await call(t.app, 'GET', `/api/:partnerId/partnerbilling-lists/${id}`, { token: direct })).status).toBe(
        404,
      );
    }
    expect(await acmeState()).toEqual(before);
  });

  it("DIRECT's own list holds none of Acme's rows", async () => {
    const res = await call<BillingActivityListsResponse>(
      t.app,
      'POST',
      '/api/partner-billing-activity-lists?sort=asc',
      { token: direct, body: { skip: 0, rowsPerPage: 100 } },
    );
    expect(res.status).toBe(200);
    expect(res.body.partnerBillingLogs.every((l) => l.partnerId !== acme)).toBe(true);
    expect(res.body.partnerBillingLogs.some((l) => acmeLogs.includes(l._id))).toBe(false);
  });
});
