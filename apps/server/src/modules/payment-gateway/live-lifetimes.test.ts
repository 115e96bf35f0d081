import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RAZORPAY_CALLBACK_PATH } from '@pc/contract';
import { readEnv } from '../../env.js';
import { razorpayWebhookSecret } from '../../providers/razorpay/create.js';
import { signRazorpayWebhook, verifyRazorpayWebhook } from '../../providers/razorpay/webhook-signature.js';
import { startFakeRazorpay, type FakeRazorpay } from '../../../test/fake-razorpay.js';
import { findPartnerIdByName } from '../../../test/fixtures.js';
import { signInAs, startTestApp, type TestContext } from '../../../test/harness.js';
import { REFRESH_AHEAD_MS } from './refresh-schedule.js';
import {
  connectionOf,
  deliverWebhook,
  gatewayCalls,
  refreshJobsOf,
  runRefreshJobsAt,
  liveRazorpayEnv,
} from './test-flow.js';

/**
 * RAZORPAY_MODE=live: the access token's refresh and Razorpay's revocation webhook against a fake of
 * Razorpay's OAuth service built from its documents (test/fake-razorpay.ts; the refresh payloads are
 * cited in providers/razorpay/oauth.test.ts, the webhook's in webhook.test.ts).
 */
const WEBHOOK_SECRET = 'whsec-from-the-razorpay-dashboard';
let fake: FakeRazorpay;
let t: TestContext;
let owner: string;
let acmeId: string;
let acme: ReturnType<typeof gatewayCalls>;
beforeAll(async () => {
  fake = await startFakeRazorpay();
  t = await startTestApp({
    env: liveRazorpayEnv(fake, { RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET }),
  });
  owner = await signInAs(t.app, 'owner');
  acmeId = await findPartnerIdByName(t.database.db, 'Acme Messaging');
  acme = gatewayCalls(t.app, acmeId);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const redirectUri = `https://console.example.com${RAZORPAY_CALLBACK_PATH}`;
/** Connect as the merchant of `accountId` allowing access on Razorpay's page. */
const connect = async (accountId: string) => {
  const state = new URL((await acme.authorize(owner)).body.url).searchParams.get('state')!;
  expect((await acme.connect(owner, { state, code: fake.approve(redirectUri, accountId) })).status).toBe(200);
  return (await connectionOf(t, acmeId))!;
};
const dueOf = (expiresAt: Date) => new Date(expiresAt.getTime() - REFRESH_AHEAD_MS);
const revoked = (accountId: string, at: Date) =>
  JSON.stringify({
    event: 'account.app.authorization_revoked',
    account_id: accountId,
    contains: [],
    created_at: Math.floor(at.getTime() / 1000),
  });

describe('the refresh job against Razorpay', () => {
  it('an outage is retried; then the refresh grant renews the pair, stored, and the next is scheduled', async () => {
    const before = await connect('acc_LiveRefresh0001');
    const due = dueOf(before.accessTokenExpiresAt!);

    fake.failNext(1);
    expect(await runRefreshJobsAt(t, due)).toEqual({ ran: 1, failed: 1 });
    expect(fake.requests.at(-1)).toMatchObject({ path: '/token', body: { grant_type: 'refresh_token' } });
    expect(await connectionOf(t, acmeId)).toEqual(before);
    const [retry] = await refreshJobsOf(t, acmeId);
    expect(retry).toMatchObject({ attempts: 1, lastError: expect.stringContaining('503') });

    expect(await runRefreshJobsAt(t, retry!.runAt)).toEqual({ ran: 1, failed: 0 });
    const sent = fake.requests.at(-1)!;
    expect(sent).toEqual({
      path: '/token',
      body: {
        client_id: fake.clientId,
        client_secret: fake.clientSecret,
        grant_type: 'refresh_token',
        refresh_token: expect.stringMatching(/^refresh_/),
      },
    });
    const after = (await connectionOf(t, acmeId))!;
    expect(after.accessTokenExpiresAt).toEqual(new Date(retry!.runAt.getTime() + 7862400 * 1000));
    expect(after.refreshTokenSealed).not.toBe(before.refreshTokenSealed);
    expect((await refreshJobsOf(t, acmeId)).map((j) => j.runAt)).toEqual([dueOf(after.accessTokenExpiresAt!)]);

    // The refresh token sent is spent; the stored one is the new one, which Razorpay takes.
    expect(await runRefreshJobsAt(t, dueOf(after.accessTokenExpiresAt!))).toEqual({ ran: 1, failed: 0 });
    expect(fake.requests.at(-1)!.body.refresh_token).not.toBe(sent.body.refresh_token);
    expect((await acme.disconnect(owner)).status).toBe(200);
  });

  it('the merchant revoked the application: the refusal disconnects, the job is not retried', async () => {
    const before = await connect('acc_LiveRefused001');
    fake.revokeAccount('acc_LiveRefused001');
    const due = dueOf(before.accessTokenExpiresAt!);
    expect(await runRefreshJobsAt(t, due)).toEqual({ ran: 1, failed: 0 });
    expect(await connectionOf(t, acmeId)).toMatchObject({ revokedAt: due, disconnectedReason: 'REFRESH_REFUSED' });
    // (The first test's partner disconnected with its next refresh pending: that one stays, to do nothing.)
    expect((await refreshJobsOf(t, acmeId)).filter((j) => j.payload.accountId === before.accountId)).toEqual([]);
    expect((await acme.profile(owner)).body).toMatchObject({
      status: 'NOT_CONNECTED',
      disconnected: { reason: 'REFRESH_REFUSED' },
    });
  });
});

describe("Razorpay's revocation webhook", () => {
  it('signed with RAZORPAY_WEBHOOK_SECRET: the same account connected again is not ended by the old event', async () => {
    const first = await connect('acc_LiveRevoked001');
    const at = new Date(Math.floor(Date.now() / 1000) * 1000);
    const body = revoked('acc_LiveRevoked001', at);
    // Signed with the sandbox's derived secret instead: refused.
    const sandboxSecret = razorpayWebhookSecret(readEnv({}))!;
    const forged = await deliverWebhook(t.app, body, { signature: signRazorpayWebhook(sandboxSecret, body) });
    expect(forged.statusCode).toBe(401);

    const res = await deliverWebhook(t.app, body, {
      signature: signRazorpayWebhook(WEBHOOK_SECRET, body),
      eventId: 'evt_LiveRevoked001',
    });
    expect(res.statusCode).toBe(200);
    expect(await connectionOf(t, acmeId)).toEqual({ ...first, revokedAt: at, disconnectedReason: 'REVOKED' });

    t.clock.now = new Date(Date.now() + 60_000);
    try {
      const again = await connect('acc_LiveRevoked001');
      expect(again).toMatchObject({ accountId: 'acc_LiveRevoked001', revokedAt: null });
      // Razorpay's retry of the event, and a late copy under another id: both older than the connection.
      for (const eventId of ['evt_LiveRevoked001', 'evt_LiveRevoked002'])
        expect(
          (await deliverWebhook(t.app, body, { signature: signRazorpayWebhook(WEBHOOK_SECRET, body), eventId }))
            .statusCode,
        ).toBe(200);
      expect(await connectionOf(t, acmeId)).toEqual(again);
      expect((await acme.profile(owner)).body).toEqual({
        status: 'LIVE',
        merchantId: 'acc_LiveRevoked001',
        disconnected: null,
      });
    } finally {
      t.clock.now = new Date();
    }
  });

  it('without RAZORPAY_WEBHOOK_SECRET, the real Razorpay mode lets no webhook in', () => {
    const secret = razorpayWebhookSecret(readEnv({ RAZORPAY_MODE: 'live' }));
    expect(secret).toBeNull();
    const body = Buffer.from(revoked('acc_LiveRevoked001', new Date()));
    expect(verifyRazorpayWebhook(secret, body, signRazorpayWebhook('', body))).toBe(false);
    expect(verifyRazorpayWebhook(WEBHOOK_SECRET, body, signRazorpayWebhook(WEBHOOK_SECRET, body))).toBe(true);
  });
});
