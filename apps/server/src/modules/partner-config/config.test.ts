import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  configTexts,
  pricingTexts,
  type Partner,
  type PlanFamiliesResponse,
  type UpdatePartnerConfigResponse,
  type WccPlansResponse,
} from '@pc/contract';
import { call, signInAs, startTestApp, type TestContext } from '../../../test/harness.js';

let t: TestContext;
let owner: string;
beforeAll(async () => {
  t = await startTestApp();
  owner = await signInAs(t.app, 'owner');
});
afterAll(() => t.close());

const update = (body: unknown, token = owner) =>
  call<UpdatePartnerConfigResponse & { message: string }>(t.app, 'PATCH', '/api/update-partner-config', {
    token,
    body,
  });
const partner = async (token = owner) =>
  (await call<{ data: Partner }>(t.app, 'POST', '/api/get-profile', { token, body: {} })).body.data;
const families = async () =>
  (await call<PlanFamiliesResponse>(t.app, 'GET', '/api/get-partner-plan-families', { token: owner })).body.planFamily;

describe('PATCH /api/update-partner-config', () => {
  it('sets the default plan family with its plan, and the profile shows it', async () => {
    const family = (await families())[0]!;
    const plan = Object.keys(family.plans)[0]!;
    const res = await update({ defaultPlanFamily: family._id, defaultPlanName: plan });
    expect(res.status).toBe(200);
    expect(res.body.updatedPartner).toMatchObject({ defaultPlanFamily: family._id, defaultPlanName: plan });
    expect(await partner()).toMatchObject({ defaultPlanFamily: family._id, defaultPlanName: plan });
  });

  it('refuses a family of no one, a plan the family does not price and a family without its plan', async () => {
    const family = (await families())[0]!;
    expect((await update({ defaultPlanFamily: 'nope', defaultPlanName: 'BASIC_MONTHLY' })).status).toBe(404);
    const missing = (['BASIC_MONTHLY', 'PRO_YEARLY', 'ENTERPRISE_YEARLY'] as const).find((p) => !(p in family.plans));
    if (missing) {
      const res = await update({ defaultPlanFamily: family._id, defaultPlanName: missing });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(pricingTexts.defaultPlanNotPriced);
    }
    const alone = await update({ defaultPlanFamily: family._id });
    expect(alone.status).toBe(400);
    expect(alone.body.message).toBe(configTexts.planFamilyFirst);
  });

  it('sets and clears the default WCC plan', async () => {
    const wcc = (await call<WccPlansResponse>(t.app, 'GET', '/api/get-partner-wcc-plans', { token: owner })).body
      .wccPlan[0]!;
    expect((await update({ defaultWccPlan: wcc._id })).body.updatedPartner.defaultWccPlan).toBe(wcc._id);
    expect((await update({ defaultWccPlan: null })).body.updatedPartner.defaultWccPlan).toBeNull();
  });

  it('flips sign-up and trial, sets the trial amount and the onboarding method', async () => {
    expect((await update({ signUpEnabled: true })).body.updatedPartner.signUpEnabled).toBe(true);
    expect((await update({ trialEnabled: true })).body.updatedPartner.trialEnabled).toBe(true);
    expect((await update({ trialAmount: 250 * 100000 })).body.updatedPartner.trialAmount).toBe(25000000);
    expect((await update({ trialAmount: -1 })).status).toBe(400);
    expect((await update({ onboardingMethod: 'EMBEDDED_SIGNUP' })).body.updatedPartner.onboardingMethod).toBe(
      'EMBEDDED_SIGNUP',
    );
    expect((await update({ onboardingMethod: 'FAX' })).status).toBe(400);
    expect(await partner()).toMatchObject({ enableSignUp: true, enableTrial: true, trialAmount: 25000000 });
  });

  it('keeps the agent limit between 1 and 100, with the spec’s message', async () => {
    for (const agentSize of [0, 101, 2.5]) {
      const res = await update({ agentSize });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(configTexts.agentsLimit);
    }
    expect((await update({ agentSize: 25 })).body.updatedPartner.agentSize).toBe(25);
  });

  it('takes one setting per call', async () => {
    const res = await update({ signUpEnabled: false, trialEnabled: false });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(configTexts.oneSetting);
    expect((await update({})).status).toBe(400);
  });

  it('needs manage write; a DIRECT partner sets only its agent limit', async () => {
    expect((await update({ agentSize: 5 }, await signInAs(t.app, 'agent'))).status).toBe(403);
    const direct = await signInAs(t.app, 'direct');
    const res = await update({ trialEnabled: true }, direct);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(configTexts.directHasNoConfig);
    expect((await update({ agentSize: 7 }, direct)).body.updatedPartner.agentSize).toBe(7);
    expect((await partner(direct)).enableTrial).toBe(false);
  });

  it("another partner's family id is not found", async () => {
    const acmeFamily = (await families())[0]!;
    const direct = await signInAs(t.app, 'direct');
    expect((await update({ agentSize: 8 }, direct)).status).toBe(200);
    const ads = await signInAs(t.app, 'ads');
    const res = await update({ defaultPlanFamily: acmeFamily._id, defaultPlanName: 'BASIC_MONTHLY' }, ads);
    expect(res.status).toBe(404);
  });
});
