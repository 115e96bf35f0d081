import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  signupScopes,
  TRIAL_DAYS,
  type CreateBusinessWithProjectResponse,
  type Partner,
  type PlanFamily,
  type StartSignupResponse,
  type UpdatePartnerConfigResponse,
} from '@pc/contract';
import { call, signInAs, startTestApp, type TestContext } from '../../../test/harness.js';
import { findPartnerIdByName } from '../../../test/fixtures.js';
import { billingLogs, businesses, partners, projects } from '../../platform/db/schema.js';
import { readCentralBalance } from '../../modules/billing/central-balance.js';

/**
 * The Free WCC credit of Manage, Configure Plan Family (doc 3 section 2): set through
 * update-partner-config like the other settings, given to a new customer's project from the central
 * balance (on the public sign-up, when the client verifies its mobile) (WCC_CREDIT_ADD, both sides in the create's transaction), refused with nothing created
 * when the balance is short in the console, skipped on the public sign-up; a trial sign-up gets its
 * trial credit and its 7-day end instead.
 */
const INR = 100000;
let t: TestContext;
let owner: string;
let acme: string;
let family: PlanFamily;
let seeded = 0;

beforeAll(async () => {
  t = await startTestApp();
  owner = await signInAs(t.app, 'owner');
  acme = await findPartnerIdByName(t.database.db, 'Acme Messaging');
  family = (await call<{ planFamily: PlanFamily[] }>(t.app, 'GET', '/api/get-partner-plan-families', { token: owner }))
    .body.planFamily[0]!;
  seeded = (await t.database.db.select().from(partners).where(eq(partners.id, acme)))[0]!.freeWccCredit;
});
afterAll(() => t.close());

const update = (body: unknown, token = owner) =>
  call<UpdatePartnerConfigResponse & { message: string }>(t.app, 'PATCH', '/api/update-partner-config', {
    token,
    body,
  });
const profile = async () =>
  (await call<{ data: Partner }>(t.app, 'POST', '/api/get-profile', { token: owner, body: {} })).body.data;
const acmeRow = async () => ({
  ...(await t.database.db.select().from(partners).where(eq(partners.id, acme)))[0]!,
  centralBalance: await readCentralBalance(t.database.db, acme),
});
const setAcme = (values: Partial<typeof partners.$inferInsert>) =>
  t.database.db.update(partners).set(values).where(eq(partners.id, acme));

let seq = 0;
const details = () => {
  seq += 1;
  return {
    email: `free-wcc-${seq}-${Date.now()}@credit.example`,
    display_name: `Free Credit Client ${seq}`,
    company: 'Free Credit Pvt Ltd',
    contact: '919876543210',
    companySize: '1 - 10',
    industry: 'Education',
  };
};
const createFull = () =>
  call<CreateBusinessWithProjectResponse & { message: string }>(t.app, 'POST', '/partner/:partnerId/business/create', {
    token: owner,
    body: { ...details(), newFamilyId: family._id, newPlanId: 'BASIC_MONTHLY' },
  });
const logsOf = (projectId: string) =>
  t.database.db
    .select()
    .from(billingLogs)
    .where(and(eq(billingLogs.partnerId, acme), eq(billingLogs.projectId, projectId)));
const projectRow = async (id: string) => (await t.database.db.select().from(projects).where(eq(projects.id, id)))[0]!;

describe('the setting', () => {
  it('is set alone through update-partner-config, read back in the profile, never negative', async () => {
    const res = await update({ freeWccCredit: 75 * INR });
    expect(res.status).toBe(200);
    expect(res.body.updatedPartner.freeWccCredit).toBe(75 * INR);
    expect((await profile()).freeWccCredit).toBe(75 * INR);
    for (const body of [{ freeWccCredit: -1 }, { freeWccCredit: 1.5 }, { freeWccCredit: 5 * INR, trialAmount: 0 }]) {
      expect((await update(body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await profile()).freeWccCredit).toBe(75 * INR);
  });

  it('needs manage write, and is not a DIRECT partner’s', async () => {
    expect((await update({ freeWccCredit: 1 }, await signInAs(t.app, 'agent'))).status).toBe(403);
    expect((await update({ freeWccCredit: 1 }, await signInAs(t.app, 'direct'))).status).toBe(403);
    expect((await update({ freeWccCredit: 1 }, await signInAs(t.app, 'referral'))).status).toBe(403);
    expect((await profile()).freeWccCredit).toBe(75 * INR);
  });
});

describe('Create Business', () => {
  it("gives the new customer's project the credit, moved from the central balance in two rows", async () => {
    await update({ freeWccCredit: 40 * INR });
    const before = (await acmeRow()).centralBalance;
    const res = await createFull();
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const projectId = res.body.project._id;
    expect((await projectRow(projectId)).templateCredit).toBe(40 * INR);
    expect((await acmeRow()).centralBalance).toBe(before - 40 * INR);
    const rows = await logsOf(projectId);
    expect(rows.map((r) => [r.reasonCode, r.balance, r.action, r.amount]).sort()).toEqual([
      ['WCC_CREDIT_ADD', 'CENTRAL', 'SUBTRACT', 40 * INR],
      ['WCC_CREDIT_ADD', 'WCC', 'ADD', 40 * INR],
    ]);
    expect(
      rows.every((r) => r.message === `Free WCC credit given to new project ${res.body.project.assistantName}`),
    ).toBe(true);
  });

  it('gives nothing when none is set, and nothing to a project added to a business', async () => {
    await update({ freeWccCredit: 0 });
    const res = await createFull();
    expect(res.status).toBe(200);
    expect((await projectRow(res.body.project._id)).templateCredit).toBe(0);
    expect(await logsOf(res.body.project._id)).toEqual([]);

    await update({ freeWccCredit: 40 * INR });
    const added = await call<{ project: { _id: string } }>(
      t.app,
      'POST',
      `/partner/:partnerId/business/${res.body.business.id}/project`,
      { token: owner, body: { name: `Added ${Date.now()}`, planFamilyId: family._id, planName: 'BASIC_MONTHLY' } },
    );
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect((await projectRow(added.body.project._id)).templateCredit).toBe(0);
  });

  it('is refused with nothing created when the central balance does not cover the credit', async () => {
    const { centralBalance } = await acmeRow();
    await update({ freeWccCredit: centralBalance + 1 });
    const body = details();
    const res = await call<{ message: string }>(t.app, 'POST', '/partner/:partnerId/business/create', {
      token: owner,
      body: { ...body, newFamilyId: family._id, newPlanId: 'BASIC_MONTHLY' },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^Your central balance does not cover the Free WCC credit \(₹[\d,]+\.\d\d\)/);
    expect(await t.database.db.select().from(businesses).where(eq(businesses.email, body.email))).toEqual([]);
    expect((await acmeRow()).centralBalance).toBe(centralBalance);
    await update({ freeWccCredit: 50 * INR });
  });
});

describe('the embedded sign-up', () => {
  const form = () => ({
    signupId: randomUUID(),
    name: 'Kavya Menon',
    email: `free-wcc-signup-${Date.now()}-${seq++}@menon.example`,
    dialCode: '+91',
    mobile: '9876512345',
    companyName: `Free Credit Foods ${Date.now()}-${seq}`,
    termsAccepted: true,
  });
  const start = () =>
    call<StartSignupResponse & { message?: string }>(t.app, 'POST', `/api/${acme}/embed/signup`, { body: form() });
  /**
   * A sign-up through its mobile's verification, when its credit is given (embedded-signup/credit.ts):
   * the sandbox's Facebook login, the OTP read from the sandbox phone.
   */
  const startVerified = async () => {
    const res = await start();
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const headers = { 'x-signup-token': res.body.signupToken };
    const { accessToken } = (
      await call<{ accessToken: string }>(t.app, 'POST', '/sandbox/facebook/login', {
        body: {
          scopes: signupScopes,
          businessName: 'Free Credit Foods',
          phoneNumber: '919811122230',
          displayName: 'FCF',
        },
      })
    ).body;
    await call(t.app, 'POST', '/api/submit-facebook-access-token', {
      headers,
      body: { assistantId: res.body.assistantId, accessToken },
    });
    // Nothing is given before the client verifies its mobile.
    expect((await projectRow(res.body.assistantId)).templateCredit).toBe(0);
    expect(await logsOf(res.body.assistantId)).toEqual([]);
    // A number of its own: the test clock stands still, so one number's inbox would not tell texts apart.
    const mobile = { dialCode: '91', mobile: `98765${String(seq).padStart(5, '0')}` };
    expect((await call(t.app, 'POST', '/api/embed/signup/otp', { headers, body: mobile })).status).toBe(200);
    const inbox = await call<{ inbox: { text: string }[] }>(
      t.app,
      'GET',
      `/api/embed/signup/sandbox-phone?dialCode=91&mobile=${mobile.mobile}`,
      { headers },
    );
    const otp = /\b(\d{4})\b/.exec(inbox.body.inbox[0]?.text ?? '')?.[1];
    expect((await call(t.app, 'POST', '/api/embed/signup/verify-otp', { headers, body: { otp } })).status).toBe(200);
    return res;
  };

  it('outside a trial gives the Free WCC credit, and skips it (the client not refused) when the balance is short', async () => {
    await setAcme({ enableTrial: false, freeWccCredit: 30 * INR });
    const given = await startVerified();
    expect(given.status, JSON.stringify(given.body)).toBe(200);
    const project = await projectRow(given.body.assistantId);
    expect(project).toMatchObject({ isTrial: false, templateCredit: 30 * INR, planRenewalOn: null });
    expect((await logsOf(project.id)).map((r) => r.reasonCode)).toEqual(['WCC_CREDIT_ADD', 'WCC_CREDIT_ADD']);

    await setAcme({ freeWccCredit: (await acmeRow()).centralBalance + 1 });
    const short = await startVerified();
    expect(short.status).toBe(200);
    expect((await projectRow(short.body.assistantId)).templateCredit).toBe(0);
    expect(await logsOf(short.body.assistantId)).toEqual([]);
  });

  it('in a trial gives the trial credit and a 7-day end instead', async () => {
    await setAcme({ enableTrial: true, trialAmount: 100 * INR, freeWccCredit: 30 * INR });
    const before = (await acmeRow()).centralBalance;
    const res = await startVerified();
    expect(res.status).toBe(200);
    const project = await projectRow(res.body.assistantId);
    expect(project).toMatchObject({ isTrial: true, templateCredit: 100 * INR });
    expect(project.planRenewalOn!.getTime() - project.planActivatedOn!.getTime()).toBe(TRIAL_DAYS * 86_400_000);
    expect((await logsOf(project.id)).map((r) => r.reasonCode)).toEqual(['TRIAL_CREDIT']);
    expect((await acmeRow()).centralBalance).toBe(before);
    await setAcme({ freeWccCredit: 50 * INR });
  });
});

describe('the demo', () => {
  it('gives Acme a Free WCC credit, and its trials their 7-day ends', async () => {
    expect(seeded).toBe(50 * INR);
    const orchid = (await t.database.db.select().from(projects).where(eq(projects.name, 'Orchid Salon')))[0]!;
    const vertex = (await t.database.db.select().from(projects).where(eq(projects.name, 'Vertex Labs')))[0]!;
    for (const trial of [orchid, vertex])
      expect(trial.planRenewalOn!.getTime() - trial.planActivatedOn!.getTime()).toBe(TRIAL_DAYS * 86_400_000);
    expect(orchid.planRenewalOn!.getTime()).toBeLessThan(Date.now());
    expect(vertex.planRenewalOn!.getTime()).toBeGreaterThan(Date.now());
  });
});
