import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingLogs, projects } from '../../src/platform/db/schema.js';
import { makePaymentPlan, makeWccFamily } from '../../src/seed/catalogue.js';
import { testKit } from '../../src/modules/project-billing/test-kit.js';
import { call, signInAs, startTestApp, type TestContext } from '../harness.js';
import { readCentralBalance } from '../../src/modules/billing/central-balance.js';

/**
 * The tenant floor of the project plan, credit, add-on, defaults, delete and status calls: the
 * DIRECT owner acting on Acme's projects by their ids finds nothing (404) and changes nothing, a
 * partner id in the path or body is ignored; Acme's owner naming another partner's plan family,
 * WCC plan or payment plan in a payload gets 404 and nothing changes.
 */
let t: TestContext;
let kit: ReturnType<typeof testKit>;
let acmeOwner: string;
let directOwner: string;
let acme: string;
let acmeProjectIds: string[];

const acmeState = async () => ({
  projects: await t.database.db.select().from(projects).where(eq(projects.partnerId, acme)).orderBy(projects.id),
  logs: (await t.database.db.select({ id: billingLogs.id }).from(billingLogs).where(eq(billingLogs.partnerId, acme)))
    .length,
  central: await readCentralBalance(t.database.db, acme),
});

beforeAll(async () => {
  t = await startTestApp();
  kit = testKit(t.database.db);
  [acmeOwner, directOwner] = await Promise.all([signInAs(t.app, 'owner'), signInAs(t.app, 'direct')]);
  acme = await kit.partnerId('Acme Messaging');
  acmeProjectIds = (await acmeState()).projects.filter((p) => !p.partnerArchived).map((p) => p.id);
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
/** Every call of the area on one project, with a valid body, the path's partnerId set to Acme's. */
const callsOn = (
  projectId: string,
  ids: { familyId: string; wccPlanId: string; paymentPlanId: string },
): [Method, string, unknown][] => [
  ['PATCH', `/partner/${acme}/project/${projectId}/billing/wcc`, { amount: 100000, action: 'ADD' }],
  ['PATCH', `/partner/${acme}/project/${projectId}/billing/pwc`, { amount: 100000, action: 'ADD' }],
  ['PATCH', `/partner/${acme}/project/${projectId}/billing/adCredit`, { amount: 100000, action: 'ADD' }],
  [
    'PATCH',
    `/partner/${acme}/project/${projectId}/billing/switch-plan`,
    { newFamilyId: ids.familyId, newPlanId: 'FREE_FOREVER' },
  ],
  [
    'PATCH',
    `/partner/${acme}/project/${projectId}/billing/reactivate-project`,
    { familyId: ids.familyId, defaultPlan: 'FREE_FOREVER' },
  ],
  ['PATCH', `/partner/${acme}/stop-project-billing/${projectId}`, undefined],
  ['PATCH', '/api/update-project-wcc-plan', { assistantId: projectId, wccPlanId: ids.wccPlanId }],
  ['PATCH', '/api/whatsapp-payments-plans/set-plan', { assistantId: projectId, paymentPlanId: ids.paymentPlanId }],
  ['GET', `/api/get-partner-plan-family/${projectId}`, undefined],
  ['PUT', '/api/change-project-status', { status: 'suspended', assistantId: projectId, partnerId: acme }],
  ['POST', '/api/set-default-configs', { assistantId: projectId, isoCode: 'FR' }],
  ['POST', `/partner/${acme}/project/${projectId}/addon`, { addon: 'FLOW_BUILDER', flowCount: 5 }],
  ['PATCH', `/partner/${acme}/project/${projectId}/addon`, { addon: 'FLOW_BUILDER', flowCount: 15 }],
  ['DELETE', `/partner/${acme}/project/${projectId}/addon`, { addon: 'FLOW_BUILDER' }],
  ['POST', `/api/delete-project/${projectId}`, undefined],
];

describe("the DIRECT owner on Acme's projects", () => {
  it('gets 404 from every call on every Acme project, and Acme is exactly as it was', async () => {
    const before = await acmeState();
    const family = await kit.family(acme, 'Acme Standard');
    const ids = {
      familyId: family.id,
      wccPlanId: (await kit.wcc(acme)).id,
      paymentPlanId: (await kit.payPlan(acme)).id,
    };
    for (const projectId of acmeProjectIds) {
      for (const [method, url, body] of callsOn(projectId, ids)) {
        const res = await call(t.app, method, url, { token: directOwner, body });
        expect(res.status, `${method} ${url}`).toBe(404);
      }
    }
    expect(await acmeState()).toEqual(before);
  });
});

describe("Acme's owner naming another partner's catalogue ids", () => {
  it('gets 404 for a foreign plan family, WCC plan and payment plan; the project is unchanged', async () => {
    const ads = await kit.partnerId('AdsWorks');
    const foreign = {
      familyId: (await kit.family(ads, 'AdsWorks Plans')).id,
      wccPlanId: (await makeWccFamily(t.database.db, ads, 'AdsWorks WCC')).id,
      paymentPlanId: (await makePaymentPlan(t.database.db, ads, 'AdsWorks Pay')).id,
    };
    const sunrise = await kit.project(acme, 'Sunrise Bakery');
    const pixel = await kit.project(acme, 'Pixel Foods'); // stopped: the reactivation case
    const before = await acmeState();
    const payloads: [Method, string, unknown][] = [
      [
        'PATCH',
        `/partner/:partnerId/project/${sunrise.id}/billing/switch-plan`,
        { newFamilyId: foreign.familyId, newPlanId: 'BASIC_MONTHLY' },
      ],
      [
        'PATCH',
        `/partner/:partnerId/project/${pixel.id}/billing/reactivate-project`,
        { familyId: foreign.familyId, defaultPlan: 'BASIC_MONTHLY' },
      ],
      ['PATCH', '/api/update-project-wcc-plan', { assistantId: sunrise.id, wccPlanId: foreign.wccPlanId }],
      [
        'PATCH',
        '/api/whatsapp-payments-plans/set-plan',
        { assistantId: sunrise.id, paymentPlanId: foreign.paymentPlanId },
      ],
    ];
    for (const [method, url, body] of payloads)
      expect((await call(t.app, method, url, { token: acmeOwner, body })).status, url).toBe(404);
    expect(await acmeState()).toEqual(before);
  });

  it("another partner's id in the path is a 404: Acme's owner with the DIRECT partner's id moves nothing", async () => {
    const direct = await kit.partnerId('Direct Retail');
    const sunrise = await kit.project(acme, 'Sunrise Bakery');
    const res = await call(t.app, 'PATCH', `/partner/${direct}/project/${sunrise.id}/billing/wcc`, {
      token: acmeOwner,
      body: { amount: 100000, action: 'ADD' },
    });
    expect(res.status).toBe(404);
    expect((await kit.projectById(sunrise.id)).templateCredit).toBe(sunrise.templateCredit);
    expect(await kit.central(direct)).toBe(18000 * 100000);
  });
});
