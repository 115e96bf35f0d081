import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { projectBillingTexts as texts } from '@pc/contract';
import { call, signInAs, startTestApp, type TestContext } from '../../../test/harness.js';
import { projects } from '../../platform/db/schema.js';
import { testKit } from './test-kit.js';

/** Doc 3 section 6: the ad credit section shows only when the currency is not USD; the server holds it too. */
let t: TestContext;
let ads: string;
let kit: ReturnType<typeof testKit>;
beforeAll(async () => {
  t = await startTestApp();
  kit = testKit(t.database.db);
  ads = await signInAs(t.app, 'ads');
});
afterAll(() => t.close());

describe('PATCH .../billing/adCredit on a USD project', () => {
  it("is refused for the USD partner's live project, and nothing moves; its WCC credit still can", async () => {
    const partnerId = await kit.partnerId('AdsWorks');
    const project = await kit.project(partnerId, 'Northwind Outfitters');
    expect(project.currency).toBe('USD');
    // Live, so that the currency is the only reason to refuse.
    await t.database.db.update(projects).set({ isWhatsappVerified: true }).where(eq(projects.id, project.id));
    const central = await kit.central(partnerId);
    const logs = await kit.logCount(partnerId);
    const url = (what: string) => `/partner/${partnerId}/project/${project.id}/billing/${what}`;

    const refused = await call(t.app, 'PATCH', url('adCredit'), {
      token: ads,
      body: { amount: 100000, action: 'ADD' },
    });
    expect(refused).toMatchObject({ status: 400, body: { message: texts.adCreditNotInUsd } });
    expect((await kit.projectById(project.id)).metaAdsCredit).toBe(project.metaAdsCredit);
    expect(await kit.central(partnerId)).toBe(central);
    expect(await kit.logCount(partnerId)).toBe(logs);

    const wcc = await call(t.app, 'PATCH', url('wcc'), { token: ads, body: { amount: 100000, action: 'ADD' } });
    expect(wcc.status).toBe(200);
  });
});
