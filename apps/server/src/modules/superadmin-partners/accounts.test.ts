import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  messages,
  partnerAccountTexts as texts,
  type AdminPartnersResponse,
  type CreatePartnerRequest,
  type Partner,
  type PartnerAccount,
} from '@pc/contract';
import { call, signIn, signInAs, startTestApp, type TestContext } from '../../../test/harness.js';
import { adminAuditLog, agents, partners, projects } from '../../platform/db/schema.js';

const UNIT = 100000;
let t: TestContext;
let admin: string;
let owner: string;
beforeAll(async () => {
  t = await startTestApp();
  [admin, owner] = await Promise.all([signInAs(t.app, 'admin'), signInAs(t.app, 'owner')]);
});
afterAll(() => t.close());

const list = (query = '', token = admin) =>
  call<AdminPartnersResponse>(t.app, 'GET', `/superadmin/partners${query}`, { token });
const create = (body: unknown, token = admin) => call(t.app, 'POST', '/superadmin/partners', { token, body });
const update = (id: string, body: unknown, token = admin) =>
  call(t.app, 'PATCH', `/superadmin/partners/${id}`, { token, body });
const account = (id: string, token = admin) =>
  call<PartnerAccount>(t.app, 'GET', `/superadmin/partners/${id}`, { token });
const idOf = async (name: string) =>
  (await t.database.db.select({ id: partners.id }).from(partners).where(eq(partners.name, name)))[0]!.id;
const counts = async () => ({
  partners: (await t.database.db.select({ n: count() }).from(partners))[0]!.n,
  agents: (await t.database.db.select({ n: count() }).from(agents))[0]!.n,
  audit: (await t.database.db.select({ n: count() }).from(adminAuditLog))[0]!.n,
});
const auditOf = (partnerId: string) =>
  t.database.db.select().from(adminAuditLog).where(eq(adminAuditLog.partnerId, partnerId));

let serial = 0;
const newPartner = (change: Partial<CreatePartnerRequest> = {}): CreatePartnerRequest => {
  serial += 1;
  return {
    type: 'WHITELABEL',
    currency: 'INR',
    name: `Lotus Messaging ${serial}`,
    brandName: 'Lotus Connect',
    customDomain: `lotus${serial}.example.com`,
    maxAgents: 12,
    maxRoles: 4,
    agentSize: 8,
    minAllowedBalance: 750 * UNIT,
    partnershipFee: 20_000 * UNIT,
    partnershipRenewalOn: '2031-04-01',
    owner: {
      name: 'Lata Lotus',
      email: `lata${serial}@lotus.example`,
      loginUsername: `lata${serial}`,
      password: 'Lotus@12345',
    },
    ...change,
  };
};

describe('GET /superadmin/partners', () => {
  it('pages the partners by name with their balances, partnership and number of projects', async () => {
    const first = await list('?rowsPerPage=2');
    expect(first.status).toBe(200);
    expect(first.body.total).toBe(4);
    expect(first.body.partners.map((p) => p.name)).toEqual(['Acme Messaging', 'AdsWorks']);
    const second = await list('?rowsPerPage=2&skip=2');
    expect(second.body.partners.map((p) => p.name)).toEqual(['Direct Retail', 'Growth Referrals']);

    const [acme] = first.body.partners;
    expect(acme).toMatchObject({
      type: 'WHITELABEL',
      currency: 'INR',
      centralBalance: 2450 * UNIT,
      minAllowedBalance: 500 * UNIT,
      partnershipFee: 25_000 * UNIT,
      customDomain: 'acme.localhost',
      projectCount: (
        await t.database.db
          .select({ n: count() })
          .from(projects)
          .where(eq(projects.partnerId, await idOf('Acme Messaging')))
      )[0]!.n,
    });
    expect(acme!.projectCount).toBeGreaterThan(20);
    expect(acme!.partnershipRenewalOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(first.body.partners[1]).toMatchObject({ currency: 'USD', centralBalance: 320 * UNIT });
  });

  it('searches by name, case aside, and counts what the search matches', async () => {
    const found = await list('?search=ACME');
    expect(found.body).toMatchObject({ total: 1, partners: [{ name: 'Acme Messaging' }] });
    // The search's % and _ are literal, not wildcards.
    expect((await list('?search=%25')).body).toEqual({ partners: [], total: 0 });
  });

  it('refuses a bad page with a 400', async () => {
    expect((await list('?rowsPerPage=0')).status).toBe(400);
    expect((await list('?skip=-1')).status).toBe(400);
  });
});

describe('GET /superadmin/partners/:id', () => {
  it("answers the partner and its OWNER's sign-in, never a password", async () => {
    const res = await account(await idOf('Direct Retail'));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'Direct Retail',
      type: 'DIRECT',
      owner: { name: 'Dev Direct', email: 'owner@directretail.example', loginUsername: 'direct' },
    });
    expect(JSON.stringify(res.body)).not.toMatch(/password/i);
  });

  it('answers 404 for an unknown partner, 403 to a partner', async () => {
    expect((await account('000000000000000000000000')).status).toBe(404);
    expect((await account(await idOf('Acme Messaging'), owner)).status).toBe(403);
  });
});

describe('POST /superadmin/partners', () => {
  it('creates the partner and its OWNER, who signs in at once, with one audit row without the password', async () => {
    const body = newPartner({ type: 'DIRECT', currency: 'USD', customDomain: 'Lotus-Direct.Example.com' });
    const res = await create(body);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: texts.created, id: expect.any(String) });
    const id = res.body.id as string;

    const token = await signIn(t.app, body.owner.loginUsername, body.owner.password);
    const profile = await call<{ data: Partner }>(t.app, 'POST', '/api/get-profile', { token });
    expect(profile.body.data).toMatchObject({
      id,
      name: body.name,
      type: 'DIRECT',
      currency: 'USD',
      brandName: 'Lotus Connect',
      centralBalance: 0,
      minAllowedBalance: 750 * UNIT,
      partnershipFee: 20_000 * UNIT,
      partnershipRenewalOn: '2031-04-01',
      maxAgents: 12,
      maxRoles: 4,
      agentSize: 8,
    });
    // Its owner has the OWNER's screens: the team list.
    expect((await call(t.app, 'POST', '/api/fetch-partner-agents', { token, body: {} })).status).toBe(200);
    // The domain is kept as a host name is looked up: lower case.
    expect((await account(id)).body.customDomain).toBe('lotus-direct.example.com');

    const audit = await auditOf(id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'partner.create',
      targetKind: 'partner',
      targetId: id,
      adminName: 'Platform Admin',
      before: null,
      after: expect.objectContaining({ name: body.name, type: 'DIRECT', owner: expect.any(Object) }),
    });
    expect(JSON.stringify(audit[0])).not.toContain(body.owner.password);
    expect(JSON.stringify(audit[0])).not.toMatch(/password/i);
  });

  it('takes the quotas and money it is not sent at their defaults', async () => {
    const { maxAgents, maxRoles, agentSize, minAllowedBalance, partnershipFee, partnershipRenewalOn, ...rest } =
      newPartner({ brandName: null, customDomain: null });
    void [maxAgents, maxRoles, agentSize, minAllowedBalance, partnershipFee, partnershipRenewalOn];
    const res = await create(rest);
    expect(res.status).toBe(200);
    expect((await account(res.body.id as string)).body).toMatchObject({
      maxAgents: 10,
      maxRoles: 5,
      agentSize: 10,
      minAllowedBalance: 0,
      partnershipFee: 0,
      partnershipRenewalOn: null,
      brandName: null,
      customDomain: null,
    });
  });

  it('answers 409 for a domain, user name or email already taken, and creates nothing', async () => {
    const before = await counts();
    const domain = await create(newPartner({ customDomain: 'ACME.localhost' }));
    expect(domain.status).toBe(409);
    expect(domain.body.message).toBe(texts.domainTaken);
    const base = newPartner();
    const userName = await create({ ...base, owner: { ...base.owner, loginUsername: 'Owner' } });
    expect(userName.status).toBe(409);
    expect(userName.body.message).toBe(messages.userNameExists);
    const email = await create({ ...base, owner: { ...base.owner, email: 'OWNER@acme.example' } });
    expect(email.status).toBe(409);
    expect(email.body.message).toBe(messages.emailExists);
    // The platform's staff sign in the same way: their user names are taken too.
    expect((await create({ ...base, owner: { ...base.owner, loginUsername: 'admin' } })).status).toBe(409);
    expect(await counts()).toEqual(before);
  });

  it('settles two creates racing for one domain with one 409', async () => {
    const a = newPartner();
    const b = newPartner({ customDomain: a.customDomain });
    const statuses = (await Promise.all([create(a), create(b)])).map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409]);
  });

  it('refuses bad input with a 400 and a message, and creates nothing', async () => {
    const before = await counts();
    const base = newPartner();
    for (const body of [
      { ...base, type: 'RESELLER' },
      { ...base, currency: 'EUR' },
      { ...base, name: '  ' },
      { ...base, customDomain: 'not a domain' },
      { ...base, maxAgents: 0 },
      { ...base, minAllowedBalance: -1 },
      { ...base, partnershipFee: 1.5 },
      { ...base, partnershipRenewalOn: '31/12/2030' },
      { ...base, owner: { ...base.owner, password: 'short' } },
      { ...base, owner: { ...base.owner, loginUsername: 'lata@lotus.example' } },
      { ...base, owner: { ...base.owner, email: 'lata' } },
      { ...base, owner: undefined },
    ]) {
      const res = await create(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toEqual(expect.stringMatching(/\S/));
    }
    expect(await counts()).toEqual(before);
  });

  it('is for the super-admin only', async () => {
    const before = await counts();
    expect((await create(newPartner(), owner)).status).toBe(403);
    expect((await create(newPartner(), '')).status).toBe(401);
    expect(await counts()).toEqual(before);
  });
});

describe('PATCH /superadmin/partners/:id', () => {
  it('changes the fields sent, and audits only those that changed, as they were and as they are', async () => {
    const body = newPartner();
    const id = (await create(body)).body.id as string;
    const res = await update(id, {
      maxAgents: 20,
      maxRoles: 4, // unchanged
      minAllowedBalance: 1000 * UNIT,
      partnershipFee: 0,
      partnershipRenewalOn: null,
      brandName: 'Lotus Cloud',
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(texts.updated);
    expect((await account(id)).body).toMatchObject({
      maxAgents: 20,
      maxRoles: 4,
      minAllowedBalance: 1000 * UNIT,
      partnershipFee: 0,
      partnershipRenewalOn: null,
      brandName: 'Lotus Cloud',
    });
    const rows = (await auditOf(id)).filter((r) => r.action === 'partner.update');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.before).toEqual({
      maxAgents: 12,
      minAllowedBalance: 750 * UNIT,
      partnershipFee: 20_000 * UNIT,
      partnershipRenewalOn: '2031-04-01',
      brandName: 'Lotus Connect',
    });
    expect(rows[0]!.after).toEqual({
      maxAgents: 20,
      minAllowedBalance: 1000 * UNIT,
      partnershipFee: 0,
      partnershipRenewalOn: null,
      brandName: 'Lotus Cloud',
    });

    // The same values again change nothing and record nothing.
    expect((await update(id, { maxAgents: 20, brandName: 'Lotus Cloud' })).status).toBe(200);
    expect((await auditOf(id)).filter((r) => r.action === 'partner.update')).toHaveLength(1);
  });

  it("answers 409 for another partner's domain and changes nothing", async () => {
    const id = (await create(newPartner())).body.id as string;
    const before = await account(id);
    const res = await update(id, { customDomain: 'acme.localhost', maxAgents: 30 });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(texts.domainTaken);
    expect((await account(id)).body).toEqual(before.body);
    // Its own domain, sent again, is not another's.
    expect((await update(id, { customDomain: before.body.customDomain })).status).toBe(200);
  });

  it('answers 400 for bad or no fields, 404 for an unknown partner, 403 to a partner; nothing changes', async () => {
    const id = await idOf('Growth Referrals');
    const before = await account(id);
    const audit = (await counts()).audit;
    expect((await update(id, {})).body.message).toBe(texts.nothingToUpdate);
    for (const body of [{}, { maxRoles: 0 }, { customDomain: 'x' }, { partnershipFee: 'ten' }, { type: 'DIRECT' }]) {
      const res = await update(id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toEqual(expect.stringMatching(/\S/));
    }
    expect((await update('000000000000000000000000', { maxRoles: 3 })).status).toBe(404);
    expect((await update(id, { maxRoles: 3 }, owner)).status).toBe(403);
    expect((await account(id)).body).toEqual(before.body);
    expect((await counts()).audit).toBe(audit);
  });
});
