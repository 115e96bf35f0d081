import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeRazorpay, type FakeRazorpay } from '../../../test/fake-razorpay.js';
import { createRazorpayOAuth } from './oauth.js';
import { RazorpayError } from './razorpay.js';

let fake: FakeRazorpay;
beforeAll(async () => {
  fake = await startFakeRazorpay();
});
afterAll(() => fake.close());

const redirectUri = 'https://console.example.com/integrations/appstore/app/razorpay/auth';
const now = new Date('2026-03-01T10:00:00Z');
const client = (secret = fake.clientSecret, tokenMode: 'test' | 'live' = 'test') =>
  createRazorpayOAuth({
    authUrl: fake.url,
    clientId: fake.clientId,
    clientSecret: secret,
    tokenMode,
    now: () => now,
    timeoutMs: 2000,
  });

describe('the Razorpay OAuth client', () => {
  it('sends the merchant to the authorisation page with the code flow, read_write and the state', () => {
    const url = new URL(client().authorizeUrl({ state: 'st&ate=1', redirectUri }));
    expect(`${url.origin}${url.pathname}`).toBe(`${fake.url}/authorize`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: fake.clientId,
      redirect_uri: redirectUri,
      scope: 'read_write',
      state: 'st&ate=1',
    });
  });

  it('exchanges a code for the account and its tokens, with the client, redirect URI and mode', async () => {
    const code = fake.approve(redirectUri, 'acc_Merchant0000001');
    const grant = await client().exchangeCode({ code, redirectUri });
    expect(grant).toMatchObject({
      accountId: 'acc_Merchant0000001',
      publicToken: 'rzp_test_oauth_9xu1rkZqoXlClS',
      mode: 'test',
      accessTokenExpiresAt: new Date(now.getTime() + 7862400 * 1000),
    });
    expect(grant.accessToken).toMatch(/^access_/);
    expect(grant.refreshToken).toMatch(/^refresh_/);
    expect(fake.requests.at(-1)).toEqual({
      path: '/token',
      body: {
        client_id: fake.clientId,
        client_secret: fake.clientSecret,
        grant_type: 'authorization_code',
        redirect_uri: redirectUri,
        code,
        mode: 'test',
      },
    });
  });

  it("passes on Razorpay's error and description: a used code, another redirect URI, a wrong secret", async () => {
    const code = fake.approve(redirectUri);
    await client().exchangeCode({ code, redirectUri });
    const refusals = [
      client().exchangeCode({ code, redirectUri }),
      client().exchangeCode({ code: fake.approve(redirectUri), redirectUri: 'https://elsewhere.example/cb' }),
      client('wrong').exchangeCode({ code: fake.approve(redirectUri), redirectUri }),
    ];
    const errors = await Promise.all(
      refusals.map((p) =>
        p.then(
          () => null,
          (e: unknown) => e,
        ),
      ),
    );
    expect(errors.map((e) => e instanceof RazorpayError && [e.status, e.error, e.description, e.refused])).toEqual([
      [400, 'invalid_grant', 'Authorization code is invalid or has expired', true],
      [400, 'invalid_grant', 'Authorization code is invalid or has expired', true],
      [401, 'invalid_client', 'Client authentication failed', true],
    ]);
  });

  it('an outage or no answer is not a refusal, and names no token', async () => {
    fake.failNext(1);
    const outage = await client()
      .exchangeCode({ code: fake.approve(redirectUri), redirectUri })
      .catch((e: unknown) => e);
    expect(outage).toMatchObject({ status: 503, refused: false });
    const nowhere = createRazorpayOAuth({
      authUrl: 'http://127.0.0.1:9',
      clientId: 'c',
      clientSecret: 's',
      tokenMode: 'live',
      now: () => now,
    });
    const unreachable = await nowhere
      .revoke({ token: 'secret-token', tokenTypeHint: 'access_token' })
      .catch((e: unknown) => e);
    expect(unreachable).toMatchObject({ status: 0, error: 'unreachable', refused: false });
    expect(String(unreachable)).not.toContain('secret-token');
  });

  it('revokes a token with its type hint; an unknown token is refused', async () => {
    const grant = await client().exchangeCode({ code: fake.approve(redirectUri), redirectUri });
    await client().revoke({ token: grant.refreshToken!, tokenTypeHint: 'refresh_token' });
    expect(fake.revoked.has(grant.refreshToken!)).toBe(true);
    expect(fake.requests.at(-1)).toEqual({
      path: '/revoke',
      body: {
        client_id: fake.clientId,
        client_secret: fake.clientSecret,
        token_type_hint: 'refresh_token',
        token: grant.refreshToken,
      },
    });
    await expect(client().revoke({ token: grant.refreshToken!, tokenTypeHint: 'refresh_token' })).rejects.toMatchObject(
      {
        status: 400,
        error: 'invalid_request',
      },
    );
  });

  /*
   * Razorpay's Refresh Token API (https://razorpay.com/docs/oauth/appclients, "Refresh Token API"):
   * POST https://auth.razorpay.com/token, JSON { client_id, client_secret, grant_type: "refresh_token",
   * refresh_token }; the answer { public_token, token_type: "Bearer", expires_in: 7862400, access_token,
   * refresh_token } carries a new refresh token, "the old refresh token will be expired automatically".
   * Its errors (https://razorpay.com/docs/partners/technology-partners/onboard-businesses/integrate-oauth/errors/,
   * "Refresh Token API") come as { error, error_description } with a 4xx.
   */
  it('refreshes with the client and the refresh token: a new pair whose refresh token replaces the old', async () => {
    const grant = await client().exchangeCode({ code: fake.approve(redirectUri), redirectUri });
    const fresh = await client().refresh({ refreshToken: grant.refreshToken! });
    expect(fake.requests.at(-1)).toEqual({
      path: '/token',
      body: {
        client_id: fake.clientId,
        client_secret: fake.clientSecret,
        grant_type: 'refresh_token',
        refresh_token: grant.refreshToken,
      },
    });
    expect(fresh).toEqual({
      accessToken: expect.stringMatching(/^access_/),
      refreshToken: expect.stringMatching(/^refresh_/),
      publicToken: 'rzp_test_oauth_9xu1rkZqoXlClS',
      accessTokenExpiresAt: new Date(now.getTime() + 7862400 * 1000),
    });
    expect(fresh.refreshToken).not.toBe(grant.refreshToken);
    // The old refresh token is spent: Razorpay refuses it, as a refusal (the grant's, not an outage).
    const again = await client()
      .refresh({ refreshToken: grant.refreshToken! })
      .catch((e: unknown) => e);
    expect(again).toMatchObject({ status: 400, error: 'invalid_grant', refused: true, grantRefused: true });
    await expect(client().refresh({ refreshToken: fresh.refreshToken! })).resolves.toMatchObject({
      accessToken: expect.stringMatching(/^access_/),
    });
  });

  it("a refresh token of a grant the merchant revoked is refused; the client's own bad secret is no end of the grant", async () => {
    const grant = await client().exchangeCode({ code: fake.approve(redirectUri, 'acc_Revoked0000001'), redirectUri });
    const wrongSecret = await client('wrong')
      .refresh({ refreshToken: grant.refreshToken! })
      .catch((e: unknown) => e);
    expect(wrongSecret).toMatchObject({ status: 401, error: 'invalid_client', refused: true, grantRefused: false });
    fake.revokeAccount('acc_Revoked0000001');
    const revoked = await client()
      .refresh({ refreshToken: grant.refreshToken! })
      .catch((e: unknown) => e);
    expect(revoked).toBeInstanceOf(RazorpayError);
    expect(revoked).toMatchObject({ status: 400, description: 'Token has been revoked', grantRefused: true });
  });

  it('a refresh in an outage is no refusal and names no token', async () => {
    const grant = await client().exchangeCode({ code: fake.approve(redirectUri), redirectUri });
    fake.failNext(1);
    const outage = await client()
      .refresh({ refreshToken: grant.refreshToken! })
      .catch((e: unknown) => e);
    expect(outage).toMatchObject({ status: 503, refused: false, grantRefused: false });
    expect(String(outage)).not.toContain(grant.refreshToken);
    // The refresh token was not spent by the outage.
    await expect(client().refresh({ refreshToken: grant.refreshToken! })).resolves.toBeDefined();
  });
});
