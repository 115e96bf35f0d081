import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, signInAs, startTestApp, type TestContext } from '../../../test/harness.js';
import { projects } from '../../platform/db/schema.js';
import { startFakeGraph, type SeenRequest } from '../../providers/meta/fake-graph.js';
import { DEFAULT_GRAPH_VERSION } from '../../providers/meta/graph-version.js';
import { callback } from './test-flow.js';

/**
 * A link completed against the real clients (META_MODE=live) and a fake Graph API answering as
 * Meta documents:
 * - the code's exchange: GET /oauth/access_token with client_id, redirect_uri, client_secret and code
 *   (https://developers.facebook.com/docs/facebook-login/guides/advanced/manual-flow, "Exchanging
 *   Code for an Access Token"); a used code is OAuthException 100 with subcode 36009;
 * - the shared account: GET /debug_token?input_token=<the business token> whose granular_scopes
 *   name the WABA ("Get shared WABA ID with access token",
 *   https://developers.facebook.com/documentation/business-messaging/whatsapp/solution-providers/manage-accounts);
 * - the account and its numbers: GET /{waba-id} and /{waba-id}/phone_numbers.
 */
const v = `/${DEFAULT_GRAPH_VERSION}`;
const WABA = '102290129340398';
const answer = (r: SeenRequest) => {
  const url = new URL(r.url, 'http://graph');
  const q = url.searchParams;
  if (url.pathname === `${v}/oauth/access_token`) {
    if (q.get('code') !== 'good-code' || q.get('client_secret') !== 'app-secret' || !q.get('redirect_uri'))
      return {
        status: 400,
        json: {
          error: {
            message: 'This authorization code has been used.',
            type: 'OAuthException',
            code: 100,
            error_subcode: 36009,
            fbtrace_id: 'AbCdEf',
          },
        },
      };
    return { status: 200, json: { access_token: 'business-token', token_type: 'bearer' } };
  }
  if (url.pathname === `${v}/debug_token`)
    return {
      status: 200,
      json: {
        data: {
          app_id: 'app-1',
          type: 'SYSTEM_USER',
          application: 'Partner Console',
          is_valid: q.get('input_token') === 'business-token',
          scopes: ['business_management', 'whatsapp_business_management', 'whatsapp_business_messaging'],
          granular_scopes: [
            { scope: 'whatsapp_business_management', target_ids: [WABA] },
            { scope: 'whatsapp_business_messaging', target_ids: [WABA] },
          ],
          user_id: '72393847',
        },
      },
    };
  if (url.pathname === `${v}/${WABA}`)
    return {
      status: 200,
      json: {
        id: WABA,
        name: "Jasper's Market",
        owner_business_info: { id: '506914307656634', name: "Jasper's Market" },
      },
    };
  if (url.pathname === `${v}/${WABA}/phone_numbers`)
    return {
      status: 200,
      json: {
        data: [
          {
            id: '106540352242922',
            display_phone_number: '+1 555-025-3483',
            verified_name: "Jasper's Market",
            status: 'CONNECTED',
          },
        ],
      },
    };
  return {
    status: 400,
    json: { error: { message: 'Unsupported get request.', type: 'GraphMethodException', code: 100 } },
  };
};

let fake: Awaited<ReturnType<typeof startFakeGraph>>;
let t: TestContext;
let owner: string;
let projectId: string;
beforeAll(async () => {
  fake = await startFakeGraph(answer);
  t = await startTestApp({
    env: {
      META_MODE: 'live',
      META_GRAPH_URL: new URL(fake.graphUrl).origin,
      META_SYSTEM_USER_TOKEN: 'system-user-token',
      META_APP_ID: 'app-1',
      META_APP_SECRET: 'app-secret',
      META_SIGNUP_CONFIG_ID: 'config-1',
      PUBLIC_URL: 'https://console.example.com',
    },
  });
  owner = await signInAs(t.app, 'owner');
  const [row] = await t.database.db
    .select({ id: projects.id })
    .from(projects)
    .where(eq(projects.name, 'Nimbus Travel'));
  projectId = row!.id;
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const generate = async () => {
  const res = await call<{ link: string }>(t.app, 'POST', '/api/generate-waba-link/', {
    token: owner,
    body: { assistantId: projectId },
  });
  return new URL(res.body.link);
};

it("exchanges the code with the link's redirect URI, reads the shared account with the business token, and connects it", async () => {
  const link = await generate();
  expect(`${link.origin}${link.pathname}`).toBe(`https://www.facebook.com/${DEFAULT_GRAPH_VERSION}/dialog/oauth`);
  const redirect = link.searchParams.get('redirect_uri')!;
  expect(redirect).toBe('https://console.example.com/platform/meta/link-callback');
  const page = await callback(t.app, redirect, { code: 'good-code', state: link.searchParams.get('state')! });
  expect(page.statusCode, page.body).toBe(200);
  expect(page.body).toContain('Your WhatsApp number is connected.');

  const exchange = new URL(fake.seen.find((r) => r.url.includes('/oauth/access_token'))!.url, 'http://graph');
  expect(Object.fromEntries(exchange.searchParams)).toEqual({
    client_id: 'app-1',
    client_secret: 'app-secret',
    code: 'good-code',
    redirect_uri: redirect,
  });
  // The code goes to the exchange only, never to debug_token; the token it gave is what is inspected.
  const debug = fake.seen.filter((r) => r.url.includes('/debug_token'));
  expect(debug.map((r) => new URL(r.url, 'http://graph').searchParams.get('input_token'))).toEqual(['business-token']);
  const [p] = await t.database.db.select().from(projects).where(eq(projects.id, projectId));
  expect(p).toMatchObject({
    wabaAppId: WABA,
    wabaNumberId: '106540352242922',
    whatsappNumber: '15550253483',
    fbBusinessId: '506914307656634',
    isWhatsappVerified: true,
  });
});

it('a code Meta refuses (used, expired) says so and connects nothing, leaving the link good', async () => {
  const link = await generate();
  const state = link.searchParams.get('state')!;
  const redirect = link.searchParams.get('redirect_uri')!;
  const refused = await callback(t.app, redirect, { code: 'used-code', state });
  expect(refused.statusCode).toBe(400);
  expect(refused.body).toContain('Facebook did not accept the connection.');
  expect((await callback(t.app, redirect, { code: 'good-code', state })).statusCode).toBe(200);
});
