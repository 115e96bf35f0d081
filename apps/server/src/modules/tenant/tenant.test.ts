import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Partner, Tenant } from '@pc/contract';
import { call, signInAs, startTestApp, type TestContext } from '../../../test/harness.js';

let t: TestContext;
let owner: string;
let acme: Partner;
let direct: Partner;
beforeAll(async () => {
  t = await startTestApp();
  owner = await signInAs(t.app, 'owner');
  acme = (await call<{ data: Partner }>(t.app, 'POST', '/api/get-profile', { token: owner })).body.data;
  direct = (
    await call<{ data: Partner }>(t.app, 'POST', '/api/get-profile', { token: await signInAs(t.app, 'direct') })
  ).body.data;
});
afterAll(() => t.close());

const tenantProfile = (opts: { body?: unknown; host?: string } = {}) =>
  call<{ data: Tenant | null }>(t.app, 'POST', '/api/get-tenant-profile', {
    body: opts.body,
    headers: opts.host ? { host: opts.host } : {},
  });

describe('POST /api/get-tenant-profile (before sign-in)', () => {
  it('gives the brand of a tenant-branded partner by tenant id', async () => {
    const res = await tenantProfile({ body: { tenantId: acme.id } });
    expect(res).toEqual({
      status: 200,
      body: {
        data: {
          tenantId: acme.id,
          name: 'Acme Connect',
          brandName: 'Acme Connect',
          brandLogo: acme.brandLogoUrl,
          faviconUrl: acme.faviconUrl,
          colors: null,
        },
      },
    });
  });

  it('finds the partner by the domain it mapped, from the Host header, without a body', async () => {
    const res = await tenantProfile({ host: 'acme.localhost' });
    expect(res.status).toBe(200);
    expect(res.body.data?.tenantId).toBe(acme.id);
    expect((await tenantProfile({ host: 'ACME.localhost:5173', body: {} })).body.data?.tenantId).toBe(acme.id);
  });

  it('answers data null for an unknown tenant or host: the default brand', async () => {
    expect(await tenantProfile({ body: { tenantId: 'no-such-tenant' } })).toEqual({
      status: 200,
      body: { data: null },
    });
    expect(await tenantProfile({ host: 'unknown.example' })).toEqual({ status: 200, body: { data: null } });
  });

  it('answers data null for a partner without a brand name', async () => {
    expect(direct.brandName).toBeNull();
    expect(await tenantProfile({ body: { tenantId: direct.id } })).toEqual({ status: 200, body: { data: null } });
  });

  it('shows the brand as the owner last saved it', async () => {
    const brandLogoUrl = 'https://cdn.acme.example/logo-v2.png';
    expect(
      (
        await call(t.app, 'PATCH', '/api/profile-update', {
          token: owner,
          body: { brandName: 'Acme Cloud', brandLogoUrl },
        })
      ).status,
    ).toBe(200);
    expect((await tenantProfile({ host: 'acme.localhost' })).body.data).toMatchObject({
      name: 'Acme Cloud',
      brandName: 'Acme Cloud',
      brandLogo: brandLogoUrl,
    });
  });
});

describe('GET /api/:partnerId/get-partner-logos', () => {
  it("is public: the path's partner's logo only (the embedded sign-up page has no session)", async () => {
    const logo = (await call<{ data: Partner }>(t.app, 'POST', '/api/get-profile', { token: owner })).body.data
      .brandLogoUrl;
    expect(await call(t.app, 'GET', `/api/${acme.id}/get-partner-logos`)).toEqual({
      status: 200,
      body: { brandLogoUrl: logo },
    });
    // Signed in or not, another partner's id gives that partner's logo, and nothing else of it.
    const other = await call(t.app, 'GET', `/api/${direct.id}/get-partner-logos`, { token: owner });
    expect(other).toEqual({ status: 200, body: { brandLogoUrl: direct.brandLogoUrl } });
    expect((await call(t.app, 'GET', '/api/unknown-partner/get-partner-logos')).status).toBe(404);
  });

  it("reads the spec's placeholder as the signed-in member's partner; without a session it is no partner", async () => {
    expect((await call(t.app, 'GET', '/api/:partnerId/get-partner-logos', { token: owner })).status).toBe(200);
    expect((await call(t.app, 'GET', '/api/:partnerId/get-partner-logos')).status).toBe(404);
  });
});

describe('GET /api/app-config', () => {
  it("is public and, with no vendor's widget configured, gives the sandbox widget this server serves", async () => {
    expect(await call(t.app, 'GET', '/api/app-config')).toEqual({
      status: 200,
      body: { chatWidgetScriptUrl: '/sandbox/chat-widget.js', helpCenterUrl: 'https://faq.whatsapp.com/' },
    });
    const script = await t.app.inject({ method: 'GET', url: '/sandbox/chat-widget.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    // It reads the settings the console gives it, and reaches for no other host.
    expect(script.body).toContain('window.chatWidgetSettings');
    expect(script.body).not.toMatch(/https?:\/\/|fetch\(|XMLHttpRequest|WebSocket/);
  });

  it('has no chat widget when the sandbox one is turned off', async () => {
    const other = await startTestApp({ seed: false, env: { CHAT_WIDGET: 'off' } });
    try {
      expect((await call(other.app, 'GET', '/api/app-config')).body).toMatchObject({ chatWidgetScriptUrl: null });
      expect((await other.app.inject({ method: 'GET', url: '/sandbox/chat-widget.js' })).statusCode).toBe(404);
    } finally {
      await other.close();
    }
  });

  it('gives the configured chat widget script', async () => {
    const other = await startTestApp({
      seed: false,
      env: { CHAT_WIDGET_SCRIPT_URL: 'https://widget.example/chat.js' },
    });
    try {
      expect((await call(other.app, 'GET', '/api/app-config')).body).toMatchObject({
        chatWidgetScriptUrl: 'https://widget.example/chat.js',
      });
      // The vendor's widget replaces the sandbox's, which is then not served.
      expect((await other.app.inject({ method: 'GET', url: '/sandbox/chat-widget.js' })).statusCode).toBe(404);
    } finally {
      await other.close();
    }
  });
});
