import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messages, webhookMessages, type PrivateAppPasswordResponse, type PrivateAppResponse } from '@pc/contract';
import { call, signInAs, startTestApp, type TestContext } from '../../../test/harness.js';
import { partnerAuditLog, privateApps } from '../../platform/db/schema.js';
import { projectOf, setPartner, setProject } from '../webhooks/test-fixture.js';
import { verifyPrivateAppCredential } from './index.js';

/** The Project Api tab's credential: create, read, reset, and the project API's check of its password. */
let t: TestContext;
let owner: string;
let metro: Awaited<ReturnType<typeof projectOf>>;

beforeAll(async () => {
  t = await startTestApp();
  owner = await signInAs(t.app, 'owner');
  metro = await projectOf(t, 'Metro Reminders');
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.db.delete(privateApps);
  await setProject(t, metro.id, { activePlan: metro.activePlan, partnerArchived: false });
  await setPartner(t, metro.partnerId, { planType: 'DIAMOND' });
});

const url = (projectId: string) => `/project/${projectId}/private-app`;
const create = (projectId: string, body: object, token = owner) =>
  call<PrivateAppPasswordResponse>(t.app, 'POST', url(projectId), { token, body });
const reset = (projectId: string, privateAppId: string, token = owner) =>
  call<PrivateAppPasswordResponse>(t.app, 'PATCH', url(projectId), { token, body: { privateAppId } });
const read = (projectId: string, token = owner) => call<PrivateAppResponse>(t.app, 'GET', url(projectId), { token });
const verify = (id: string, password: string) => verifyPrivateAppCredential(t.database.db, t.deps.env, id, password);

describe('create and read', () => {
  it('a project without one reads null', async () => {
    expect(await read(metro.id)).toEqual({ status: 200, body: { privateApp: null } });
  });

  it('creates one, answering its password once; only its hash is kept; the partner is the session', async () => {
    const res = await create(metro.id, { partnerId: 'another-partner', clientId: metro.businessId });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Private app created');
    expect(res.body.password).toMatch(/^pcak_/);
    expect(res.body.privateApp).toMatchObject({ projectId: metro.id, clientId: metro.businessId, lastUsedAt: null });
    const [row] = await t.database.db.select().from(privateApps).where(eq(privateApps.projectId, metro.id));
    expect(row!.partnerId).toBe(metro.partnerId);
    expect(row!.passwordHash).not.toContain(res.body.password);
    expect(row!.passwordHash).not.toContain(res.body.password.slice(5));
    expect(JSON.stringify(row)).not.toContain(res.body.password.slice(5, 20));
    const readBack = await read(metro.id);
    expect(readBack.body).toEqual({ privateApp: res.body.privateApp });
    expect(JSON.stringify(readBack.body)).not.toContain('pcak_');
  });

  it("refuses a clientId that is not the project's business, and a second app", async () => {
    const other = await projectOf(t, 'Sunrise Bakery');
    const wrong = await create(metro.id, { clientId: other.businessId });
    expect(wrong).toMatchObject({ status: 400, body: { message: webhookMessages.privateAppWrongClient } });
    expect(await read(metro.id)).toMatchObject({ body: { privateApp: null } });
    expect((await create(metro.id, { clientId: metro.businessId })).status).toBe(200);
    const again = await create(metro.id, { clientId: metro.businessId });
    expect(again).toMatchObject({ status: 400, body: { message: webhookMessages.privateAppExists } });
  });

  it('two creates at once make one app', async () => {
    const results = await Promise.all([1, 2, 3].map(() => create(metro.id, { clientId: metro.businessId })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400]);
    expect(await t.database.db.select().from(privateApps).where(eq(privateApps.projectId, metro.id))).toHaveLength(1);
  });
});

describe('reset and the credential check', () => {
  it('the password verifies until a reset; then only the new one does', async () => {
    const created = (await create(metro.id, { clientId: metro.businessId })).body;
    const id = created.privateApp._id;
    expect(await verify(id, created.password)).toEqual({ projectId: metro.id, partnerId: metro.partnerId });
    expect(await verify(id, `${created.password}x`)).toBeNull();
    expect(await verify('no-such-app', created.password)).toBeNull();

    const res = await reset(metro.id, id);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Private app updated');
    expect(res.body.privateApp._id).toBe(id);
    expect(res.body.password).not.toBe(created.password);
    expect(await verify(id, created.password)).toBeNull();
    expect(await verify(id, res.body.password)).toEqual({ projectId: metro.id, partnerId: metro.partnerId });
    // The activity log has the app's creation and reset by the owner, never a password.
    const entries = (
      await t.database.db
        .select()
        .from(partnerAuditLog)
        .where(eq(partnerAuditLog.targetId, metro.id))
        .orderBy(asc(partnerAuditLog.createdAt), asc(partnerAuditLog.action))
    ).filter((e) => e.after?.privateAppId === id);
    expect(entries).toMatchObject([
      { action: 'private-app.create', targetName: metro.name, after: { privateAppId: id, clientId: metro.businessId } },
      { action: 'private-app.update', before: null, after: { privateAppId: id, secret: 'rotated' } },
    ]);
    for (const password of [created.password, res.body.password])
      expect(JSON.stringify(entries)).not.toContain(password.slice(5));

    // An archived project's credential no longer signs in.
    await setProject(t, metro.id, { partnerArchived: true });
    expect(await verify(id, res.body.password)).toBeNull();
  });

  it("answers 404 for an unknown id and for another project's app, and changes nothing", async () => {
    const clinics = await projectOf(t, 'Metro Clinics');
    const theirs = (await create(clinics.id, { clientId: clinics.businessId })).body;
    expect(await reset(metro.id, 'no-such-app')).toMatchObject({
      status: 404,
      body: { message: webhookMessages.privateAppNotFound },
    });
    expect((await reset(metro.id, theirs.privateApp._id)).status).toBe(404);
    expect(await verify(theirs.privateApp._id, theirs.password)).not.toBeNull();
  });
});

describe('who may', () => {
  it('needs a DIAMOND partner and a plan other than Basic or NONE to create or reset; reading stays', async () => {
    const created = (await create(metro.id, { clientId: metro.businessId })).body;
    const refused = { status: 403, body: { message: webhookMessages.privateAppNotAllowed } };
    await setPartner(t, metro.partnerId, { planType: 'GOLD' });
    expect(await reset(metro.id, created.privateApp._id)).toMatchObject(refused);
    expect((await read(metro.id)).body.privateApp?._id).toBe(created.privateApp._id);
    await setPartner(t, metro.partnerId, { planType: 'DIAMOND' });
    for (const activePlan of ['BASIC_MONTHLY', 'BASIC_YEARLY', 'NONE']) {
      await setProject(t, metro.id, { activePlan });
      expect(await reset(metro.id, created.privateApp._id), activePlan).toMatchObject(refused);
    }
    const sunrise = await projectOf(t, 'Sunrise Bakery');
    expect(await create(sunrise.id, { clientId: sunrise.businessId })).toMatchObject(refused);
  });

  it('an archived project answers 404 to create and reset', async () => {
    await setProject(t, metro.id, { partnerArchived: true });
    expect((await create(metro.id, { clientId: metro.businessId })).status).toBe(404);
  });

  it('a DIRECT partner gets 403, reading too', async () => {
    const direct = await signInAs(t.app, 'direct');
    const corner = await projectOf(t, 'Corner Store');
    await setProject(t, corner.id, { activePlan: 'PRO_MONTHLY' });
    expect((await read(corner.id, direct)).status).toBe(403);
    expect(await create(corner.id, { clientId: corner.businessId }, direct)).toMatchObject({
      status: 403,
      body: { message: webhookMessages.privateAppNotAllowed },
    });
  });

  it('a read-only member reads, and gets 403 on create and reset', async () => {
    const agent = await signInAs(t.app, 'agent');
    const created = (await create(metro.id, { clientId: metro.businessId })).body;
    expect((await read(metro.id, agent)).body).toEqual({ privateApp: created.privateApp });
    for (const res of [
      await create(metro.id, { clientId: metro.businessId }, agent),
      await reset(metro.id, created.privateApp._id, agent),
    ])
      expect(res).toMatchObject({ status: 403, body: { message: messages.forbidden } });
    expect(await verify(created.privateApp._id, created.password)).not.toBeNull();
  });

  it("another partner's member gets 404 on Acme's project, whatever partnerId it sends", async () => {
    const created = (await create(metro.id, { clientId: metro.businessId })).body;
    const ads = await signInAs(t.app, 'ads');
    expect((await read(metro.id, ads)).status).toBe(404);
    const body = { partnerId: metro.partnerId, clientId: metro.businessId };
    expect((await create(metro.id, body, ads)).status).toBe(404);
    expect((await reset(metro.id, created.privateApp._id, ads)).status).toBe(404);
    expect(await verify(created.privateApp._id, created.password)).not.toBeNull();
  });
});
