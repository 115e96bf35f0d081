import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, noAccess, type Access } from '@pc/contract';
import { roles } from '../../src/platform/db/schema.js';
import { call, signInAs, startTestApp, type TestContext } from '../harness.js';

/**
 * A referral user has the Dashboard, Businesses and Projects only (doc 1 sections 2 and 6): the
 * menu leaves the rest out, and the server refuses it too, whatever the referral user's role (the
 * demo's is OWNER of Growth Referrals). Every route of the Plans, Billings and Manage sections and
 * of the owner's pages answers 403 with one message; the dashboard's and the businesses' and
 * projects' routes are not refused for it.
 */
let t: TestContext;
let referral: string;
beforeAll(async () => {
  t = await startTestApp();
  await t.app.ready();
  referral = await signInAs(t.app, 'referral');
});
afterAll(() => t.close());

const leftOut = (access: Access) => access === 'owner' || /^(plans|billings|manage)\./.test(access);
const given = (access: Access) => /^(dashboard|business)\.[a-z]+$/.test(access);

describe('a referral user', () => {
  it('is refused every route of the sections the spec leaves out, with one message', async () => {
    const rows = t.app.accessTable.filter((r) => leftOut(r.access));
    expect(rows.length).toBeGreaterThan(40);
    for (const row of rows) {
      const res = await call(t.app, row.method as 'GET', row.url, {
        token: referral,
        body: row.method === 'GET' ? undefined : {},
      });
      expect([res.status, res.body.message], `${row.method} ${row.url}`).toEqual([403, messages.referralAreasOnly]);
    }
  });

  it('keeps the Dashboard, Businesses and Projects (their routes are not refused for it)', async () => {
    for (const row of t.app.accessTable.filter((r) => given(r.access))) {
      const res = await call(t.app, row.method as 'GET', row.url, {
        token: referral,
        body: row.method === 'GET' ? undefined : {},
      });
      expect(res.body.message, `${row.method} ${row.url}`).not.toBe(messages.referralAreasOnly);
    }
    const projects = await call<{ projects: unknown[] }>(t.app, 'POST', '/api/partner-referral-project-lists', {
      token: referral,
      body: { skip: 0, rowsPerPage: 10 },
    });
    expect(projects.status).toBe(200);
    expect(projects.body.projects.length).toBeGreaterThan(0);
  });

  it('changes nothing where it is refused (a role it would have created), while an owner still may', async () => {
    const before = await t.database.db.select().from(roles);
    const res = await call(t.app, 'POST', '/api/create-role', {
      token: referral,
      body: { name: 'Sneaky', accessLevel: { ...noAccess, dashboard: { read: true } } },
    });
    expect(res.status).toBe(403);
    expect(await t.database.db.select().from(roles)).toEqual(before);
    // The rule is the referral user's, not the route's.
    expect((await call(t.app, 'GET', '/api/get-all-roles', { token: await signInAs(t.app, 'owner') })).status).toBe(
      200,
    );
  });
});
