import { afterAll, beforeAll } from 'vitest';
import { call, signIn, signInAs, startTestApp, type TestContext } from '../../../test/harness.js';
import { makeAgent, makePartner } from '../../seed/factories.js';
import { makeBusiness, makeProject } from '../../seed/businesses.js';
import { makePlanFamily } from '../../seed/catalogue.js';
import { postEntry } from '../billing/ledger.js';
import { testKit } from './test-kit.js';

export const INR = 100000;
type Family = Awaited<ReturnType<ReturnType<typeof testKit>['family']>>;

/**
 * What the project-billing test files share: a server on a fresh database, Acme's owner, viewer and
 * manager signed in, its two families and enough central balance for yearly plans (paid in as a
 * partner would, a ledger entry). Fields are filled in `beforeAll`; read them inside tests.
 */
export const useBillingFixture = () => {
  const fx = {
    t: undefined as unknown as TestContext,
    kit: undefined as unknown as ReturnType<typeof testKit>,
    owner: '',
    viewer: '',
    manager: '',
    acme: '',
    standard: undefined as unknown as Family,
    premium: undefined as unknown as Family,
  };
  beforeAll(async () => {
    fx.t = await startTestApp();
    fx.kit = testKit(fx.t.database.db);
    [fx.owner, fx.viewer, fx.manager] = await Promise.all([
      signInAs(fx.t.app, 'owner'),
      signInAs(fx.t.app, 'agent'),
      signInAs(fx.t.app, 'priya'),
    ]);
    fx.acme = await fx.kit.partnerId('Acme Messaging');
    fx.standard = await fx.kit.family(fx.acme, 'Acme Standard');
    fx.premium = await fx.kit.family(fx.acme, 'Acme Premium');
    await postEntry(fx.t.database.db, {
      partnerId: fx.acme,
      balance: 'CENTRAL',
      action: 'ADD',
      amount: 500000 * INR,
      reasonCode: 'CENTRAL_BALANCE_RECHARGE',
      message: 'Test recharge',
    });
  });
  afterAll(() => fx.t.close());

  const billing = (projectId: string, what: string) => `/partner/${fx.acme}/project/${projectId}/billing/${what}`;
  const patch = <T = Record<string, unknown>>(
    url: string,
    body: unknown,
    opts: { token?: string; headers?: Record<string, string> } = {},
  ) => call<T>(fx.t.app, 'PATCH', url, { token: opts.token ?? fx.owner, body, headers: opts.headers });

  /** A project of Acme's of its own, so that tests do not share state. */
  let seq = 0;
  const freshProject = async (change: Record<string, unknown> = {}) => {
    seq += 1;
    const business = await makeBusiness(fx.t.database.db, { partnerId: fx.acme, displayName: `Billing Client ${seq}` });
    return makeProject(fx.t.database.db, {
      partnerId: fx.acme,
      businessId: business.id,
      name: `Billing Project ${seq}`,
      familyId: fx.standard.id,
      activePlan: 'BASIC_MONTHLY',
      isWhatsappVerified: true,
      ...change,
    });
  };

  /** A partner of its own with little central balance, its owner signed in. */
  const poorPartner = async (centralBalance: number) => {
    seq += 1;
    const db = fx.t.database.db;
    const partner = await makePartner(db, {
      name: `Poor Partner ${seq}`,
      centralBalance,
      addons: { FLOW_BUILDER: { name: 'FLOW_BUILDER', status: 'ACTIVE', price: { INR: 499 * INR, USD: 6 * INR } } },
    });
    await makeAgent(db, {
      partnerId: partner.id,
      userName: `poor${seq}`,
      password: 'Poor@1234',
      email: `poor${seq}@poor.example`,
    });
    const family = await makePlanFamily(db, partner.id, 'Poor Plans');
    const business = await makeBusiness(db, { partnerId: partner.id, displayName: `Poor Client ${seq}` });
    const project = await makeProject(db, {
      partnerId: partner.id,
      businessId: business.id,
      name: 'Poor Project',
      familyId: family.id,
      activePlan: 'BASIC_MONTHLY',
    });
    return { partner, family, project, token: await signIn(fx.t.app, `poor${seq}`, 'Poor@1234') };
  };

  return { fx, billing, patch, freshProject, poorPartner };
};
