import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationFormConfig, AuditLogResponse, PlatformAdminsResponse, ProviderCatalogue } from '@pc/contract';
import { call, signInAs, startTestApp, type TestContext } from '../../../test/harness.js';
import { adminAuditLog, partners } from '../../platform/db/schema.js';
import { makeAdmin } from '../../seed/factories.js';
import { recordAudit } from './record.js';

let t: TestContext;
let admin: string;
let owner: string;
let acmeId: string;
let directId: string;
beforeAll(async () => {
  t = await startTestApp();
  [admin, owner] = await Promise.all([signInAs(t.app, 'admin'), signInAs(t.app, 'owner')]);
  const rows = await t.database.db.select({ id: partners.id, name: partners.name }).from(partners);
  acmeId = rows.find((r) => r.name === 'Acme Messaging')!.id;
  directId = rows.find((r) => r.name === 'Direct Retail')!.id;
});
afterAll(() => t.close());

const log = (body: Record<string, unknown>, token = admin) =>
  call<AuditLogResponse>(t.app, 'POST', '/superadmin/audit-log', { token, body });
const latest = async (action: string) => (await log({ action, rowsPerPage: 1 })).body.entries[0];
const auditCount = async () => (await t.database.db.select({ n: count() }).from(adminAuditLog))[0]!.n;

describe('the existing super-admin actions write their audit rows', () => {
  it('partner flags: the flags sent, as they were and as they are', async () => {
    const res = await call(t.app, 'PATCH', `/superadmin/partners/${directId}/flags`, {
      token: admin,
      body: { flags: { kyc: true, metaAds: false } },
    });
    expect(res.status).toBe(200);
    expect(await latest('partner.flags')).toMatchObject({
      actorKind: 'admin',
      actorName: 'Platform Admin',
      targetKind: 'partner',
      targetId: directId,
      partnerId: directId,
      partnerName: 'Direct Retail',
      before: { kyc: false, metaAds: false },
      after: { kyc: true, metaAds: false },
    });
    // An unknown partner: 404 and no row.
    const before = await auditCount();
    expect(
      (
        await call(t.app, 'PATCH', '/superadmin/partners/000000000000000000000000/flags', {
          token: admin,
          body: { flags: { kyc: true } },
        })
      ).status,
    ).toBe(404);
    expect(await auditCount()).toBe(before);
  });

  it('the provider catalogue: the entries sent, as they were and as sent', async () => {
    const catalogue = (await call<ProviderCatalogue>(t.app, 'GET', '/superadmin/catalogue', { token: admin })).body;
    const old = catalogue.plans.BASIC_MONTHLY!;
    const next = { INR: old.INR + 100000, USD: old.USD };
    const res = await call(t.app, 'PATCH', '/superadmin/catalogue', {
      token: admin,
      body: { plans: { BASIC_MONTHLY: next } },
    });
    expect(res.status).toBe(200);
    expect(await latest('catalogue.update')).toMatchObject({
      targetKind: 'catalogue',
      partnerId: null,
      before: { plans: { BASIC_MONTHLY: old } },
      after: { plans: { BASIC_MONTHLY: next } },
    });
    // A refused edit (an unknown slab) writes no row.
    const before = await auditCount();
    const refused = await call(t.app, 'PATCH', '/superadmin/catalogue', {
      token: admin,
      body: { slabFees: [{ startAmount: 123, fee: 1 }] },
    });
    expect(refused.status).toBe(400);
    expect(await auditCount()).toBe(before);
  });

  it('the application form configuration: the parts that changed', async () => {
    const config = (
      await call<ApplicationFormConfig>(t.app, 'GET', '/superadmin/application-form-config', { token: admin })
    ).body;
    const changed = structuredClone(config);
    changed.steps[0].title = 'About you';
    const res = await call(t.app, 'PUT', '/superadmin/application-form-config', { token: admin, body: changed });
    expect(res.status).toBe(200);
    const entry = await latest('application-form.update');
    expect(entry).toMatchObject({
      targetKind: 'settings',
      before: { steps: config.steps },
      after: { steps: changed.steps },
    });
    expect(Object.keys(entry!.after!)).toEqual(['steps']);
    // Saved again unchanged: nothing to record.
    const before = await auditCount();
    await call(t.app, 'PUT', '/superadmin/application-form-config', { token: admin, body: changed });
    expect(await auditCount()).toBe(before);
  });
});

describe('POST /superadmin/audit-log', () => {
  it('pages the log newest first and filters by action, partner, admin and days', async () => {
    const other = await makeAdmin(t.database.db, { userName: 'auditor', password: 'Auditor@123', name: 'Ada Auditor' });
    const write = (action: 'partner.update' | 'partner.correction', partnerId: string, at: string, by = other) =>
      recordAudit(
        t.database.db,
        { adminId: by.id, name: by.name },
        {
          action,
          targetKind: 'partner',
          targetId: partnerId,
          partnerId,
          before: { maxAgents: 1 },
          after: { maxAgents: 2 },
          createdAt: new Date(at),
        },
      );
    await write('partner.update', acmeId, '2020-03-01T10:00:00Z');
    await write('partner.correction', acmeId, '2020-03-02T10:00:00Z');
    await write('partner.update', directId, '2020-03-03T23:59:00Z');
    await write('partner.update', directId, '2020-03-04T00:00:00Z');

    const byAdmin = await log({ adminId: other.id });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.total).toBe(4);
    expect(byAdmin.body.entries.map((e) => e.createdAt)).toEqual([
      '2020-03-04T00:00:00.000Z',
      '2020-03-03T23:59:00.000Z',
      '2020-03-02T10:00:00.000Z',
      '2020-03-01T10:00:00.000Z',
    ]);
    expect(byAdmin.body.entries[0]).toMatchObject({
      actorName: 'Ada Auditor',
      partnerName: 'Direct Retail',
      before: { maxAgents: 1 },
      after: { maxAgents: 2 },
    });

    const page2 = await log({ adminId: other.id, skip: 2, rowsPerPage: 2 });
    expect(page2.body.total).toBe(4);
    expect(page2.body.entries.map((e) => e.createdAt)).toEqual([
      '2020-03-02T10:00:00.000Z',
      '2020-03-01T10:00:00.000Z',
    ]);
    expect((await log({ adminId: other.id, action: 'partner.correction' })).body.total).toBe(1);
    expect((await log({ adminId: other.id, partnerId: directId })).body.total).toBe(2);
    // Both days included, whole (UTC).
    const days = await log({ adminId: other.id, fromDate: '2020-03-02', toDate: '2020-03-03' });
    expect(days.body.entries.map((e) => e.createdAt)).toEqual(['2020-03-03T23:59:00.000Z', '2020-03-02T10:00:00.000Z']);
    expect((await log({ fromDate: '2020-03-04', toDate: '2020-03-04' })).body.total).toBe(1);
  });

  it('refuses bad filters with a 400, and a partner with a 403', async () => {
    for (const body of [
      { action: 'partner.delete' },
      { fromDate: '2020-13-01' },
      { fromDate: '2020-03-05', toDate: '2020-03-01' },
      { rowsPerPage: 0 },
      { skip: -1 },
    ]) {
      const res = await log(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ message: expect.stringMatching(/\S/) });
    }
    expect((await log({}, owner)).status).toBe(403);
    expect((await log({}, '')).status).toBe(401);
  });
});

describe('GET /superadmin/admins', () => {
  it("lists the platform's staff for the log's filter", async () => {
    const res = await call<PlatformAdminsResponse>(t.app, 'GET', '/superadmin/admins', { token: admin });
    expect(res.body.admins).toContainEqual({ id: expect.any(String), name: 'Platform Admin' });
    expect((await call(t.app, 'GET', '/superadmin/admins', { token: owner })).status).toBe(403);
  });
});
