import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fullAccess, paymentGatewayTexts as texts } from '@pc/contract';
import { razorpayAuthStates, razorpayConnections } from '../../platform/db/schema.js';
import { makeAgent, makeRole } from '../../seed/factories.js';
import { findPartnerIdByName } from '../../../test/fixtures.js';
import { signIn, signInAs, startTestApp, type TestContext } from '../../../test/harness.js';
import { hashAuthState } from './auth-state.js';
import { decideOnSandbox, gatewayCalls, giveAdsWorksBillingDetails } from './test-flow.js';

/**
 * The callback's `state` is bound to the signed-in agent of the partner it was issued to and is
 * good once, for ten minutes: a forged, replayed, foreign or late callback connects nothing.
 */
let t: TestContext;
let owner: string;
let acmeId: string;
let adsId: string;
let acme: ReturnType<typeof gatewayCalls>;
beforeAll(async () => {
  t = await startTestApp();
  owner = await signInAs(t.app, 'owner');
  acmeId = await findPartnerIdByName(t.database.db, 'Acme Messaging');
  adsId = await findPartnerIdByName(t.database.db, 'AdsWorks');
  acme = gatewayCalls(t.app, acmeId);
});
afterAll(() => t.close());

const connections = () => t.database.db.select().from(razorpayConnections);
/** A callback of a real authorisation of Acme's owner, as the sandbox sends it back. */
const ownersCallback = async () => decideOnSandbox(t.app, (await acme.authorize(owner)).body.url);
const expectNothingConnected = async () => {
  expect((await acme.profile(owner)).body.status).toBe('NOT_CONNECTED');
  expect(await connections()).toEqual([]);
};

describe('a forged state', () => {
  it('connects nothing, even with a code the provider would honour', async () => {
    const authorized = await acme.authorize(owner);
    for (const state of [
      randomBytes(32).toString('base64url'),
      'x',
      `${new URL(authorized.body.url).searchParams.get('state')}x`,
    ]) {
      const callback = await decideOnSandbox(t.app, authorized.body.url, { state });
      expect(await acme.connect(owner, callback)).toMatchObject({ status: 400, body: { message: texts.invalidState } });
    }
    await expectNothingConnected();
  });

  it('the stored hash of a state is no state: it connects nothing', async () => {
    const callback = await ownersCallback();
    const [row] = await t.database.db
      .select()
      .from(razorpayAuthStates)
      .where(eq(razorpayAuthStates.stateHash, hashAuthState(callback.state!)));
    expect(row).toBeDefined();
    expect(await acme.connect(owner, { ...callback, state: row!.stateHash })).toMatchObject({ status: 400 });
    await expectNothingConnected();
  });
});

describe('a replayed state', () => {
  it('connects once; the same callback again connects nothing, also after a disconnect', async () => {
    const callback = await ownersCallback();
    expect((await acme.connect(owner, callback)).status).toBe(200);
    const [connected] = await connections();
    expect(await acme.connect(owner, callback)).toMatchObject({ status: 400, body: { message: texts.invalidState } });
    expect(await connections()).toEqual([connected]);
    expect((await acme.disconnect(owner)).status).toBe(200);
    expect(await acme.connect(owner, callback)).toMatchObject({ status: 400, body: { message: texts.invalidState } });
    await expectNothingConnected();
  });

  it('eight callbacks with one state at once: exactly one connects', async () => {
    const callback = await ownersCallback();
    const answers = await Promise.all(Array.from({ length: 8 }, () => acme.connect(owner, callback)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400, 400, 400, 400, 400, 400]);
    expect(await connections()).toHaveLength(1);
    expect((await acme.disconnect(owner)).status).toBe(200);
  });

  it('two authorisations completed at once (two tabs): one connection, the other answered 409', async () => {
    const callbacks = [await ownersCallback(), await ownersCallback()];
    const answers = await Promise.all(callbacks.map((callback) => acme.connect(owner, callback)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await connections()).toHaveLength(1);
    expect((await acme.disconnect(owner)).status).toBe(200);
  });

  it('a state past its ten minutes connects nothing', async () => {
    const callback = await ownersCallback();
    t.clock.now = new Date(Date.now() + 10 * 60_000 + 1000);
    try {
      expect(await acme.connect(owner, callback)).toMatchObject({ status: 400, body: { message: texts.invalidState } });
    } finally {
      t.clock.now = new Date();
    }
    await expectNothingConnected();
  });
});

describe("another partner's state", () => {
  it('connects nothing for the partner who sends it, and stays good for its owner', async () => {
    const adsOwner = await signInAs(t.app, 'ads');
    const ads = gatewayCalls(t.app, adsId);
    await giveAdsWorksBillingDetails(t.app, adsOwner);
    const adsCallback = await decideOnSandbox(t.app, (await ads.authorize(adsOwner)).body.url);

    // Acme's owner, handed AdsWorks' callback (a link sent to them, a page they were led to):
    expect(await acme.connect(owner, adsCallback)).toMatchObject({
      status: 400,
      body: { message: texts.invalidState },
    });
    // ... or naming AdsWorks in the body: not Acme's partner, 404.
    expect((await acme.connect(owner, adsCallback, { partnerId: adsId })).status).toBe(404);
    await expectNothingConnected();

    expect((await ads.connect(adsOwner, adsCallback)).status).toBe(200);
    expect((await ads.profile(adsOwner)).body.status).toBe('LIVE');
    expect((await acme.profile(owner)).body.status).toBe('NOT_CONNECTED');
    expect((await ads.disconnect(adsOwner)).status).toBe(200);
  });

  it("another agent of the same partner cannot complete the owner's authorisation", async () => {
    await makeRole(t.database.db, acmeId, 'Payments Admin', fullAccess);
    await makeAgent(t.database.db, {
      partnerId: acmeId,
      userName: 'payadmin',
      password: 'Payadmin@123',
      role: 'Payments Admin',
    });
    const other = await signIn(t.app, 'payadmin', 'Payadmin@123');
    const callback = await ownersCallback();
    expect(await acme.connect(other, callback)).toMatchObject({ status: 400, body: { message: texts.invalidState } });
    await expectNothingConnected();
    expect((await acme.connect(owner, callback)).status).toBe(200);
    expect((await acme.disconnect(other)).status).toBe(200);
  });
});

describe('expired states', () => {
  it("are swept when the partner's next authorisation starts", async () => {
    await ownersCallback();
    t.clock.now = new Date(Date.now() + 11 * 60_000);
    try {
      await acme.authorize(owner);
    } finally {
      t.clock.now = new Date();
    }
    const rows = await t.database.db.select().from(razorpayAuthStates).where(eq(razorpayAuthStates.partnerId, acmeId));
    expect(rows).toHaveLength(1);
  });
});
