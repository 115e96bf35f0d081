import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectBillingTexts as texts } from '@pc/contract';
import { call, signIn, signInAs, startTestApp, type CallResult, type TestContext } from '../../../test/harness.js';
import { billingLogs } from '../../platform/db/schema.js';
import { makeBusiness, makeProject } from '../../seed/businesses.js';
import { makeAgent, makePartner } from '../../seed/factories.js';
import { makePlanFamily } from '../../seed/catalogue.js';
import { insufficientCentralBalance, postEntry } from '../billing/ledger.js';
import { testKit } from './test-kit.js';

/**
 * Every call that moves money, retried with the same Idempotency-Key, moves money once and answers
 * the same; the same key on another request is a 409.
 */
const INR = 100000;
let t: TestContext;
let kit: ReturnType<typeof testKit>;
let owner: string;
let acme: string;
let standard: Awaited<ReturnType<ReturnType<typeof testKit>['family']>>;
let premium: typeof standard;

beforeAll(async () => {
  t = await startTestApp();
  kit = testKit(t.database.db);
  owner = await signInAs(t.app, 'owner');
  acme = await kit.partnerId('Acme Messaging');
  standard = await kit.family(acme, 'Acme Standard');
  premium = await kit.family(acme, 'Acme Premium');
  await postEntry(t.database.db, {
    partnerId: acme,
    balance: 'CENTRAL',
    action: 'ADD',
    amount: 1_000_000 * INR,
    reasonCode: 'CENTRAL_BALANCE_RECHARGE',
    message: 'Test recharge',
  });
});
afterAll(() => t.close());

let seq = 0;
const freshProject = async (change: Record<string, unknown> = {}) => {
  seq += 1;
  const business = await makeBusiness(t.database.db, { partnerId: acme, displayName: `Retry Client ${seq}` });
  return makeProject(t.database.db, {
    partnerId: acme,
    businessId: business.id,
    name: `Retry Project ${seq}`,
    familyId: standard.id,
    activePlan: 'BASIC_MONTHLY',
    ...change,
  });
};
const send = (method: 'POST' | 'PATCH', url: string, body: unknown, key?: string, token = owner) =>
  call(t.app, method, url, { token, body, headers: key === undefined ? {} : { 'idempotency-key': key } });
const projectLogs = async (projectId: string) =>
  (await t.database.db.select().from(billingLogs).where(eq(billingLogs.projectId, projectId))).length;

type MoneyCall = {
  name: string;
  method: 'POST' | 'PATCH';
  path: string;
  /** A project ready for the call (its state before the request). */
  project: () => Promise<{ id: string }>;
  body: unknown;
  /** Another request on the same route and project. */
  other: unknown;
  /** What one request takes from the central balance (negative: gives back) and how many billing-log rows it writes. */
  cost: number;
  rows: number;
};

const withCredit = async (amount: number) => {
  const p = await freshProject();
  await send('PATCH', `/partner/:partnerId/project/${p.id}/billing/wcc`, { amount, action: 'ADD' });
  return p;
};
const withFlows = async () => {
  const p = await freshProject();
  await send('POST', `/partner/:partnerId/project/${p.id}/addon`, { addon: 'FLOW_BUILDER', flowCount: 5 });
  return p;
};

const calls: MoneyCall[] = [
  {
    name: 'WCC credit ADD',
    method: 'PATCH',
    path: 'billing/wcc',
    project: () => freshProject(),
    body: { amount: 30 * INR, action: 'ADD' },
    other: { amount: 31 * INR, action: 'ADD' },
    cost: 30 * INR,
    rows: 2,
  },
  {
    name: 'WCC credit SUBTRACT',
    method: 'PATCH',
    path: 'billing/wcc',
    project: () => withCredit(50 * INR),
    body: { amount: 20 * INR, action: 'SUBTRACT' },
    other: { amount: 20 * INR, action: 'ADD' },
    cost: -20 * INR,
    rows: 2,
  },
  {
    name: 'partner WhatsApp credit',
    method: 'PATCH',
    path: 'billing/pwc',
    project: () => freshProject(),
    body: { amount: 12 * INR, action: 'ADD' },
    other: { amount: 13 * INR, action: 'ADD' },
    cost: 12 * INR,
    rows: 2,
  },
  {
    name: 'Meta Ads credit',
    method: 'PATCH',
    path: 'billing/adCredit',
    // Ad credit goes to live projects (doc 3 section 6).
    project: () => freshProject({ isWhatsappVerified: true }),
    body: { amount: 7 * INR, action: 'ADD' },
    other: { amount: 8 * INR, action: 'ADD' },
    cost: 7 * INR,
    rows: 2,
  },
  {
    name: 'plan switch',
    method: 'PATCH',
    path: 'billing/switch-plan',
    project: () => freshProject(),
    // Getters: the demo's families are read once the app has started.
    get body() {
      return { newFamilyId: premium.id, newPlanId: 'PRO_MONTHLY' };
    },
    get other() {
      return { newFamilyId: premium.id, newPlanId: 'PRO_YEARLY' };
    },
    get cost() {
      return premium.plans.PRO_MONTHLY!.INR;
    },
    rows: 1,
  },
  {
    name: 'reactivation',
    method: 'PATCH',
    path: 'billing/reactivate-project',
    project: () => freshProject({ status: 'stopped', planStoppedOn: new Date() }),
    get body() {
      return { familyId: standard.id, defaultPlan: 'BASIC_MONTHLY' };
    },
    get other() {
      return { familyId: standard.id, defaultPlan: 'PRO_MONTHLY' };
    },
    get cost() {
      return standard.plans.BASIC_MONTHLY!.INR;
    },
    rows: 1,
  },
  {
    name: 'add-on activation',
    method: 'POST',
    path: 'addon',
    project: () => freshProject(),
    body: { addon: 'FLOW_BUILDER', flowCount: 15 },
    other: { addon: 'FLOW_BUILDER', flowCount: 25 },
    // Acme's Tier1 (the first 5 flows) and one Tier2 (the next 10).
    cost: (499 + 799) * INR,
    rows: 1,
  },
  {
    name: 'add-on modify',
    method: 'PATCH',
    path: 'addon',
    project: withFlows,
    body: { addon: 'FLOW_BUILDER', flowCount: 25 },
    other: { addon: 'FLOW_BUILDER', flowCount: 45 },
    cost: 2 * 799 * INR,
    rows: 1,
  },
];

describe.each(calls.map((c) => [c.name, c] as const))('%s with an Idempotency-Key', (_, c) => {
  const url = (id: string) => `/partner/:partnerId/project/${id}/${c.path}`;

  it('retried, moves money once and answers the same', async () => {
    const p = await c.project();
    const [central, logs] = [await kit.central(acme), await projectLogs(p.id)];
    const key = `retry-${p.id}`;
    const first = await send(c.method, url(p.id), c.body, key);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(await kit.central(acme)).toBe(central - c.cost);
    for (let i = 0; i < 3; i += 1) expect(await send(c.method, url(p.id), c.body, key)).toEqual(first);
    expect(await kit.central(acme)).toBe(central - c.cost);
    expect(await projectLogs(p.id)).toBe(logs + c.rows);
  });

  it('sent 10 times at once, moves money once and every answer is the first', async () => {
    const p = await c.project();
    const [central, logs] = [await kit.central(acme), await projectLogs(p.id)];
    const results = await Promise.all(
      Array.from({ length: 10 }, () => send(c.method, url(p.id), c.body, `burst-${p.id}`)),
    );
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    for (const r of results) expect(r.body).toEqual(results[0]!.body);
    expect(await kit.central(acme)).toBe(central - c.cost);
    expect(await projectLogs(p.id)).toBe(logs + c.rows);
  });

  it('on another request, or on another call, the same key is refused (409) and moves nothing', async () => {
    const p = await c.project();
    const key = `reused-${p.id}`;
    expect((await send(c.method, url(p.id), c.body, key)).status).toBe(200);
    const [central, logs] = [await kit.central(acme), await projectLogs(p.id)];
    expect(await send(c.method, url(p.id), c.other, key)).toMatchObject({
      status: 409,
      body: { message: texts.idempotencyKeyReused },
    });
    const elsewhere = await freshProject({ isWhatsappVerified: true });
    expect(await send(c.method, url(elsewhere.id), c.body, key)).toMatchObject({
      status: 409,
      body: { message: texts.idempotencyKeyReused },
    });
    expect(
      await send('PATCH', `/partner/:partnerId/project/${p.id}/billing/pwc`, { amount: 1 * INR, action: 'ADD' }, key),
    ).toMatchObject({ status: 409 });
    expect([await kit.central(acme), await projectLogs(p.id), await projectLogs(elsewhere.id)]).toEqual([
      central,
      logs,
      0,
    ]);
  });

  it('refuses a key over 200 characters with 400, moving nothing; an empty key is no key', async () => {
    const p = await c.project();
    const central = await kit.central(acme);
    expect(await send(c.method, url(p.id), c.body, 'k'.repeat(201))).toMatchObject({
      status: 400,
      body: { message: texts.idempotencyKeyTooLong },
    });
    expect(await kit.central(acme)).toBe(central);
    expect((await send(c.method, url(p.id), c.body, '')).status).toBe(200);
    expect(await kit.central(acme)).toBe(central - c.cost);
  });
});

describe('Idempotency-Key rules shared by every money call', () => {
  it('a refused request records nothing: its key works once the cause is fixed', async () => {
    seq += 1;
    const partner = await makePartner(t.database.db, { name: `Short Partner ${seq}`, centralBalance: 100 * INR });
    await makeAgent(t.database.db, {
      partnerId: partner.id,
      userName: `short${seq}`,
      password: 'Short@1234',
      email: `short${seq}@short.example`,
    });
    const token = await signIn(t.app, `short${seq}`, 'Short@1234');
    const family = await makePlanFamily(t.database.db, partner.id, 'Short Plans');
    const business = await makeBusiness(t.database.db, { partnerId: partner.id, displayName: 'Short Client' });
    const p = await makeProject(t.database.db, {
      partnerId: partner.id,
      businessId: business.id,
      name: 'Short Project',
      familyId: family.id,
      activePlan: 'BASIC_MONTHLY',
    });
    const switchTo = (key: string): Promise<CallResult> =>
      send(
        'PATCH',
        `/partner/:partnerId/project/${p.id}/billing/switch-plan`,
        { newFamilyId: family.id, newPlanId: 'PRO_MONTHLY' },
        key,
        token,
      );
    expect(await switchTo('after-recharge')).toMatchObject({
      status: 400,
      body: { message: insufficientCentralBalance },
    });
    await postEntry(t.database.db, {
      partnerId: partner.id,
      balance: 'CENTRAL',
      action: 'ADD',
      amount: 10_000 * INR,
      reasonCode: 'CENTRAL_BALANCE_RECHARGE',
      message: 'Recharge',
    });
    expect((await switchTo('after-recharge')).status).toBe(200);
    expect((await switchTo('after-recharge')).status).toBe(200);
    expect(await kit.central(partner.id)).toBe(10_100 * INR - family.plans.PRO_MONTHLY!.INR);
  });

  it("keys are the partner's own: another partner's same key is another request", async () => {
    const mine = await freshProject();
    expect(
      (
        await send(
          'PATCH',
          `/partner/:partnerId/project/${mine.id}/billing/wcc`,
          { amount: 5 * INR, action: 'ADD' },
          'shared-key',
        )
      ).status,
    ).toBe(200);
    seq += 1;
    const partner = await makePartner(t.database.db, { name: `Other Partner ${seq}`, centralBalance: 100 * INR });
    await makeAgent(t.database.db, {
      partnerId: partner.id,
      userName: `other${seq}`,
      password: 'Other@1234',
      email: `other${seq}@other.example`,
    });
    const business = await makeBusiness(t.database.db, { partnerId: partner.id, displayName: 'Other Client' });
    const theirs = await makeProject(t.database.db, {
      partnerId: partner.id,
      businessId: business.id,
      name: 'Other Project',
    });
    const res = await send(
      'PATCH',
      `/partner/:partnerId/project/${theirs.id}/billing/wcc`,
      { amount: 5 * INR, action: 'ADD' },
      'shared-key',
      await signIn(t.app, `other${seq}`, 'Other@1234'),
    );
    expect(res).toMatchObject({ status: 200, body: { credit: 5 * INR } });
    expect(await kit.central(partner.id)).toBe(95 * INR);
  });

  it('a call that moves no money records no key: its retry runs again, still moving nothing', async () => {
    const p = await freshProject();
    const central = await kit.central(acme);
    const free = { newFamilyId: standard.id, newPlanId: 'FREE_FOREVER' };
    expect(
      (await send('PATCH', `/partner/:partnerId/project/${p.id}/billing/switch-plan`, free, `free-${p.id}`)).status,
    ).toBe(200);
    expect(
      await send('PATCH', `/partner/:partnerId/project/${p.id}/billing/switch-plan`, free, `free-${p.id}`),
    ).toMatchObject({
      status: 400,
      body: { message: texts.samePlan },
    });
    expect(await kit.central(acme)).toBe(central);
  });
});
