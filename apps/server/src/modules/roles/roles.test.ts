import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fullAccess, messages, noAccess, type AccessLevel, type AllRolesResponse, type Me } from '@pc/contract';
import { call, signIn, signInAs, startTestApp, type TestContext } from '../../../test/harness.js';
import { probe, startProbeApp } from '../../../test/probe.js';
import type { App } from '../../app.js';
import { makeAgent, makePartner, readOnlyAccess } from '../../seed/factories.js';

let t: TestContext;
let probes: App;
let owner: string;
beforeAll(async () => {
  t = await startTestApp();
  probes = await startProbeApp(t.deps);
  owner = await signInAs(t.app, 'owner');
});
afterAll(async () => {
  await probes.close();
  await t.close();
});

const allRoles = async (token = owner) =>
  (await call<AllRolesResponse>(t.app, 'GET', '/api/get-all-roles', { token })).body;
const createRole = (name: string, permissionsList: unknown, token = owner) =>
  call(t.app, 'POST', '/api/create-role', { token, body: { name, permissionsList } });
const editRole = (roleName: string, permissionsList: unknown, token = owner) =>
  call(t.app, 'POST', '/api/edit-role', { token, body: { roleName, permissionsList } });
const billingsOnly: AccessLevel = { ...noAccess, billings: { read: true } };

/** A partner of its own with its owner signed in, for quotas that the shared demo partner would mix up. */
const freshPartner = async (seed: { maxRoles?: number; maxAgents?: number }, userName: string) => {
  const partner = await makePartner(t.database.db, { name: `Partner of ${userName}`, ...seed });
  await makeAgent(t.database.db, { partnerId: partner.id, userName, password: 'Fresh@123' });
  return { partner, token: await signIn(t.app, userName, 'Fresh@123') };
};

describe('GET /api/get-all-roles', () => {
  it("lists the partner's roles by name with the quota", async () => {
    const res = await call<AllRolesResponse>(t.app, 'GET', '/api/get-all-roles', { token: owner });
    expect(res.status).toBe(200);
    expect(res.body.maxRoles).toBe(5);
    expect(res.body.roles.Viewer).toEqual({
      name: 'Viewer',
      createdAt: expect.any(String),
      accessLevel: readOnlyAccess,
    });
    expect(Object.keys(res.body.roles)).toEqual(expect.arrayContaining(['Viewer', 'Manager']));
  });

  it('is for the owner only', async () => {
    expect((await call(t.app, 'GET', '/api/get-all-roles', { token: await signInAs(t.app, 'priya') })).status).toBe(
      403,
    );
    expect((await call(t.app, 'GET', '/api/get-all-roles')).status).toBe(401);
  });
});

describe('POST /api/create-role', () => {
  it('creates a role, and write implies read once saved', async () => {
    const res = await createRole('Support', {
      ...noAccess,
      business: { read: false, write: true },
      billings: { read: true },
    });
    expect(res).toEqual({ status: 200, body: { message: messages.roleCreated } });
    expect((await allRoles()).roles.Support?.accessLevel).toEqual({
      ...noAccess,
      business: { read: true, write: true },
      billings: { read: true },
    });
  });

  it('refuses a name already taken, whatever its case or spaces, and changes nothing', async () => {
    const before = await allRoles();
    for (const name of ['viewer', ' VIEWER ', 'Support']) {
      const res = await createRole(name, fullAccess);
      expect(res.status, name).toBe(409);
      expect(res.body.message).toBe(messages.roleExists);
    }
    expect(await allRoles()).toEqual(before);
  });

  it('refuses the name OWNER in any case', async () => {
    for (const name of ['OWNER', 'owner', ' Owner ']) {
      const res = await createRole(name, fullAccess);
      expect(res.status, name).toBe(400);
      expect(res.body.message).toBe(messages.roleExists);
    }
    expect(Object.keys((await allRoles()).roles).map((n) => n.toUpperCase())).not.toContain('OWNER');
  });

  it('needs a name and at least one permission', async () => {
    const none = await createRole('Nothing', noAccess);
    expect(none).toMatchObject({ status: 400, body: { message: messages.permissionRequired } });
    expect((await createRole('  ', billingsOnly)).body.message).toBe(messages.roleNameRequired);
    expect((await allRoles()).roles.Nothing).toBeUndefined();
  });

  it('refuses "Roles limit reached!" at the quota', async () => {
    const { token } = await freshPartner({ maxRoles: 2 }, 'roles-quota-owner');
    expect((await createRole('One', billingsOnly, token)).status).toBe(200);
    expect((await createRole('Two', billingsOnly, token)).status).toBe(200);
    const res = await createRole('Three', billingsOnly, token);
    expect(res).toMatchObject({ status: 400, body: { message: messages.rolesLimitReached } });
    expect(Object.keys((await allRoles(token)).roles)).toEqual(['One', 'Two']);
  });

  it('lets only one of several creates at once take the last slot', async () => {
    const { token } = await freshPartner({ maxRoles: 1 }, 'roles-race-owner');
    const results = await Promise.all(['A', 'B', 'C', 'D', 'E'].map((name) => createRole(name, billingsOnly, token)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 400 && r.body.message === messages.rolesLimitReached)).toHaveLength(4);
    expect(Object.keys((await allRoles(token)).roles)).toHaveLength(1);
  });

  it('is for the owner only', async () => {
    expect((await createRole('Sneaky', fullAccess, await signInAs(t.app, 'priya'))).status).toBe(403);
    expect((await allRoles()).roles.Sneaky).toBeUndefined();
  });
});

describe('POST /api/edit-role', () => {
  it("replaces a role's permissions, found by name in any case, write implying read", async () => {
    const res = await editRole('support', { ...noAccess, plans: { read: false, write: true } });
    expect(res).toEqual({ status: 200, body: { message: messages.roleUpdated } });
    expect((await allRoles()).roles.Support?.accessLevel).toEqual({ ...noAccess, plans: { read: true, write: true } });
  });

  it('answers 404 for an unknown role and OWNER, and needs a permission', async () => {
    expect((await editRole('Ghost', fullAccess)).status).toBe(404);
    expect((await editRole('OWNER', fullAccess)).status).toBe(404);
    expect(await editRole('Support', noAccess)).toMatchObject({
      status: 400,
      body: { message: messages.permissionRequired },
    });
  });

  it("applies to a signed-in member's very next request", async () => {
    const agent = await signInAs(t.app, 'agent'); // role Viewer: no billings
    expect(await probe(probes, 'billings.read', agent)).toBe(403);
    expect((await editRole('Viewer', { ...readOnlyAccess, billings: { read: true } })).status).toBe(200);
    expect(await probe(probes, 'billings.read', agent)).toBe(200);
    expect((await call<Me>(t.app, 'GET', '/api/me', { token: agent })).body.accessLevel.billings).toEqual({
      read: true,
    });

    expect((await editRole('Viewer', readOnlyAccess)).status).toBe(200);
    expect(await probe(probes, 'billings.read', agent)).toBe(403);
  });

  it('is for the owner only', async () => {
    const before = await allRoles();
    expect((await editRole('Viewer', fullAccess, await signInAs(t.app, 'agent'))).status).toBe(403);
    expect(await allRoles()).toEqual(before);
  });
});
