import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectCounts, ProjectListResponse } from '@pc/contract';
import { findPartnerIdByName } from '../fixtures.js';
import { call, signInAs, startTestApp, type TestContext } from '../harness.js';

/**
 * The projects list's tenant floor: the DIRECT owner sees only Direct's projects whatever ids it
 * sends (Acme's business ids: 404; Acme's partner id in the report's path: ignored), and Acme's
 * list is the same after all of it. A referral user's partnerReferralId is ignored too.
 */
let t: TestContext;
let acmeOwner: string;
let directOwner: string;
let referral: string;
let acmeId: string;
let acmeBusinessIds: string[];

const acmeState = async () => ({
  list: (
    await call<ProjectListResponse>(t.app, 'POST', '/api/project-lists?sort=dec', {
      token: acmeOwner,
      body: { filter: 'All', skip: 0, rowsPerPage: 100 },
    })
  ).body,
  counts: (await call<ProjectCounts[]>(t.app, 'POST', '/api/project-counts', { token: acmeOwner, body: {} })).body,
});

beforeAll(async () => {
  t = await startTestApp();
  [acmeOwner, directOwner, referral] = await Promise.all([
    signInAs(t.app, 'owner'),
    signInAs(t.app, 'direct'),
    signInAs(t.app, 'referral'),
  ]);
  acmeId = await findPartnerIdByName(t.database.db, 'Acme Messaging');
  acmeBusinessIds = [...new Set((await acmeState()).list.projects.map((p) => p.clientId))];
});
afterAll(() => t.close());

const asDirect = (url: string, body: unknown) =>
  call<ProjectListResponse & ProjectCounts[]>(t.app, 'POST', url, { token: directOwner, body });

describe("the DIRECT owner and Acme's projects", () => {
  it("lists and counts only Direct's projects", async () => {
    const own = await asDirect('/api/project-lists?sort=dec', { filter: 'All', skip: 0, rowsPerPage: 100 });
    expect(own.body.projects.map((p) => p.assistantName).sort()).toEqual(['Bloom Florist', 'Corner Store']);
    const counts = await asDirect('/api/project-counts', {});
    expect(counts.body[0]).toMatchObject({ allCount: 2, deletedCount: 0 });
  });

  it("gets 404 for Acme's business ids in any filter, and Acme's list is unchanged", async () => {
    const before = await acmeState();
    expect(acmeBusinessIds.length).toBeGreaterThan(5);
    for (const businessId of acmeBusinessIds) {
      expect((await asDirect('/api/project-lists?sort=dec', { businessId })).status, businessId).toBe(404);
      expect((await asDirect('/api/project-counts', { businessId })).status, businessId).toBe(404);
      const report = await t.app.inject({
        method: 'POST',
        url: '/partner/:partnerId/projects-report',
        headers: { authorization: `Bearer ${directOwner}` },
        payload: { filter: 'All', businessId },
      });
      expect(report.statusCode, businessId).toBe(404);
    }
    expect(await acmeState()).toEqual(before);
  });

  it("gets a 404 with Acme's partner id in the path, and its own report with the placeholder", async () => {
    const report = (partnerId: string) =>
      t.app.inject({
        method: 'POST',
        url: `/partner/${partnerId}/projects-report`,
        headers: { authorization: `Bearer ${directOwner}` },
        payload: { filter: 'All' },
      });
    const foreign = await report(acmeId);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain('Sunrise');
    const own = await report(':partnerId');
    expect(own.statusCode).toBe(200);
    expect(own.body).toContain('Corner Store');
    expect(own.body).not.toContain('Sunrise');
  });

  it("a referral user naming Acme's owner as partnerReferralId still sees only their own referred projects", async () => {
    for (const url of ['/api/partner-referral-project-lists?sort=dec', '/api/project-lists?sort=dec']) {
      const res = await call<ProjectListResponse>(t.app, 'POST', url, {
        token: referral,
        body: { partnerReferralId: acmeId, skip: 0, rowsPerPage: 100 },
      });
      expect(res.body.projects.map((p) => p.assistantName)).toEqual(['Lotus Tutors']);
    }
    const counts = await call<ProjectCounts[]>(t.app, 'POST', '/api/partner-referral-project-counts', {
      token: referral,
      body: { partnerReferralId: acmeId },
    });
    expect(counts.body[0]!.allCount).toBe(1);
  });
});
