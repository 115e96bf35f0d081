import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, type FetchPartnerAgentsResponse, type Me, type PartnerAgent } from '@pc/contract';
import { call, signIn, signInAs, startTestApp, type TestContext } from '../../../test/harness.js';
import { probe, startProbeApp } from '../../../test/probe.js';
import type { App } from '../../app.js';
import { partnerAuditLog } from '../../platform/db/schema.js';
import { makeAgent, makePartner, makeRole, readOnlyAccess } from '../../seed/factories.js';

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

const agents = async (token = owner) =>
  (await call<FetchPartnerAgentsResponse>(t.app, 'POST', '/api/fetch-partner-agents', { token, body: {} })).body;
const agentNamed = async (loginUsername: string, token = owner) =>
  (await agents(token)).partnerAgents.find((a) => a.loginUsername === loginUsername)!;

let seq = 0;
/** A valid create-member payload with a fresh user name and email. */
const member = (change: Record<string, unknown> = {}) => {
  seq += 1;
  return {
    name: `Member ${seq}`,
    email: `member${seq}@acme.example`,
    loginUsername: `member${seq}`,
    loginPassword: 'Member@123',
    dialCode: '91',
    phoneNumber: '9876543210',
    agentRole: 'Viewer',
    ...change,
  };
};
const create = (body: unknown, token = owner) => call(t.app, 'POST', '/api/create-partner-agent', { token, body });
const disable = (agentId: string, token = owner) =>
  call(t.app, 'POST', '/api/disable-partner-agent', { token, body: { agentId } });
const modify = (agentId: string, role: string, token = owner) =>
  call(t.app, 'POST', '/api/modify-partner-agent', { token, body: { agentId, role } });

/** A partner of its own (one role "Staff") with its owner signed in, for quotas. */
const freshPartner = async (maxAgents: number, userName: string) => {
  const partner = await makePartner(t.database.db, { name: `Partner of ${userName}`, maxAgents });
  await makeRole(t.database.db, partner.id, 'Staff', readOnlyAccess);
  await makeAgent(t.database.db, {
    partnerId: partner.id,
    userName,
    password: 'Fresh@123',
    email: `${userName}@fresh.example`,
  });
  return { partner, token: await signIn(t.app, userName, 'Fresh@123') };
};

describe('POST /api/fetch-partner-agents', () => {
  it("lists the partner's members, disabled ones included, with the quotas and never a password", async () => {
    const res = await call<FetchPartnerAgentsResponse>(t.app, 'POST', '/api/fetch-partner-agents', {
      token: owner,
      body: {},
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ maxAgents: 10, maxRoles: 5 });
    expect(res.body.partnerAgents.map((a) => a.loginUsername).sort()).toEqual([
      'agent',
      'meera',
      'owner',
      'priya',
      'rahul',
    ]);
    expect(res.body.partnerAgents.find((a) => a.loginUsername === 'owner')).toMatchObject({
      agentRole: 'OWNER',
      power: 2,
      disabled: false,
    });
    expect(res.body.partnerAgents.find((a) => a.loginUsername === 'meera')).toMatchObject({
      agentRole: 'Manager',
      disabled: true,
    });
    expect(JSON.stringify(res.body)).not.toMatch(/password/i);
  });

  it("gives each member the spec's power: 2 the owner, 1 a manager (Business Edit), else 0", async () => {
    const res = await call<FetchPartnerAgentsResponse>(t.app, 'POST', '/api/fetch-partner-agents', { token: owner });
    const power = Object.fromEntries(res.body.partnerAgents.map((a) => [a.loginUsername, [a.agentRole, a.power]]));
    expect(power.owner).toEqual(['OWNER', 2]);
    expect(power.priya).toEqual(['Manager', 1]);
    expect(power.agent).toEqual(['Viewer', 0]);
  });

  it('works without a body, as the spec sends it', async () => {
    const res = await call<FetchPartnerAgentsResponse>(t.app, 'POST', '/api/fetch-partner-agents', { token: owner });
    expect(res.status).toBe(200);
    expect(res.body.partnerAgents.length).toBeGreaterThanOrEqual(5);
  });

  it('is for the owner only', async () => {
    expect(
      (await call(t.app, 'POST', '/api/fetch-partner-agents', { token: await signInAs(t.app, 'priya'), body: {} }))
        .status,
    ).toBe(403);
  });
});

describe('POST /api/create-partner-agent', () => {
  it("takes the spec's payload: contact is the dial code without plus followed by the number", async () => {
    const {
      dialCode: _d,
      phoneNumber: _p,
      ...rest
    } = member({ loginUsername: 'spec-payload', email: 'spec@acme.example' });
    const body = { ...rest, contact: '919812345678', partnerId: 'ignored' };
    expect(await create(body)).toEqual({ status: 200, body: { message: messages.memberCreated } });
    expect(await agentNamed('spec-payload')).toMatchObject({ contact: '919812345678', power: 0 });
    for (const contact of ['+919812345678', '12345', '', 'phone']) {
      const refused = await create({ ...member(), contact, dialCode: undefined, phoneNumber: undefined });
      expect(refused.status, contact).toBe(400);
      expect(refused.body.message, contact).toBe(messages.phoneTooShort);
    }
    expect((await create({ ...rest, loginUsername: 'no-contact', email: 'nc@acme.example' })).status).toBe(400);
  });

  it('creates a member who can then sign in with their role', async () => {
    const body = member({
      name: 'Nina New',
      loginUsername: 'nina',
      email: 'nina@acme.example',
      dialCode: '44',
      phoneNumber: '7700900123',
      country: 'gb',
    });
    expect(await create(body)).toEqual({ status: 200, body: { message: messages.memberCreated } });
    expect(await agentNamed('nina')).toMatchObject({
      name: 'Nina New',
      displayName: 'Nina New',
      email: 'nina@acme.example',
      contact: '447700900123',
      country: 'GB',
      agentRole: 'Viewer',
      power: 0,
      disabled: false,
    });
    const token = await signIn(t.app, 'nina', 'Member@123');
    expect((await call<Me>(t.app, 'GET', '/api/me', { token })).body.agent).toMatchObject({ agentRole: 'Viewer' });
  });

  it('refuses "User Name already exist!" in any case, across partners and platform staff', async () => {
    const before = (await agents()).partnerAgents.length;
    for (const loginUsername of ['PRIYA', 'nina', 'direct', 'Admin']) {
      const res = await create(member({ loginUsername }));
      expect(res.status, loginUsername).toBe(409);
      expect(res.body.message).toBe(messages.userNameExists);
    }
    expect((await agents()).partnerAgents.length).toBe(before);
  });

  it('refuses an email already used, in any case, across partners', async () => {
    for (const email of ['Priya@Acme.example', 'owner@directretail.example', 'admin@platform.example']) {
      const res = await create(member({ email }));
      expect(res.status, email).toBe(409);
      expect(res.body.message).toBe(messages.emailExists);
    }
  });

  it('gives one of two partners creating the same user name or email at once "already exist", not an error', async () => {
    // Two partners' creates do not wait for each other; a few rounds make the overlap likely on PostgreSQL.
    const [a, b] = await Promise.all([freshPartner(50, 'twins-a-owner'), freshPartner(50, 'twins-b-owner')]);
    for (let round = 0; round < 5; round++) {
      const same = { loginUsername: `twin${round}`, agentRole: 'Staff' };
      const pair = await Promise.all([create(member(same), a.token), create(member(same), b.token)]);
      expect(pair.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(pair.find((r) => r.status === 409)!.body.message).toBe(messages.userNameExists);
    }
    const sameEmail = { email: 'shared@twins.example', agentRole: 'Staff' };
    const pair = await Promise.all([create(member(sameEmail), a.token), create(member(sameEmail), b.token)]);
    expect(pair.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(pair.find((r) => r.status === 409)!.body.message).toBe(messages.emailExists);
  });

  it('answers 404 for a role the partner does not have (OWNER included)', async () => {
    for (const agentRole of ['Ghost', 'OWNER']) {
      const body = member({ agentRole });
      expect((await create(body)).status, agentRole).toBe(404);
      expect(await agentNamed(body.loginUsername)).toBeUndefined();
    }
  });

  it('validates the form with the spec messages', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ email: 'nina@acme' }, messages.invalidEmail],
      [{ loginUsername: 'someone@acme.example' }, messages.invalidUsername],
      [{ loginUsername: '' }, messages.invalidUsername],
      [{ phoneNumber: '123456' }, messages.phoneTooShort],
      [{ name: '' }, messages.nameRequired],
    ];
    for (const [change, message] of cases) {
      const res = await create(member(change));
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(res.body.message).toBe(message);
    }
  });

  it('is for the owner only', async () => {
    const body = member();
    expect((await create(body, await signInAs(t.app, 'priya'))).status).toBe(403);
    expect(await agentNamed(body.loginUsername)).toBeUndefined();
  });
});

describe('the member quota', () => {
  it('"Max Members reached" counts active members only', async () => {
    const { token } = await freshPartner(3, 'quota-owner');
    const first = member({ agentRole: 'Staff' });
    expect((await create(first, token)).status).toBe(200);
    expect((await create(member({ agentRole: 'Staff' }), token)).status).toBe(200);
    const full = await create(member({ agentRole: 'Staff' }), token);
    expect(full).toMatchObject({ status: 400, body: { message: messages.maxMembersReached } });

    // Deleting a member frees a slot.
    expect((await disable((await agentNamed(first.loginUsername, token))._id, token)).status).toBe(200);
    expect((await create(member({ agentRole: 'Staff' }), token)).status).toBe(200);
    expect((await agents(token)).partnerAgents.filter((a) => !a.disabled)).toHaveLength(3);
  });

  it('never lets creates at once pass it: one slot left, exactly one succeeds', async () => {
    const { token } = await freshPartner(2, 'race-owner');
    const results = await Promise.all(Array.from({ length: 6 }, () => create(member({ agentRole: 'Staff' }), token)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400, 400, 400, 400]);
    expect(results.filter((r) => r.status === 400).every((r) => r.body.message === messages.maxMembersReached)).toBe(
      true,
    );
    expect((await agents(token)).partnerAgents).toHaveLength(2);
  });
});

describe('POST /api/disable-partner-agent', () => {
  it('ends the member’s sessions at once and they cannot sign in again', async () => {
    const body = member();
    await create(body);
    const session = await signIn(t.app, body.loginUsername, 'Member@123');
    const target = await agentNamed(body.loginUsername);

    const res = await disable(target._id);
    expect(res).toEqual({ status: 200, body: { message: messages.memberDeleted(target.name) } });
    expect((await call(t.app, 'GET', '/api/me', { token: session })).status).toBe(401);
    expect(
      (await call(t.app, 'POST', '/auth/login', { body: { userName: body.loginUsername, password: 'Member@123' } }))
        .status,
    ).toBe(401);
    expect(await agentNamed(body.loginUsername)).toMatchObject({ disabled: true });
  });

  it('cannot delete the owner', async () => {
    const me = await agentNamed('owner');
    expect(await disable(me._id)).toMatchObject({ status: 400, body: { message: messages.cannotDisableOwner } });
    expect((await call(t.app, 'GET', '/api/me', { token: owner })).status).toBe(200);
  });

  it('answers 404 for an unknown or already deleted member', async () => {
    expect((await disable('000000000000000000000000')).status).toBe(404);
    expect((await disable((await agentNamed('meera'))._id)).status).toBe(404);
  });

  it('is for the owner only', async () => {
    const rahul = await agentNamed('rahul');
    expect((await disable(rahul._id, await signInAs(t.app, 'priya'))).status).toBe(403);
    expect(await agentNamed('rahul')).toMatchObject({ disabled: false });
  });
});

describe('POST /api/modify-partner-agent', () => {
  it("changes the member's role, which judges their very next request", async () => {
    const priya = await signInAs(t.app, 'priya'); // Manager: billings read
    const target = await agentNamed('priya');
    expect(await probe(probes, 'billings.read', priya)).toBe(200);

    const res = await modify(target._id, 'viewer');
    expect(res).toEqual({ status: 200, body: { message: messages.memberRoleModified('Viewer') } });
    expect(await probe(probes, 'billings.read', priya)).toBe(403);
    expect(await probe(probes, 'business.write', priya)).toBe(403);
    expect((await call<Me>(t.app, 'GET', '/api/me', { token: priya })).body.agent?.agentRole).toBe('Viewer');
    expect((await agentNamed('priya')).agentRole).toBe('Viewer');

    expect((await modify(target._id, 'Manager')).status).toBe(200);
    expect(await probe(probes, 'business.write', priya)).toBe(200);
  });

  it("logs the role change in the partner's activity log, by the owner, from the caller's address", async () => {
    const rahul = await agentNamed('rahul'); // Viewer
    const entries = () =>
      t.database.db
        .select()
        .from(partnerAuditLog)
        .where(and(eq(partnerAuditLog.targetId, rahul._id), eq(partnerAuditLog.action, 'member.update')));
    expect((await modify(rahul._id, 'Manager')).status).toBe(200);
    // The same role again, or a refused change, is no change.
    expect((await modify(rahul._id, 'manager')).status).toBe(200);
    expect((await modify(rahul._id, 'Ghost')).status).toBe(404);
    const ownerId = (await agentNamed('owner'))._id;
    expect(await entries()).toEqual([
      expect.objectContaining({
        partnerId: rahul.partnerId,
        memberId: ownerId,
        targetKind: 'member',
        targetName: rahul.name,
        before: { agentRole: 'Viewer' },
        after: { agentRole: 'Manager' },
        address: '127.0.0.1',
      }),
    ]);
    expect((await modify(rahul._id, 'Viewer')).status).toBe(200);
  });

  it("cannot change the owner's role or make anyone OWNER", async () => {
    expect(await modify((await agentNamed('owner'))._id, 'Viewer')).toMatchObject({
      status: 400,
      body: { message: messages.cannotChangeOwnerRole },
    });
    expect((await modify((await agentNamed('rahul'))._id, 'OWNER')).status).toBe(404);
    expect((await agentNamed('rahul')).agentRole).toBe('Viewer');
  });

  it('answers 404 for an unknown member, a deleted one or an unknown role', async () => {
    expect((await modify('000000000000000000000000', 'Viewer')).status).toBe(404);
    expect((await modify((await agentNamed('meera'))._id, 'Viewer')).status).toBe(404);
    expect((await modify((await agentNamed('rahul'))._id, 'Ghost')).status).toBe(404);
  });

  it('is for the owner only', async () => {
    const rahul: PartnerAgent = await agentNamed('rahul');
    expect((await modify(rahul._id, 'Manager', await signInAs(t.app, 'priya'))).status).toBe(403);
    expect((await agentNamed('rahul')).agentRole).toBe('Viewer');
  });
});
