import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentGatewayTexts as texts, RAZORPAY_CALLBACK_PATH } from '@pc/contract';
import { readEnv } from '../../env.js';
import { createRazorpay } from '../../providers/razorpay/create.js';
import { startFakeRazorpay, type FakeRazorpay } from '../../../test/fake-razorpay.js';
import { findPartnerIdByName } from '../../../test/fixtures.js';
import { signInAs, startTestApp, type TestContext } from '../../../test/harness.js';
import { gatewayCalls, liveRazorpayEnv } from './test-flow.js';

/** RAZORPAY_MODE=live: the console against a fake of Razorpay's OAuth service, one setting away from the real one. */
let fake: FakeRazorpay;
let t: TestContext;
let owner: string;
let acme: ReturnType<typeof gatewayCalls>;
beforeAll(async () => {
  fake = await startFakeRazorpay();
  t = await startTestApp({
    env: liveRazorpayEnv(fake),
  });
  owner = await signInAs(t.app, 'owner');
  acme = gatewayCalls(t.app, await findPartnerIdByName(t.database.db, 'Acme Messaging'));
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const redirectUri = `https://console.example.com${RAZORPAY_CALLBACK_PATH}`;
/** Razorpay's page, after the merchant allows access: the state as it came, and a code for the redirect URI. */
const approved = async (accountId?: string) => {
  const url = new URL((await acme.authorize(owner)).body.url);
  expect(`${url.origin}${url.pathname}`).toBe(`${fake.url}/authorize`);
  expect(url.searchParams.get('client_id')).toBe(fake.clientId);
  expect(url.searchParams.get('redirect_uri')).toBe(redirectUri);
  return { state: url.searchParams.get('state')!, code: fake.approve(redirectUri, accountId) };
};

describe('with RAZORPAY_MODE=live', () => {
  it('will not start without the client id and secret', () => {
    expect(() => createRazorpay(readEnv({ RAZORPAY_MODE: 'live' }), () => new Date())).toThrow(
      'RAZORPAY_MODE=live needs RAZORPAY_CLIENT_ID and RAZORPAY_CLIENT_SECRET',
    );
  });

  it("connects with Razorpay's code: the account it names is the merchant", async () => {
    expect((await acme.connect(owner, await approved('acc_LiveMerchant001'))).status).toBe(200);
    expect((await acme.profile(owner)).body).toEqual({
      status: 'LIVE',
      merchantId: 'acc_LiveMerchant001',
      disconnected: null,
    });
    expect(fake.requests.at(-1)).toMatchObject({ path: '/token', body: { redirect_uri: redirectUri, mode: 'test' } });
  });

  it("an outage on disconnect: 'Failed to disconnect Razorpay', still connected; then the refresh token is revoked", async () => {
    fake.failNext(1);
    expect(await acme.disconnect(owner)).toMatchObject({ status: 502, body: { message: texts.disconnectFailed } });
    expect((await acme.profile(owner)).body.status).toBe('LIVE');
    expect(await acme.disconnect(owner)).toMatchObject({ status: 200 });
    const revoke = fake.requests.at(-1)!;
    expect(revoke).toMatchObject({ path: '/revoke', body: { token_type_hint: 'refresh_token' } });
    expect(fake.revoked.has(String(revoke.body.token))).toBe(true);
    expect((await acme.profile(owner)).body.status).toBe('NOT_CONNECTED');
  });

  it("Razorpay's refusal of a code is shown in its words; an outage in the spec's", async () => {
    const callback = await approved();
    expect(await acme.connect(owner, { ...callback, code: 'not-a-code' })).toMatchObject({
      status: 400,
      body: { message: 'Authorization code is invalid or has expired' },
    });
    fake.failNext(1);
    expect(await acme.connect(owner, await approved())).toMatchObject({
      status: 502,
      body: { message: texts.callbackFailed },
    });
    expect((await acme.profile(owner)).body.status).toBe('NOT_CONNECTED');
  });

  it('the sandbox pages are not there', async () => {
    const query = new URLSearchParams({
      response_type: 'code',
      client_id: 'sandbox',
      redirect_uri: redirectUri,
      state: 's',
    });
    for (const url of [`/sandbox/razorpay/authorize?${query.toString()}`, '/sandbox/razorpay/assets/page.css'])
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
  });
});
