import { describe, expect, it } from 'vitest';
import { RAZORPAY_CALLBACK_PATH } from '@pc/contract';
import { RazorpayError } from './razorpay.js';
import { createSandboxRazorpay, sandboxErrors, type SandboxOutcome } from './sandbox.js';

/**
 * The sandbox's refresh speaks Razorpay's (its Refresh Token API, cited in oauth.test.ts): a new
 * pair whose refresh token replaces the old, the old one refused from then on, and the outcomes
 * chosen on its authorisation page (ARCHITECTURE rule 15) reach the refresh's refusal and outage.
 */
const clock = { now: new Date('2026-03-01T10:00:00Z') };
const sandbox = createSandboxRazorpay({
  publicUrl: 'http://console.test',
  secret: 'sandbox-secret',
  now: () => clock.now,
});
const redirectUri = `http://console.test${RAZORPAY_CALLBACK_PATH}`;

const grantOf = async (outcome: SandboxOutcome) =>
  sandbox.exchangeCode({ code: await sandbox.issueCode({ redirectUri, outcome }), redirectUri });
const failure = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e,
  );

describe('the sandbox refresh', () => {
  it("gives a new pair of the same account, expiring after Razorpay's expires_in; the old refresh token is spent", async () => {
    const grant = await grantOf('connect');
    expect(grant.accessTokenExpiresAt).toEqual(new Date(clock.now.getTime() + 7_862_400 * 1000));
    const fresh = await sandbox.refresh({ refreshToken: grant.refreshToken! });
    expect(fresh.refreshToken).not.toBe(grant.refreshToken);
    expect(fresh.accessTokenExpiresAt).toEqual(new Date(clock.now.getTime() + 7_862_400 * 1000));
    expect(await failure(sandbox.refresh({ refreshToken: grant.refreshToken! }))).toMatchObject({
      status: 400,
      error: 'invalid_grant',
      description: sandboxErrors.invalidGrant,
    });
    // The new pair is the account's: its refresh token refreshes, its access token is no refresh token.
    await expect(sandbox.refresh({ refreshToken: fresh.refreshToken! })).resolves.toBeDefined();
    expect(await failure(sandbox.refresh({ refreshToken: fresh.accessToken }))).toBeInstanceOf(RazorpayError);
    expect(await failure(sandbox.refresh({ refreshToken: 'not-a-token' }))).toMatchObject({ status: 400 });
  });

  it("'refresh-refused' is refused as a revoked grant; 'refresh-fails-once' fails once as an outage", async () => {
    const refused = await grantOf('refresh-refused');
    const error = await failure(sandbox.refresh({ refreshToken: refused.refreshToken! }));
    expect(error).toMatchObject({ status: 400, error: 'invalid_grant', grantRefused: true });

    const flaky = await grantOf('refresh-fails-once');
    expect(await failure(sandbox.refresh({ refreshToken: flaky.refreshToken! }))).toMatchObject({
      status: 500,
      error: 'server_error',
      refused: false,
    });
    await expect(sandbox.refresh({ refreshToken: flaky.refreshToken! })).resolves.toMatchObject({
      accessToken: expect.any(String),
    });
  });

  it('a refresh token past its 180 days is refused', async () => {
    const grant = await grantOf('connect');
    const saved = clock.now;
    clock.now = new Date(saved.getTime() + 181 * 24 * 3600_000);
    try {
      expect(await failure(sandbox.refresh({ refreshToken: grant.refreshToken! }))).toMatchObject({ status: 400 });
    } finally {
      clock.now = saved;
    }
  });
});
