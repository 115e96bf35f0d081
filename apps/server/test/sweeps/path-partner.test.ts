import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc } from 'drizzle-orm';
import { billingLogs, businesses, partners, projects } from '../../src/platform/db/schema.js';
import { findPartnerIdByName } from '../fixtures.js';
import { call, signInAs, startTestApp, type TestContext } from '../harness.js';

/**
 * A `{partnerId}` in a member's path (ARCHITECTURE rule 1): the session's partner or the spec's
 * literal ':partnerId' placeholder; another partner's id, or an unknown one, answers 404 on every
 * route that has one, before anything runs. Before this rule the id was silently replaced by the
 * session's, so a link naming another partner acted on one's own.
 */
let t: TestContext;
let owner: string;
let acme: string;
let direct: string;

/** Everything a route under /partner/{id}/ could change, for both partners. */
const world = async () => ({
  partners: await t.database.db.select().from(partners).orderBy(asc(partners.id)),
  businesses: await t.database.db.select().from(businesses).orderBy(asc(businesses.id)),
  projects: await t.database.db.select().from(projects).orderBy(asc(projects.id)),
  billingLogs: (await t.database.db.select({ id: billingLogs.id }).from(billingLogs)).length,
});

beforeAll(async () => {
  t = await startTestApp();
  owner = await signInAs(t.app, 'owner');
  acme = await findPartnerIdByName(t.database.db, 'Acme Messaging');
  direct = await findPartnerIdByName(t.database.db, 'Direct Retail');
});
afterAll(() => t.close());

/** The routes a member calls with a partner id in the path. */
const partnerPathRoutes = () =>
  t.app.accessTable.filter((r) => r.url.includes(':partnerId') && r.access !== 'public' && r.access !== 'superadmin');

/** The url with the partner id given and every other parameter a made-up id. */
const urlWith = (url: string, partnerId: string) =>
  url.replace(':partnerId', encodeURIComponent(partnerId)).replace(/:[A-Za-z]+/g, 'made-up-id');

describe('a partner id in a member’s path', () => {
  it('that is another partner’s, or unknown, answers 404 on every such route and changes nothing', async () => {
    await t.app.ready();
    const routes = partnerPathRoutes();
    expect(routes.length).toBeGreaterThan(20);
    const before = await world();
    for (const route of routes) {
      for (const foreign of [direct, 'unknown-partner']) {
        const res = await call(t.app, route.method as 'GET', urlWith(route.url, foreign), {
          token: owner,
          body: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
        });
        expect(res.status, `${route.method} ${route.url} with ${foreign}`).toBe(404);
        expect(res.body.code, `${route.method} ${route.url}`).toBe('NOT_FOUND');
      }
    }
    expect(await world()).toEqual(before);
  });

  it('that is the session’s own or the spec’s placeholder reaches the route', async () => {
    // Routes whose only parameter is the partner id: the answer is the route's own, never the path's 404.
    const own = partnerPathRoutes().filter((r) => r.method === 'GET' && !/:(?!partnerId)[A-Za-z]+/.test(r.url));
    expect(own.length).toBeGreaterThan(0);
    for (const route of own) {
      for (const id of [acme, ':partnerId']) {
        const res = await call(t.app, 'GET', `${urlWith(route.url, id)}?startDate=2026-01-01&endDate=2026-01-02`, {
          token: owner,
        });
        expect(res.status, `${route.url} with ${id}`).not.toBe(404);
      }
    }
    // And a write: the partner-wide conversation report with the placeholder and with the own id.
    for (const id of [acme, ':partnerId']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/partner/${encodeURIComponent(id)}/partner-convo-report`,
        headers: { authorization: `Bearer ${owner}` },
        payload: { startDate: '2026-01-01', endDate: '2026-01-02' },
      });
      expect(res.statusCode, id).toBe(200);
    }
  });
});

describe('paths that are no route', () => {
  it('answer a JSON 404 under /api, /partner and /project, whatever the method, never the web page', async () => {
    for (const url of ['/api/no-such-call', '/partner/x/no-such-call', '/project/x/no-such-call', '/api/']) {
      for (const method of ['GET', 'POST', 'PATCH', 'DELETE'] as const) {
        const res = await t.app.inject({ method, url, headers: { authorization: `Bearer ${owner}` } });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.headers['content-type'], `${method} ${url}`).toMatch(/^application\/json/);
        expect(res.json(), `${method} ${url}`).toMatchObject({ code: 'NOT_FOUND' });
      }
    }
  });
});
