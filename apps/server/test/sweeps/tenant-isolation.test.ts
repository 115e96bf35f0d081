/// <reference types="vite/client" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fullAccess,
  noAccess,
  type AllRolesResponse,
  type FetchPartnerAgentsResponse,
  type Partner,
} from '@pc/contract';
import { call, signInAs, startTestApp, type TestContext } from '../harness.js';

/**
 * The tenant floor: the DIRECT partner's owner, acting on the WHITELABEL partner's members and
 * roles by their ids and names, finds nothing (404) and changes nothing; a partner id in a payload
 * or a path is ignored, the partner being the one of the session.
 */
let t: TestContext;
let acmeOwner: string;
let acmeAgent: string;
let directOwner: string;
let acme: Partner;
let acmeAgents: FetchPartnerAgentsResponse['partnerAgents'];

/** Everything of Acme that a foreign partner could try to read or change, as Acme's owner sees it. */
const acmeState = async () => ({
  profile: (await call<{ data: Partner }>(t.app, 'POST', '/api/get-profile', { token: acmeOwner })).body.data,
  agents: (
    await call<FetchPartnerAgentsResponse>(t.app, 'POST', '/api/fetch-partner-agents', { token: acmeOwner, body: {} })
  ).body,
  roles: (await call<AllRolesResponse>(t.app, 'GET', '/api/get-all-roles', { token: acmeOwner })).body,
});
let before: Awaited<ReturnType<typeof acmeState>>;

beforeAll(async () => {
  t = await startTestApp();
  [acmeOwner, acmeAgent, directOwner] = await Promise.all([
    signInAs(t.app, 'owner'),
    signInAs(t.app, 'agent'),
    signInAs(t.app, 'direct'),
  ]);
  // Acme's logo differs from Direct's (none), so whose logo comes back is visible.
  await call(t.app, 'PATCH', '/api/profile-update', {
    token: acmeOwner,
    body: { brandLogoUrl: 'https://cdn.acme.example/logo.png' },
  });
  // Direct has a role of its own, so a refusal cannot come from a missing role.
  await call(t.app, 'POST', '/api/create-role', {
    token: directOwner,
    body: { name: 'Staff', permissionsList: { ...noAccess, dashboard: { read: true } } },
  });
  before = await acmeState();
  acme = before.profile;
  acmeAgents = before.agents.partnerAgents;
});
afterAll(() => t.close());

const asDirect = (method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown) =>
  call(t.app, method, url, { token: directOwner, body });

describe("the DIRECT owner on Acme's members and roles", () => {
  it("cannot delete any of Acme's members: 404", async () => {
    for (const agent of acmeAgents) {
      const res = await asDirect('POST', '/api/disable-partner-agent', { agentId: agent._id });
      expect(res.status, agent.loginUsername).toBe(404);
    }
    // Acme's member is still signed in.
    expect((await call(t.app, 'GET', '/api/me', { token: acmeAgent })).status).toBe(200);
  });

  it("cannot change the role of Acme's members, to a role of either partner: 404", async () => {
    for (const agent of acmeAgents) {
      for (const role of ['Staff', 'Manager', 'Viewer']) {
        expect(
          (await asDirect('POST', '/api/modify-partner-agent', { agentId: agent._id, role })).status,
          `${agent.loginUsername} -> ${role}`,
        ).toBe(404);
      }
    }
  });

  it("cannot edit Acme's roles by name, in any case: 404", async () => {
    for (const roleName of ['Viewer', 'manager', 'MANAGER']) {
      expect(
        (await asDirect('POST', '/api/edit-role', { roleName, permissionsList: fullAccess })).status,
        roleName,
      ).toBe(404);
    }
  });

  it("cannot give a new member one of Acme's roles: 404, and no member is created", async () => {
    const body = {
      name: 'Mole',
      email: 'mole@direct.example',
      loginUsername: 'mole',
      loginPassword: 'Mole@1234',
      dialCode: '91',
      phoneNumber: '9876543210',
      agentRole: 'Manager',
    };
    expect((await asDirect('POST', '/api/create-partner-agent', body)).status).toBe(404);
    const direct = (await asDirect('POST', '/api/fetch-partner-agents', {})).body as FetchPartnerAgentsResponse;
    expect(direct.partnerAgents.map((a) => a.loginUsername)).not.toContain('mole');
  });

  it('may name its own role like one of Acme, which stays as it was', async () => {
    expect((await asDirect('POST', '/api/create-role', { name: 'Viewer', permissionsList: fullAccess })).status).toBe(
      200,
    );
    const own = (await asDirect('GET', '/api/get-all-roles')).body as AllRolesResponse;
    expect(Object.keys(own.roles).sort()).toEqual(['Staff', 'Viewer']);
    expect(own.roles.Viewer?.accessLevel).toEqual(fullAccess);
  });
});

describe('a partner id in a payload is ignored', () => {
  it("fetch-partner-agents with Acme's partnerId gives only Direct Retail's members", async () => {
    const res = await asDirect('POST', '/api/fetch-partner-agents', { partnerId: acme.id });
    const { partnerAgents } = res.body as FetchPartnerAgentsResponse;
    expect(res.status).toBe(200);
    expect(partnerAgents.map((a) => a.loginUsername)).toEqual(['direct']);
    expect(new Set(partnerAgents.map((a) => a.partnerId)).has(acme.id)).toBe(false);
  });

  it("get-partner-logos with Acme's id gives Acme's logo only (it is public: the embedded sign-up page shows it)", async () => {
    expect((await asDirect('GET', `/api/${acme.id}/get-partner-logos`)).body).toEqual({
      brandLogoUrl: 'https://cdn.acme.example/logo.png',
    });
  });

  it("get-profile gives the caller's partner and profile-update changes the caller's", async () => {
    expect(
      ((await asDirect('POST', '/api/get-profile', { partnerId: acme.id })).body as { data: Partner }).data.name,
    ).toBe('Direct Retail');
    expect(
      (await asDirect('PATCH', '/api/profile-update', { brandName: 'Direct Brand', partnerId: acme.id, id: acme.id }))
        .status,
    ).toBe(200);
    expect(((await asDirect('POST', '/api/get-profile')).body as { data: Partner }).data.brandName).toBe(
      'Direct Brand',
    );
  });
});

describe('afterwards', () => {
  it('Acme is exactly as it was', async () => {
    expect(await acmeState()).toEqual(before);
  });
});

describe('coverage', () => {
  // Each route a partner's user may call says how the floor holds for it, in floors/<area>.ts
  // beside the test that shows it; a new route must be added there.
  const floors = import.meta.glob<{ floor: Record<string, string> }>('./floors/*.ts', { eager: true });
  const floor = Object.assign({}, ...Object.values(floors).map((m) => m.floor)) as Record<string, string>;

  it('every route a partner user may call is covered', async () => {
    await t.app.ready();
    const partnerRoutes = t.app.accessTable
      .filter((r) => r.access !== 'public' && r.access !== 'superadmin')
      .map((r) => `${r.method} ${r.url}`);
    expect(partnerRoutes.sort()).toEqual(Object.keys(floor).sort());
  });
});
