import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noAccess, type ActivityLogResponse, type AuditLogResponse } from '@pc/contract';
import { call, signIn, signInAs, startTestApp, type TestContext } from '../../../test/harness.js';
import { parseCsv } from '../../../test/csv.js';
import { findPartnerIdByName } from '../../../test/fixtures.js';
import { makeAgent, makePartner, makeRole } from '../../seed/factories.js';
import { recordPartnerChange, type ActivityAuthor } from './record.js';

let t: TestContext;
let owner: string;
let admin: string;
const acme = {} as ActivityAuthor;
const clerk = {} as ActivityAuthor;
let otherPartner: ActivityAuthor;

beforeAll(async () => {
  t = await startTestApp();
  [owner, admin] = await Promise.all([signInAs(t.app, 'owner'), signInAs(t.app, 'admin')]);
  const db = t.database.db;
  const partnerId = await findPartnerIdByName(db, 'Acme Messaging');
  Object.assign(acme, { partnerId, agentId: 'acme-owner-id', name: 'Asha Owner', address: '203.0.113.7' });
  // A member with only the activity log: reads it, and nothing else.
  await makeRole(db, partnerId, 'Auditor', { ...noAccess, activity: { read: true } });
  const auditor = await makeAgent(db, {
    partnerId,
    userName: 'log-reader',
    password: 'Reader@123',
    role: 'Auditor',
    name: 'Log Reader',
  });
  Object.assign(clerk, { partnerId, agentId: auditor.id, name: 'Log Reader', address: '198.51.100.4' });
  const other = await makePartner(db, { name: 'Elsewhere Ltd' });
  otherPartner = { partnerId: other.id, agentId: 'elsewhere-owner', name: 'Eve Elsewhere', address: '192.0.2.1' };

  const at = (iso: string) => new Date(iso);
  const project = { kind: 'project' as const, id: 'p1', name: 'Sunrise Bakery' };
  await recordPartnerChange(db, acme, {
    action: 'credit.ad',
    target: project,
    before: { centralBalance: 500000000, adCredit: 0 },
    after: { centralBalance: 400000000, adCredit: 100000000 },
    createdAt: at('2021-06-01T18:45:00Z'), // 2 June 00:15 in India (+05:30)
  });
  await recordPartnerChange(db, clerk, {
    action: 'webhook.secret',
    target: { kind: 'webhook', id: 'w1', name: 'https://hooks.example.com/a, "quoted"' },
    before: { secret: 'rotated' },
    after: { secret: 'rotated' },
    createdAt: at('2021-06-03T10:00:00Z'),
  });
  await recordPartnerChange(db, acme, {
    action: 'plan-family.update',
    target: { kind: 'plan', id: 'f1', name: 'Gold' },
    before: { marketing: 88000 },
    after: { marketing: 90000 },
    createdAt: at('2021-06-05T10:00:00Z'),
  });
  await recordPartnerChange(db, otherPartner, {
    action: 'credit.ad',
    target: { kind: 'project', id: 'x', name: 'Not yours' },
    createdAt: at('2021-06-02T10:00:00Z'),
  });
});
afterAll(() => t.close());

const list = (query: string, token = owner) =>
  call<ActivityLogResponse>(t.app, 'GET', `/api/activity-log?${query}`, { token });

describe('GET /api/activity-log', () => {
  it("pages the partner's own entries newest first, never another partner's", async () => {
    const res = await list('from=2021-06-01&to=2021-06-30');
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(3);
    expect(res.body.entries.map((e) => e.action)).toEqual(['plan-family.update', 'webhook.secret', 'credit.ad']);
    expect(res.body.entries[2]).toMatchObject({
      memberName: 'Asha Owner',
      targetKind: 'project',
      targetName: 'Sunrise Bakery',
      before: { centralBalance: 500000000, adCredit: 0 },
      after: { centralBalance: 400000000, adCredit: 100000000 },
      address: '203.0.113.7',
      createdAt: '2021-06-01T18:45:00.000Z',
    });
    expect(JSON.stringify(res.body)).not.toContain('Not yours');
    const page2 = await list('from=2021-06-01&to=2021-06-30&page=2&rowsPerPage=2');
    expect(page2.body.entries.map((e) => e.action)).toEqual(['credit.ad']);
    expect(page2.body.total).toBe(3);
  });

  it("filters by action and member, and reads days in the user's time zone", async () => {
    expect((await list('action=webhook.secret')).body.entries.map((e) => e.memberName)).toEqual(['Log Reader']);
    expect((await list(`member=${clerk.agentId}`)).body.total).toBe(1);
    // 18:45 UTC on 1 June is 2 June in India: a day filter in UTC and one in +05:30 disagree.
    expect((await list('from=2021-06-02&to=2021-06-02')).body.total).toBe(0);
    expect((await list('from=2021-06-02&to=2021-06-02&tz=330')).body.entries.map((e) => e.action)).toEqual([
      'credit.ad',
    ]);
    const members = (await list('')).body.members.map((m) => m.name);
    // Whoever wrote an entry is offered, even if no longer on the team (the demo's acme owner id is made up here).
    expect(members).toEqual(expect.arrayContaining(['Asha Owner', 'Log Reader']));
    expect(members).not.toContain('Eve Elsewhere');
  });

  it('downloads every matching entry as CSV', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/activity-log?from=2021-06-01&to=2021-06-30',
      headers: { authorization: `Bearer ${owner}`, accept: 'text/csv' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('activity-log.csv');
    const rows = parseCsv(res.body);
    expect(rows[0]).toEqual([
      'When (UTC)',
      'Member',
      'Member id',
      'Action',
      'Target kind',
      'Target id',
      'Target',
      'Before',
      'After',
      'Address',
    ]);
    expect(rows.slice(1).map((r) => r[3])).toEqual(['plan-family.update', 'webhook.secret', 'credit.ad']);
    expect(rows[2]![6]).toBe('https://hooks.example.com/a, "quoted"');
    expect(JSON.parse(rows[3]![8]!)).toEqual({ centralBalance: 400000000, adCredit: 100000000 });
  });

  it('is read by the owner and by roles given Activity Log View, refused to the others', async () => {
    const reader = await signIn(t.app, 'log-reader', 'Reader@123');
    expect((await list('', reader)).status).toBe(200);
    for (const user of ['agent', 'referral'] as const) {
      const res = await list('', await signInAs(t.app, user));
      expect(res.status, user).toBe(403);
    }
    expect((await list('', admin)).status).toBe(403);
  });

  it('refuses bad filters with a 400 and a message', async () => {
    for (const query of [
      'action=partner.delete',
      'from=2021-13-01',
      'from=2021-06-05&to=2021-06-01',
      'page=0',
      'tz=9999',
    ]) {
      const res = await list(query);
      expect(res.status, query).toBe(400);
      expect(res.body).toMatchObject({ message: expect.stringMatching(/\S/) });
    }
  });
});

describe("the super-admin's audit log shows the partners' teams' changes", () => {
  const log = (body: Record<string, unknown>) =>
    call<AuditLogResponse>(t.app, 'POST', '/superadmin/audit-log', { token: admin, body });

  it("merges them with the admins' actions, newest first, and filters by who", async () => {
    const june = { fromDate: '2021-06-01', toDate: '2021-06-30' };
    const both = await log(june);
    expect(both.body.total).toBe(4);
    expect(both.body.entries.map((e) => [e.actorKind, e.actorName, e.action])).toEqual([
      ['member', 'Asha Owner', 'plan-family.update'],
      ['member', 'Log Reader', 'webhook.secret'],
      ['member', 'Eve Elsewhere', 'credit.ad'],
      ['member', 'Asha Owner', 'credit.ad'],
    ]);
    expect(both.body.entries[2]).toMatchObject({ partnerName: 'Elsewhere Ltd', targetKind: 'project' });
    const paged = await log({ ...june, skip: 1, rowsPerPage: 2 });
    expect(paged.body.entries.map((e) => e.actorName)).toEqual(['Log Reader', 'Eve Elsewhere']);
    expect((await log({ ...june, actor: 'admin' })).body.total).toBe(0);
    expect((await log({ ...june, actor: 'member', partnerId: otherPartner.partnerId })).body.total).toBe(1);
    expect((await log({ ...june, action: 'credit.ad' })).body.total).toBe(2);
  });
});
