import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configTexts, paymentGatewayTexts as texts, RAZORPAY_CALLBACK_PATH } from '@pc/contract';
import { partnerAuditLog, partners, razorpayConnections } from '../../platform/db/schema.js';
import { sandboxErrors } from '../../providers/razorpay/sandbox.js';
import { findPartnerIdByName } from '../../../test/fixtures.js';
import { signInAs, startTestApp, type TestContext } from '../../../test/harness.js';
import { connectThroughSandbox, decideOnSandbox, gatewayCalls } from './test-flow.js';

let t: TestContext;
let owner: string;
let acmeId: string;
let calls: ReturnType<typeof gatewayCalls>;
beforeAll(async () => {
  t = await startTestApp();
  owner = await signInAs(t.app, 'owner');
  acmeId = await findPartnerIdByName(t.database.db, 'Acme Messaging');
  calls = gatewayCalls(t.app, acmeId);
});
afterAll(() => t.close());

const connectionRow = async () =>
  (await t.database.db.select().from(razorpayConnections).where(eq(razorpayConnections.partnerId, acmeId)))[0];

describe('connecting Razorpay through the sandbox', () => {
  it('starts not connected', async () => {
    expect(await calls.profile(owner)).toEqual({
      status: 200,
      body: { status: 'NOT_CONNECTED', merchantId: null, disconnected: null },
    });
  });

  it("gives the sandbox's authorisation page, with a fresh state each time", async () => {
    const [a, b] = [await calls.authorize(owner), await calls.authorize(owner)];
    expect(a.status).toBe(200);
    const url = new URL(a.body.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${t.deps.env.publicUrl}/sandbox/razorpay/authorize`);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('scope')).toBe('read_write');
    expect(url.searchParams.get('redirect_uri')).toBe(`${t.deps.env.publicUrl}${RAZORPAY_CALLBACK_PATH}`);
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{43}$/);
    expect(new URL(b.body.url).searchParams.get('state')).not.toBe(url.searchParams.get('state'));
  });

  it('connects: the profile is LIVE with the account id; the tokens are sealed and never answered', async () => {
    const { callback, connected } = await connectThroughSandbox(t.app, acmeId, owner);
    expect(Object.keys(callback).sort()).toEqual(['code', 'state']);
    expect(connected).toEqual({ status: 200, body: { message: texts.connectedMessage } });
    const profile = await calls.profile(owner);
    expect(profile.body.status).toBe('LIVE');
    expect(profile.body.merchantId).toMatch(/^acc_[A-Za-z0-9]{14}$/);
    const row = (await connectionRow())!;
    expect(row).toMatchObject({ accountId: profile.body.merchantId, mode: 'test' });
    expect(row.accessTokenSealed).toMatch(/^v1\./);
    expect(row.refreshTokenSealed).toMatch(/^v1\./);
    expect(JSON.stringify(profile.body)).not.toContain(row.accessTokenSealed);
    // The activity log names the account connected, never a token.
    const entries = await t.database.db
      .select()
      .from(partnerAuditLog)
      .where(eq(partnerAuditLog.action, 'payment-gateway.connect'));
    expect(entries).toEqual([
      expect.objectContaining({ before: null, after: { accountId: row.accountId, mode: 'test' } }),
    ]);
    expect(JSON.stringify(entries)).not.toMatch(/token|v1\./i);
  });

  it('refuses to start another authorisation while connected', async () => {
    expect(await calls.authorize(owner)).toMatchObject({ status: 409, body: { message: texts.alreadyConnected } });
  });

  it('disconnects: revoked at the provider, then not connected', async () => {
    expect(await calls.disconnect(owner)).toEqual({ status: 200, body: { message: texts.disconnected } });
    expect((await calls.profile(owner)).body).toEqual({
      status: 'NOT_CONNECTED',
      merchantId: null,
      disconnected: null,
    });
    expect(await connectionRow()).toBeUndefined();
    expect(await calls.disconnect(owner)).toMatchObject({ status: 409, body: { message: texts.notConnected } });
  });
});

describe("the sandbox's outcomes", () => {
  it('Deny returns to the callback with the error and its description, and connects nothing', async () => {
    const authorized = await calls.authorize(owner);
    const callback = await decideOnSandbox(t.app, authorized.body.url, { decision: 'deny' });
    expect(callback).toEqual({
      error: 'access_denied',
      error_description: sandboxErrors.accessDenied,
      state: new URL(authorized.body.url).searchParams.get('state'),
    });
    expect((await calls.profile(owner)).body.status).toBe('NOT_CONNECTED');
  });

  it("a code refused at the exchange answers Razorpay's description; the state is spent", async () => {
    const { callback, connected } = await connectThroughSandbox(t.app, acmeId, owner, 'exchange-fails');
    expect(connected).toMatchObject({ status: 400, body: { message: sandboxErrors.invalidGrant } });
    expect((await calls.profile(owner)).body.status).toBe('NOT_CONNECTED');
    expect(await calls.connect(owner, callback)).toMatchObject({ status: 400, body: { message: texts.invalidState } });
  });

  it('a code already used is refused by the provider, with a fresh state', async () => {
    const first = await connectThroughSandbox(t.app, acmeId, owner);
    expect(first.connected.status).toBe(200);
    expect((await calls.disconnect(owner)).status).toBe(200);
    const fresh = new URL((await calls.authorize(owner)).body.url).searchParams.get('state')!;
    expect(await calls.connect(owner, { state: fresh, code: first.callback.code })).toMatchObject({
      status: 400,
      body: { message: sandboxErrors.invalidGrant },
    });
    expect((await calls.profile(owner)).body.status).toBe('NOT_CONNECTED');
  });

  it("a disconnect the provider fails: 'Failed to disconnect Razorpay', still connected; the next one goes through", async () => {
    const { connected } = await connectThroughSandbox(t.app, acmeId, owner, 'revoke-fails-once');
    expect(connected.status).toBe(200);
    const before = await calls.profile(owner);
    expect(await calls.disconnect(owner)).toMatchObject({ status: 502, body: { message: texts.disconnectFailed } });
    expect(await calls.profile(owner)).toEqual(before);
    expect(await calls.disconnect(owner)).toMatchObject({ status: 200 });
    expect((await calls.profile(owner)).body.status).toBe('NOT_CONNECTED');
  });

  it('tokens this server can no longer open fail the disconnect the same way', async () => {
    expect((await connectThroughSandbox(t.app, acmeId, owner)).connected.status).toBe(200);
    await t.database.db
      .update(razorpayConnections)
      .set({ refreshTokenSealed: 'v1.AAAA.AAAA.AAAA' })
      .where(eq(razorpayConnections.partnerId, acmeId));
    expect(await calls.disconnect(owner)).toMatchObject({ status: 502, body: { message: texts.disconnectFailed } });
    expect((await calls.profile(owner)).body.status).toBe('LIVE');
    await t.database.db.delete(razorpayConnections).where(eq(razorpayConnections.partnerId, acmeId));
  });
});

describe('without a billing address', () => {
  it("Connect is refused with 'No billing address found!', before and after the authorisation page", async () => {
    const authorized = await calls.authorize(owner);
    const callback = await decideOnSandbox(t.app, authorized.body.url);
    const [saved] = await t.database.db.select().from(partners).where(eq(partners.id, acmeId));
    await t.database.db.update(partners).set({ billingAddress: null }).where(eq(partners.id, acmeId));
    try {
      expect(await calls.authorize(owner)).toMatchObject({ status: 400, body: { message: texts.noBillingAddress } });
      expect(await calls.connect(owner, callback)).toMatchObject({
        status: 400,
        body: { message: texts.noBillingAddress },
      });
      expect((await calls.profile(owner)).body.status).toBe('NOT_CONNECTED');
    } finally {
      await t.database.db
        .update(partners)
        .set({ billingAddress: saved!.billingAddress })
        .where(eq(partners.id, acmeId));
    }
    // The state was not spent by the refusal: with the address back, the same callback connects.
    expect((await calls.connect(owner, callback)).status).toBe(200);
    expect((await calls.disconnect(owner)).status).toBe(200);
  });
});

describe('who may call', () => {
  it("another partner's id in the body: 404 on every call, nothing changes", async () => {
    const directId = await findPartnerIdByName(t.database.db, 'Direct Retail');
    const foreign = { partnerId: directId };
    for (const res of [
      await calls.profile(owner, foreign),
      await calls.authorize(owner, foreign),
      await calls.connect(owner, { state: 'x', code: 'y' }, foreign),
      await calls.disconnect(owner, foreign),
    ])
      expect(res.status).toBe(404);
  });

  it('a read-only role reads the profile but cannot connect or disconnect', async () => {
    const viewer = await signInAs(t.app, 'agent');
    expect((await calls.profile(viewer)).status).toBe(200);
    expect((await calls.authorize(viewer)).status).toBe(403);
    expect((await calls.connect(viewer, { state: 'x', code: 'y' })).status).toBe(403);
    expect((await calls.disconnect(viewer)).status).toBe(403);
  });

  it('DIRECT partners have no onboarding, so no payment gateway: 403', async () => {
    const direct = await signInAs(t.app, 'direct');
    const directCalls = gatewayCalls(t.app, await findPartnerIdByName(t.database.db, 'Direct Retail'));
    for (const res of [await directCalls.profile(direct), await directCalls.authorize(direct)])
      expect(res).toMatchObject({ status: 403, body: { message: configTexts.directHasNoConfig } });
  });

  it('without a session: 401', async () => {
    expect((await calls.profile('')).status).toBe(401);
    expect((await calls.connect('', { state: 'x', code: 'y' })).status).toBe(401);
  });
});
