import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signInAs, startTestApp, type TestContext } from '../../../test/harness.js';
import {
  jobs,
  metaAccountEvents,
  metaLinkUses,
  projectOnboarding,
  projectMetaAds,
  projects,
} from '../../platform/db/schema.js';
import { createLinkTokens } from '../../providers/meta/link-token.js';
import { CONNECT_ACCOUNT_JOB } from '../onboarding/connect-account.js';
import { callback, followSandboxLink } from './test-flow.js';

// A generated link followed in the sandbox as Facebook's manual login flow goes
// (https://developers.facebook.com/docs/facebook-login/guides/advanced/manual-flow): the dialog, the
// redirect back with `code` and `state` (or `error=access_denied&error_reason=user_denied`), the
// code's exchange with the same redirect_uri.
let t: TestContext;
let owner: string;
const ids: Record<string, string> = {};
const payload = '"><script>document.title="pwned"</script>';

beforeAll(async () => {
  t = await startTestApp();
  owner = await signInAs(t.app, 'owner');
  for (const name of ['Nimbus Travel', 'Sunrise Bakery', 'Sunrise Orders', 'Metro Reminders']) {
    const [row] = await t.database.db.select({ id: projects.id }).from(projects).where(eq(projects.name, name));
    ids[name] = row!.id;
  }
});
afterAll(() => t.close());

const generate = async (path: string, project: string) => {
  const res = await call<{ link: string }>(t.app, 'POST', path, { token: owner, body: { assistantId: ids[project] } });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return res.body.link;
};
const wabaLink = (project = 'Nimbus Travel') => generate('/api/generate-waba-link/', project);
const projectRow = async (name: string) =>
  (await t.database.db.select().from(projects).where(eq(projects.id, ids[name]!)))[0]!;
const stateOf = (link: string) => new URL(link).searchParams.get('state')!;
const redirectOf = (link: string) => new URL(link).searchParams.get('redirect_uri')!;
const scriptsOf = (html: string) => [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/gi)];

describe('the WhatsApp links', () => {
  it("connect the shared account and number, keep the client's business token sealed, and queue Meta's onboarding calls", async () => {
    const link = await wabaLink();
    const page = await followSandboxLink(t.app, link, { businessName: 'Nimbus Holidays', phoneNumber: '919812345671' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Your WhatsApp number is connected. You can close this page.');
    expect(await projectRow('Nimbus Travel')).toMatchObject({
      whatsappNumber: '919812345671',
      isWhatsappVerified: true,
      wabaProgressStep: 9,
      fbBusinessName: 'Nimbus Holidays',
    });
    const [onboarding] = await t.database.db
      .select()
      .from(projectOnboarding)
      .where(eq(projectOnboarding.projectId, ids['Nimbus Travel']!));
    expect(onboarding).toMatchObject({
      process: 'partner_embedded_signup',
      businessTokenSealed: expect.stringMatching(/^v1:/),
    });
    // The sandbox's Meta sent account_update PARTNER_ADDED as the login finished, before the code was
    // traded: kept as an unknown account's, then applied when the project took the account.
    const project = await projectRow('Nimbus Travel');
    expect(project.metaAccount).toMatchObject({ connection: { event: 'PARTNER_ADDED' } });
    const events = await t.database.db
      .select()
      .from(metaAccountEvents)
      .where(eq(metaAccountEvents.wabaId, project.wabaAppId!));
    expect(events.map((e) => [e.outcome, e.projectId])).toEqual([['applied', project.id]]);
    const queued = await t.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `${CONNECT_ACCOUNT_JOB}:${ids['Nimbus Travel']}`));
    expect(queued).toHaveLength(1);
  });

  it('complete once: the same callback again, or the state with another code, says the link was used', async () => {
    const link = await wabaLink();
    expect((await followSandboxLink(t.app, link, { phoneNumber: '919812345672' })).statusCode).toBe(200);
    const again = await followSandboxLink(t.app, link, { phoneNumber: '919812345673' });
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain('This link has already been used.');
    expect((await projectRow('Nimbus Travel')).whatsappNumber).toBe('919812345672');
  });

  it('a number Meta has not registered yet is connected as being set up, and registered by the queued calls', async () => {
    // 108: the sandbox's verified number that is not registered yet (providers/meta/onboarding/scenarios.ts).
    const page = await followSandboxLink(t.app, await wabaLink('Sunrise Orders'), { phoneNumber: '919811122108' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Meta is still setting up the number');
    expect(await projectRow('Sunrise Orders')).toMatchObject({ isWhatsappVerified: false, wabaProgressStep: 6 });
  });

  it('a login without the permissions, or without an account, connects nothing', async () => {
    const before = await projectRow('Metro Reminders');
    const partial = await followSandboxLink(t.app, await wabaLink('Metro Reminders'), {
      scopes: ['business_management', 'whatsapp_business_management'],
    });
    expect(partial.statusCode).toBe(400);
    expect(partial.body).toContain('Grant every permission asked for.');
    const none = await followSandboxLink(t.app, await wabaLink('Metro Reminders'), { scopes: ['business_management'] });
    expect(none.statusCode).toBe(400);
    expect(await projectRow('Metro Reminders')).toEqual(before);
  });
});

describe('a callback that is not a completed login', () => {
  it('a cancel on Facebook says so, and leaves the link good for another try', async () => {
    const link = await wabaLink('Metro Reminders');
    const cancelled = await callback(t.app, redirectOf(link), {
      error: 'access_denied',
      error_code: '200',
      error_description: 'Permissions error',
      error_reason: 'user_denied',
      state: stateOf(link),
    });
    expect(cancelled.statusCode).toBe(400);
    expect(cancelled.body).toContain('You cancelled on Facebook');
    expect(
      await t.database.db.select().from(metaLinkUses).where(eq(metaLinkUses.projectId, ids['Metro Reminders']!)),
    ).toEqual([]);
  });

  it('refuses a forged, foreign-key, unsigned, tampered or expired state, with no request data in the page', async () => {
    const link = await wabaLink('Metro Reminders');
    const state = stateOf(link);
    const other = await createLinkTokens('another-secret').issue({
      projectId: ids['Metro Reminders']!,
      partnerId: 'p',
      businessId: 'b',
      kind: 'waba',
      expires: Date.now() + 60_000,
    });
    const [header, body] = state.split('.');
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${body}.`;
    for (const bad of [other, none, `${header}.${body}`, 'abc.def', `${state}.${payload}`, `${state}${payload}`, '']) {
      const res = await callback(t.app, redirectOf(link), { code: 'x', state: bad });
      expect(res.statusCode, bad).toBe(400);
      expect(res.body).toContain('This link is invalid or has expired.');
      expect(res.body).not.toContain('pwned');
      expect(scriptsOf(res.body)).toHaveLength(0);
    }
    t.clock.now = new Date(Date.now() + 2 * 3600_000);
    try {
      expect((await followSandboxLink(t.app, link).catch(() => null))?.statusCode ?? 400).toBe(400);
      expect((await callback(t.app, redirectOf(link), { code: 'x', state })).statusCode).toBe(400);
    } finally {
      t.clock.now = new Date();
    }
  });

  it('refuses a code Facebook will not exchange: a made-up one, or one issued for another redirect', async () => {
    const link = await wabaLink('Metro Reminders');
    const madeUp = await callback(t.app, redirectOf(link), { code: 'not-a-code', state: stateOf(link) });
    expect(madeUp.statusCode).toBe(400);
    expect(madeUp.body).toContain('Facebook did not accept the connection.');
    // The embedded sign-up page's code (the JS SDK's, no redirect URI) is not this redirect's.
    const login = await call<{ code: string }>(t.app, 'POST', '/sandbox/facebook/login', {
      body: {
        scopes: ['business_management', 'whatsapp_business_management', 'whatsapp_business_messaging'],
        phoneNumber: '919812345679',
      },
    });
    const foreign = await callback(t.app, redirectOf(link), { code: login.body.code, state: stateOf(link) });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.body).toContain('Facebook did not accept the connection.');
  });

  it("the sandbox dialog sends back only to this server's link callback, and escapes the state it carries", async () => {
    const link = new URL(await wabaLink('Metro Reminders'));
    link.searchParams.set('redirect_uri', 'https://evil.example.com/steal');
    const blocked = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(blocked.statusCode).toBe(400);
    expect(blocked.body).toContain('URL Blocked');
    const login = await call(t.app, 'POST', '/sandbox/facebook/login', {
      body: { scopes: ['catalog_management'], redirectUri: 'https://evil.example.com/steal' },
    });
    expect(login.status).toBe(404);
    const crafted = new URL(await wabaLink('Metro Reminders'));
    crafted.searchParams.set('state', payload);
    const page = await t.app.inject({ method: 'GET', url: `${crafted.pathname}${crafted.search}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('pwned"');
    expect(scriptsOf(page.body).map((s) => s[0])).toEqual([
      '<script src="/sandbox/meta/assets/facebook-login.js"></script>',
    ]);
  });
});

describe('the Meta Ads and catalogue links', () => {
  it("the Meta Ads link connects the client's Facebook user to the project's Meta Ad tab", async () => {
    const page = await followSandboxLink(
      t.app,
      await generate('/api/generate-connect-ads-link?version=v2', 'Sunrise Bakery'),
      {
        userName: 'Asha Link',
      },
    );
    expect(page.statusCode, page.body).toBe(200);
    expect(page.body).toContain('Meta Ads connected.');
    const [ads] = await t.database.db
      .select()
      .from(projectMetaAds)
      .where(eq(projectMetaAds.projectId, ids['Sunrise Bakery']!));
    expect(ads).toMatchObject({ fbUserName: 'Asha Link', fbTokenSealed: expect.stringMatching(/^v1:/) });
  });

  it('the catalogue link needs catalog_management granted', async () => {
    const link = await generate('/api/generate-connect-catalog-link/', 'Sunrise Bakery');
    const refused = await followSandboxLink(t.app, link, { scopes: ['business_management'] });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Grant every permission asked for.');
    expect((await followSandboxLink(t.app, link)).body).toContain('Catalog connected.');
  });
});

describe('the pages', () => {
  it('serve only their own files: any other name, an object key among them, is a 404', async () => {
    for (const file of ['constructor', '__proto__', 'toString', 'index.html', '..%2Fpage.css', 'page.js']) {
      const res = await t.app.inject({ method: 'GET', url: `/sandbox/meta/assets/${file}` });
      expect(res.statusCode, file).toBe(404);
    }
    const css = await t.app.inject({ method: 'GET', url: '/sandbox/meta/assets/page.css' });
    expect(css.headers['content-type']).toMatch(/^text\/css/);
  });
});
