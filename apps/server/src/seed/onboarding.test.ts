import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiFormDetails, type OnboardingState } from '@pc/contract';
import { call, signInAs, startTestApp, type TestContext } from '../../test/harness.js';
import { projects } from '../platform/db/schema.js';

/** The demo's onboarding: live projects done, each stalled one on its own branch of the wizard. */
let t: TestContext;
let owner = '';
beforeAll(async () => {
  t = await startTestApp();
  owner = await signInAs(t.app, 'owner');
});
afterAll(() => t.close());

const stateOf = async (name: string) => {
  const [p] = await t.database.db.select().from(projects).where(eq(projects.name, name));
  return (await call<OnboardingState>(t.app, 'GET', `/partner/:partnerId/onboarding/${p!.id}`, { token: owner })).body;
};

describe('the demo onboarding', () => {
  it('has live projects registered (progress 9) on healthy numbers', async () => {
    const metro = await stateOf('Metro Clinics');
    expect(metro).toMatchObject({
      wabaProgressStep: 9,
      live: true,
      error: null,
      steps: ['register_pin', 'otp_verification'],
    });
    // The sandbox reads a live demo project's own id as its number.
    expect(metro.phoneNumberId).toBe(metro.projectId);
  });

  it.each([
    ['Sunrise Orders', ['health_check', 'embedded_signup'], null],
    ['Nimbus Travel', ['custom_msg', 'register_pin'], 133005],
    ['Kite Campaign 01', ['register_pin', 'health_check', 'sync_progress'], 136024],
    ['Kite Campaign 03', ['health_check', 'migrate_partner_project'], 100],
    ['Kite Campaign 05', ['custom_msg'], 100],
    ['Kite Campaign 07', ['custom_msg', 'otp_verification', 'register_pin'], 133006],
  ] as const)('%s: its steps and error', async (name, steps, code) => {
    const s = await stateOf(name);
    expect(s.steps).toEqual(steps);
    expect(s.error?.code ?? null).toBe(code);
  });

  it("has AdsWorks onboard with the application form, Northwind Outfitters' submitted", async () => {
    const [northwind] = await t.database.db.select().from(projects).where(eq(projects.name, 'Northwind Outfitters'));
    expect(ApiFormDetails.safeParse(northwind!.apiFormDetails).success).toBe(true);
    const [brightside] = await t.database.db.select().from(projects).where(eq(projects.name, 'Brightside Apparel'));
    expect(brightside!.apiFormDetails).toBeNull();
  });

  it('counts the registrations Nimbus Travel already tried', async () => {
    expect((await stateOf('Nimbus Travel')).attempts).toMatchObject({ used: 3, left: 7 });
  });
});
