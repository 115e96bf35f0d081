import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentGatewayTexts as texts } from '@pc/contract';
import { razorpayConnections, razorpayWebhookEvents } from '../../platform/db/schema.js';
import { razorpayWebhookSecret } from '../../providers/razorpay/create.js';
import { signRazorpayWebhook } from '../../providers/razorpay/webhook-signature.js';
import { findPartnerIdByName } from '../../../test/fixtures.js';
import { signInAs, startTestApp, type TestContext } from '../../../test/harness.js';
import {
  connectionOf,
  connectThroughSandbox,
  deliverWebhook,
  gatewayCalls,
  giveAdsWorksBillingDetails,
} from './test-flow.js';

/*
 * Razorpay's `account.app.authorization_revoked`, as its docs give the sample
 * (https://razorpay.com/docs/webhooks/partners/oauth/, "Account App Authorization Revoked"):
 *   { "event": "account.app.authorization_revoked", "account_id": "acc_Dhk2qDbmu6FwZH", "contains": [],
 *     "created_at": 1678282666 }
 * Every Razorpay webhook is signed (https://razorpay.com/docs/webhooks/validate-test/): X-Razorpay-Signature
 * is the hex HMAC-SHA256 of the raw body under the webhook's secret; x-razorpay-event-id names the event,
 * the same on each delivery of it
 * (https://razorpay.com/docs/payments/payment-gateway/s2s-integration/test-s2s/best-practices/webhooks-and-fetch-apis).
 */
const revokedBody = (accountId: string, at: Date) =>
  JSON.stringify({
    event: 'account.app.authorization_revoked',
    account_id: accountId,
    contains: [],
    created_at: Math.floor(at.getTime() / 1000),
  });

let t: TestContext;
let owner: string;
let adsOwner: string;
let acmeId: string;
let adsId: string;
let acme: ReturnType<typeof gatewayCalls>;
let ads: ReturnType<typeof gatewayCalls>;
let secret: string;
let events = 0;
const eventId = () => `evt_Test${String((events += 1)).padStart(10, '0')}`;

beforeAll(async () => {
  t = await startTestApp();
  [owner, adsOwner] = await Promise.all([signInAs(t.app, 'owner'), signInAs(t.app, 'ads')]);
  acmeId = await findPartnerIdByName(t.database.db, 'Acme Messaging');
  adsId = await findPartnerIdByName(t.database.db, 'AdsWorks');
  acme = gatewayCalls(t.app, acmeId);
  ads = gatewayCalls(t.app, adsId);
  secret = razorpayWebhookSecret(t.deps.env)!;
  await giveAdsWorksBillingDetails(t.app, adsOwner);
});
afterAll(() => t.close());

const connectAcme = async () => {
  expect((await connectThroughSandbox(t.app, acmeId, owner)).connected.status).toBe(200);
  return (await connectionOf(t, acmeId))!;
};
const signed = (body: string, id: string | null = eventId()) =>
  deliverWebhook(t.app, body, { signature: signRazorpayWebhook(secret, body), eventId: id });
// One hex digit off; replacing it with a fixed digit would be no change when the signature ends in it.
const lastDigitChanged = (hex: string) => `${hex.slice(0, -1)}${hex.endsWith('0') ? '1' : '0'}`;
// In one order: a distributed database answers its nodes' rows in no particular one.
const allConnections = () =>
  t.database.db.select().from(razorpayConnections).orderBy(asc(razorpayConnections.partnerId));
const keptEvents = () => t.database.db.select().from(razorpayWebhookEvents);

describe('the signature', () => {
  it('missing, wrong, of another body or under another secret: 401, nothing changed or kept', async () => {
    const acmeRow = await connectAcme();
    const before = await allConnections();
    const body = revokedBody(acmeRow.accountId, new Date());
    for (const signature of [
      null,
      '',
      'not-hex',
      signRazorpayWebhook(secret, `${body} `),
      signRazorpayWebhook('another-secret', body),
      lastDigitChanged(signRazorpayWebhook(secret, body)),
      `sha256=${signRazorpayWebhook(secret, body)}`,
    ]) {
      const res = await deliverWebhook(t.app, body, { signature, eventId: eventId() });
      expect(res.statusCode, String(signature)).toBe(401);
      expect(res.json()).toMatchObject({ message: 'Invalid webhook signature.' });
    }
    expect(await allConnections()).toEqual(before);
    expect(await keptEvents()).toEqual([]);
    expect((await acme.profile(owner)).body.status).toBe('LIVE');
  });

  it('is of the raw bytes: the same JSON written otherwise is refused', async () => {
    const acmeRow = (await connectionOf(t, acmeId))!;
    const body = revokedBody(acmeRow.accountId, new Date());
    const respaced = JSON.stringify(JSON.parse(body), null, 2);
    const res = await deliverWebhook(t.app, respaced, { signature: signRazorpayWebhook(secret, body) });
    expect(res.statusCode).toBe(401);
    expect((await acme.profile(owner)).body.status).toBe('LIVE');
  });
});

describe('account.app.authorization_revoked', () => {
  it("disconnects the partner whose connection is that account's, and no other", async () => {
    expect((await connectThroughSandbox(t.app, adsId, adsOwner)).connected.status).toBe(200);
    const adsBefore = (await connectionOf(t, adsId))!;
    const acmeRow = (await connectionOf(t, acmeId))!;
    const at = new Date(Math.floor(Date.now() / 1000) * 1000);

    const res = await signed(revokedBody(acmeRow.accountId, at), 'evt_Revoked000001');
    expect(res.statusCode, res.body).toBe(200);
    expect(await connectionOf(t, acmeId)).toEqual({ ...acmeRow, revokedAt: at, disconnectedReason: 'REVOKED' });
    expect(await connectionOf(t, adsId)).toEqual(adsBefore);
    expect((await acme.profile(owner)).body).toEqual({
      status: 'NOT_CONNECTED',
      merchantId: null,
      disconnected: { reason: 'REVOKED', at: at.toISOString() },
    });
    expect((await ads.profile(adsOwner)).body.status).toBe('LIVE');
    expect(await keptEvents()).toEqual([
      expect.objectContaining({
        eventId: 'evt_Revoked000001',
        event: 'account.app.authorization_revoked',
        accountId: acmeRow.accountId,
        happenedAt: at,
        outcome: 'disconnected',
      }),
    ]);
  });

  it('a repeated delivery of the event, or the same word as another event, changes nothing more', async () => {
    const before = await allConnections();
    const acmeRow = (await connectionOf(t, acmeId))!;
    const body = revokedBody(acmeRow.accountId, acmeRow.revokedAt!);
    expect((await signed(body, 'evt_Revoked000001')).statusCode).toBe(200);
    // A later word of the same revocation keeps the first date.
    const later = revokedBody(acmeRow.accountId, new Date(acmeRow.revokedAt!.getTime() + 5000));
    expect((await signed(later, 'evt_Revoked000002')).statusCode).toBe(200);
    // Without an event id, the body stands for it: the same body twice is one event.
    expect((await signed(later, null)).statusCode).toBe(200);
    expect((await signed(later, null)).statusCode).toBe(200);
    expect(await allConnections()).toEqual(before);
    const kept = await keptEvents();
    expect(kept.map((e) => [e.eventId.replace(/^sha256:[0-9a-f]{64}$/, 'sha256'), e.outcome])).toEqual([
      ['evt_Revoked000001', 'disconnected'],
      ['evt_Revoked000002', 'unchanged'],
      ['sha256', 'unchanged'],
    ]);
  });

  it('an account no partner has: 200, nothing changed', async () => {
    const before = await allConnections();
    const res = await signed(revokedBody('acc_NobodysAcct001', new Date()), 'evt_Unknown000001');
    expect(res.statusCode).toBe(200);
    expect(await allConnections()).toEqual(before);
    expect((await keptEvents()).find((e) => e.eventId === 'evt_Unknown000001')).toMatchObject({
      outcome: 'unknown_account',
    });
  });

  // The same account connected again is live.test's (the sandbox names a new account each time).
  it("the partner connects again; the old revocation's late or repeated delivery leaves the new connection", async () => {
    const revoked = (await connectionOf(t, acmeId))!;
    expect((await acme.disconnect(owner)).status).toBe(409);
    // A minute on, as a partner would come back to it.
    t.clock.now = new Date(Date.now() + 60_000);
    try {
      const again = await connectAcme();
      expect(again).toMatchObject({ revokedAt: null, disconnectedReason: null, connectedAt: t.clock.now });
      expect((await acme.profile(owner)).body).toEqual({
        status: 'LIVE',
        merchantId: again.accountId,
        disconnected: null,
      });

      // Razorpay retries the old event, and a copy of it arrives under a new id: both predate the connection.
      const old = revokedBody(revoked.accountId, revoked.revokedAt!);
      expect((await signed(old, 'evt_Revoked000001')).statusCode).toBe(200);
      expect((await signed(old, 'evt_Revoked000099')).statusCode).toBe(200);
      expect(await connectionOf(t, acmeId)).toEqual(again);

      // A revocation of the new grant does end it.
      expect((await signed(revokedBody(again.accountId, t.clock.now))).statusCode).toBe(200);
      expect((await acme.profile(owner)).body).toMatchObject({ status: 'NOT_CONNECTED' });
    } finally {
      t.clock.now = new Date();
    }
  });
});

describe('other events', () => {
  it('are answered 200 and neither kept nor acted on', async () => {
    const before = await allConnections();
    const kept = await keptEvents();
    const acmeRow = (await connectionOf(t, acmeId))!;
    for (const body of [
      // Razorpay's envelope of its other events (payload and contains filled in).
      JSON.stringify({
        entity: 'event',
        account_id: acmeRow.accountId,
        event: 'payment.captured',
        contains: ['payment'],
        payload: { payment: { entity: { id: 'pay_29QQoUBi66xm2f', amount: 5000 } } },
        created_at: 1567674606,
      }),
      JSON.stringify({ event: 'account.app.authorization_revoked', contains: [] }),
      JSON.stringify({ event: 'account.instantly_activated', account_id: 'acc_Dhk2qDbmu6FwZH' }),
    ]) {
      const res = await signed(body);
      expect(res.statusCode, body).toBe(200);
      expect(res.json()).toEqual({ message: 'EVENT_RECEIVED' });
    }
    expect(await allConnections()).toEqual(before);
    expect(await keptEvents()).toEqual(kept);
  });

  it('a body that is no webhook is 400 before its signature is looked at', async () => {
    for (const body of ['{"event": ', '[]', '{"account_id":"acc_1"}', '{"__proto__":{"a":1},"event":"x"}']) {
      const res = await deliverWebhook(t.app, body, { signature: signRazorpayWebhook(secret, body) });
      expect(res.statusCode, body).toBe(400);
    }
  });
});

describe('the partner-side texts', () => {
  it('say why, with the date', () => {
    expect(texts.revokedNotice('March 8, 2023')).toBe(
      'Razorpay says this access was revoked on March 8, 2023. Connect again to take payments.',
    );
  });
});
