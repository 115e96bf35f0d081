import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createGraphMeta } from './graph.js';
import { createLinkTokens } from './link-token.js';

/** A small fake Graph API: answers the fields asked for, and checks the system user's token. */
let server: Server;
let graphUrl: string;
const seen: string[] = [];
beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(req.url!);
    res.setHeader('content-type', 'application/json');
    if (req.headers.authorization !== 'Bearer sys-token') {
      res.writeHead(401).end(JSON.stringify({ error: { message: 'Invalid OAuth access token.', code: 190 } }));
      return;
    }
    const url = new URL(req.url!, 'http://x');
    if (url.pathname === '/v21.0/555') {
      res.end(JSON.stringify({ id: '555', name: 'Acme BM', verification_status: 'verified' }));
    } else if (url.pathname === '/v21.0/777') {
      res.end(
        JSON.stringify({
          id: '777',
          display_phone_number: '+91 98765 43210',
          verified_name: 'Acme',
          name_status: 'APPROVED',
          quality_rating: 'YELLOW',
          messaging_limit_tier: 'TIER_1K',
          // Meta's messaging-limits page (Nov 2025): the portfolio's limit, on v24.0 and later.
          whatsapp_business_manager_messaging_limit: 'TIER_2K',
          status: 'CONNECTED',
        }),
      );
    } else {
      res.writeHead(400).end(JSON.stringify({ error: { message: 'Unsupported get request.', code: 100 } }));
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  graphUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v21.0`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const tokens = createLinkTokens('secret');
const graph = (token = 'sys-token') =>
  createGraphMeta({
    graphUrl,
    graphVersion: 'v25.0',
    publicUrl: 'https://console.example.com',
    token,
    appId: 'app1',
    signupConfigId: 'cfg1',
    tokens,
    now: () => new Date(),
  });

it('reads business manager info', async () => {
  expect(await graph().businessInfo('555')).toEqual({ id: '555', name: 'Acme BM', verification_status: 'verified' });
  expect(seen.at(-1)).toBe('/v21.0/555?fields=id,name,verification_status');
});

it("syncs the channel's state from the phone number", async () => {
  const state = await graph().channelStatus({
    projectId: 'p',
    wabaNumberId: '777',
    current: { isWhatsappVerified: false },
  });
  // A registered number (status CONNECTED) is live.
  expect(state).toEqual({
    isWhatsappVerified: true,
    whatsappNumber: '919876543210',
    whatsAppDisplayName: 'Acme',
    displayNameStatus: 'APPROVED',
    qualityRating: 'YELLOW',
    messagingLimit: 'TIER_2K',
  });
  expect(new URL(seen.at(-1)!, 'http://x').searchParams.get('fields')).toContain(
    'whatsapp_business_manager_messaging_limit',
  );
});

it("passes on the Graph API's error code", async () => {
  await expect(graph('bad').businessInfo('555')).rejects.toMatchObject({ status: 401, code: 190 });
  await expect(graph().businessInfo('999')).rejects.toMatchObject({ status: 400, code: 100 });
});

// Facebook's manual login flow (https://developers.facebook.com/docs/facebook-login/guides/advanced/manual-flow):
// the dialog with client_id, redirect_uri and state; Embedded Signup's configuration for the WhatsApp links.
it('links are Facebook login dialogs back to the link callback, whose state names the project', async () => {
  const link = new URL(await graph().link('waba', { projectId: 'p1', partnerId: 'pa', businessId: 'b' }));
  expect(`${link.origin}${link.pathname}`).toBe('https://www.facebook.com/v25.0/dialog/oauth');
  expect(link.searchParams.get('client_id')).toBe('app1');
  expect(link.searchParams.get('redirect_uri')).toBe('https://console.example.com/platform/meta/link-callback');
  expect(link.searchParams.get('response_type')).toBe('code');
  expect(link.searchParams.get('scope')).toBe(
    'business_management,whatsapp_business_management,whatsapp_business_messaging',
  );
  expect(link.searchParams.get('config_id')).toBe('cfg1');
  expect(link.searchParams.get('override_default_response_type')).toBe('true');
  expect(JSON.parse(link.searchParams.get('extras')!)).toMatchObject({ sessionInfoVersion: '3' });
  expect(await tokens.verify(link.searchParams.get('state')!, Date.now())).toMatchObject({
    projectId: 'p1',
    kind: 'waba',
  });
});

it("a Meta Ads or catalogue link asks for that area's permissions, without Embedded Signup's configuration", async () => {
  const ref = { projectId: 'p1', partnerId: 'pa', businessId: 'b' };
  const ads = new URL(await graph().link('ads', ref));
  expect(ads.searchParams.get('scope')).toContain('ads_management');
  expect(ads.searchParams.has('config_id')).toBe(false);
  const catalog = new URL(await graph().link('catalog', ref));
  expect(catalog.searchParams.get('scope')).toBe('business_management,catalog_management');
  const migration = new URL(await graph().link('migration', ref));
  expect(JSON.parse(migration.searchParams.get('extras')!)).toMatchObject({ featureType: 'only_waba_sharing' });
});
