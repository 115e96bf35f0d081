import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  applicationFormMessages as m,
  defaultApplicationFormConfig,
  defaultApplicationFormConfigAt,
  type ApplicationFormConfig,
  type SubmitApplicationFormResponse,
} from '@pc/contract';
import { call, signInAs, startTestApp, type TestContext } from '../../../test/harness.js';
import { partners, projects } from '../../platform/db/schema.js';
import { whoAmI } from '../templates/test-fixture.js';
import { notTheFormMethod } from './submit.js';

/** The application form: submitted whole, kept on the project; its configuration edited by the super-admin. */
let t: TestContext;
let owner = '';
let admin = '';
let acme = '';
beforeAll(async () => {
  t = await startTestApp();
  owner = await signInAs(t.app, 'owner');
  admin = await signInAs(t.app, 'admin');
  acme = (await whoAmI(t, owner)).partnerId;
});
afterAll(() => t.close());
beforeEach(() =>
  t.database.db.update(partners).set({ onboardingMethod: 'WHATSAPP_API_FORM' }).where(eq(partners.id, acme)),
);

const projectNamed = async (name: string) =>
  (await t.database.db.select().from(projects).where(eq(projects.name, name)))[0]!;
const form = () => ({
  personalDetails: { name: 'Asha Rao', number: '919876500001', email: 'asha@metro.example' },
  businessDetails: {
    entityName: 'Metro Health LLP',
    website: 'https://metro.example',
    businessVertical: 'Medical and Health',
    companySize: '50-200 employees',
    headquarters: 'India',
    addressLine1: '12 MG Road',
    city: 'Bengaluru',
    state: 'Karnataka',
    zipCode: '560001',
    country: 'India',
  },
  fbBusinessDetails: {
    facebookPage: 'https://facebook.com/metro',
    businessManagerId: '1029384756',
    isManagerVerified: 'Yes',
  },
  whatsappAccountDetails: { whatsappNumber: '919876500002', displayName: 'Metro Clinics' },
});
const submit = (projectId: string, body: unknown, token = owner) =>
  call<SubmitApplicationFormResponse>(t.app, 'POST', `/partner/${acme}/project/${projectId}/application-form`, {
    token,
    body,
  });

describe('submitting the application form', () => {
  it("keeps the whole form on the project ('Submitted'), with when and the sample media", async () => {
    const p = await projectNamed('Metro Reminders');
    const res = await submit(p.id, form());
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Submitted');
    expect(res.body.apiFormDetails).toMatchObject({ ...form(), submittedAt: t.clock.now.toISOString() });
    expect(res.body.apiFormDetails.sampleMedia).toEqual({
      image: `${t.deps.env.publicUrl}/samples/sample-image.jpg`,
      video: `${t.deps.env.publicUrl}/samples/sample-video.mp4`,
      document: `${t.deps.env.publicUrl}/samples/sample-document.pdf`,
    });
    expect((await projectNamed('Metro Reminders')).apiFormDetails).toEqual(res.body.apiFormDetails);
  });

  it("refuses a step's bad value with the spec's message and keeps nothing", async () => {
    const p = await projectNamed('Zen Yoga');
    const bad = form();
    bad.businessDetails.website = 'not a site';
    const res = await submit(p.id, bad);
    expect(res).toMatchObject({ status: 400, body: { message: m.website } });
    expect((await projectNamed('Zen Yoga')).apiFormDetails).toBeNull();
  });

  it("is refused when the form is not the partner's onboarding method, and for another partner's project", async () => {
    await t.database.db.update(partners).set({ onboardingMethod: 'EMBEDDED_SIGNUP' }).where(eq(partners.id, acme));
    const p = await projectNamed('Pixel Foods');
    expect(await submit(p.id, form())).toMatchObject({ status: 403, body: { message: notTheFormMethod } });
    const theirs = await projectNamed('Brightside Apparel');
    expect((await submit(theirs.id, form())).status).toBe(404);
    expect((await projectNamed('Brightside Apparel')).apiFormDetails).toBeNull();
  });
});

describe('the configuration', () => {
  it('is the default until the super-admin saves one, which the form then reads', async () => {
    const read = () =>
      call<ApplicationFormConfig>(t.app, 'GET', `/partner/${acme}/application-form-config`, { token: owner });
    expect((await read()).body).toEqual(defaultApplicationFormConfigAt(t.deps.env.publicUrl));
    expect((await read()).body.steps).toEqual(defaultApplicationFormConfig.steps);
    const changed = structuredClone(defaultApplicationFormConfig);
    changed.steps[0].title = 'About you';
    changed.steps[2].links = [
      { label: 'Verify your business', url: 'https://business.facebook.com/settings/security' },
    ];
    const saved = await call(t.app, 'PUT', '/superadmin/application-form-config', { token: admin, body: changed });
    expect(saved.status).toBe(200);
    expect((await read()).body).toEqual(changed);
    // Four steps, no fewer; a partner may not write it.
    const three = { ...changed, steps: changed.steps.slice(0, 3) };
    expect(
      (await call(t.app, 'PUT', '/superadmin/application-form-config', { token: admin, body: three })).status,
    ).toBe(400);
    expect(
      (await call(t.app, 'PUT', '/superadmin/application-form-config', { token: owner, body: changed })).status,
    ).toBe(403);
    expect((await read()).body).toEqual(changed);
  });
});

describe('the sample media', () => {
  it("are this server's files, served to anyone: the default's URLs answer the picture, the video and the PDF", async () => {
    const image = await t.app.inject({ method: 'GET', url: '/samples/sample-image.jpg' });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toMatch(/^image\//);
    // A JPEG's start-of-image marker: a real picture, not a placeholder.
    expect([...image.rawPayload.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);

    const { sampleMedia } = defaultApplicationFormConfigAt(t.deps.env.publicUrl);
    const expected = { image: /^image\/jpeg/, video: /^video\/mp4/, document: /^application\/pdf/ };
    for (const kind of ['image', 'video', 'document'] as const) {
      const url = new URL(sampleMedia[kind]);
      expect(url.origin).toBe(new URL(t.deps.env.publicUrl).origin);
      const res = await t.app.inject({ method: 'GET', url: url.pathname });
      expect(res.statusCode, url.pathname).toBe(200);
      expect(res.headers['content-type']).toMatch(expected[kind]);
      expect(res.rawPayload.length).toBeGreaterThan(500);
      expect(res.rawPayload.length).toBeLessThan(50 * 1024);
    }
    // Only the media are served from the folder; an unknown one is the API's JSON 404.
    const script = await t.app.inject({ method: 'GET', url: '/samples/make-samples.mjs' });
    expect(script.statusCode).toBe(404);
    expect(script.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('are under the public rate limit, per address', async () => {
    const limited = await startTestApp({ seed: false, env: { RATE_LIMIT_PUBLIC_PER_MINUTE: '3' } });
    try {
      const hit = (remoteAddress: string) =>
        limited.app.inject({ method: 'GET', url: '/samples/sample-video.mp4', remoteAddress });
      for (let i = 0; i < 3; i++) expect((await hit('192.0.2.20')).statusCode).toBe(200);
      const refused = await hit('192.0.2.20');
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect((await hit('192.0.2.21')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
