import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  PROJECT_LIST_MAX_SKIP,
  type BusinessCounts,
  type BusinessListsResponse,
  type ProjectCounts,
  type ProjectListResponse,
} from '@pc/contract';
import { call, signInAs, startTestApp, type TestContext } from '../../../test/harness.js';
import { seedScaleUnderDemo } from '../../seed/scale.js';
import { COUNT_AHEAD, COUNTS_CAP, WIDE_SEARCH_CAP } from './queries.js';

// The lists at a size where counting stops: keyset pages, bounded totals and the counters of the
// plan and KYC filters and of the businesses. 12,000 projects (2,400 businesses) under Acme beside
// the demo's own.
const SIZE = 12_000;

let t: TestContext;
let owner: string;
let referral: string;
beforeAll(async () => {
  t = await startTestApp();
  await seedScaleUnderDemo(t.database.db, SIZE);
  [owner, referral] = await Promise.all([signInAs(t.app, 'owner'), signInAs(t.app, 'referral')]);
}, 120_000);
afterAll(() => t.close());

const list = async (body: Record<string, unknown>, sort: 'asc' | 'dec' = 'dec', token = owner) => {
  const res = await call<ProjectListResponse>(t.app, 'POST', `/api/project-lists?sort=${sort}`, { token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
const counts = async (body: Record<string, unknown> = {}) => {
  const res = await call<ProjectCounts[]>(t.app, 'POST', '/api/project-counts', { token: owner, body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body[0]!;
};
const ids = (page: ProjectListResponse) => page.projects.map((p) => p._id);

describe('keyset pages', () => {
  it('a page after the last row held is the page skip gives, in either order and under a filter', async () => {
    for (const sort of ['dec', 'asc'] as const)
      for (const filter of [
        { filter: 'All' },
        { filter: 'Live', kycFilter: 'Applied' },
        { assistantName: 'project 1' },
      ]) {
        // Half way down the filtered list.
        const skip = 15 * Math.floor((await list({ ...filter, rowsPerPage: 1 }, sort)).totalprojects / 30);
        expect(skip, JSON.stringify(filter)).toBeGreaterThan(500);
        const byOffset = await list({ ...filter, skip, rowsPerPage: 15 }, sort);
        const before = await list({ ...filter, skip: skip - 15, rowsPerPage: 15 }, sort);
        const byKey = await list({ ...filter, skip, rowsPerPage: 15, after: before.projects.at(-1)!._id }, sort);
        expect(ids(byKey), `${sort} ${JSON.stringify(filter)}`).toEqual(ids(byOffset));
        expect(byKey.newSkip).toBe(byOffset.newSkip);
        expect(byKey.totalprojects).toBe(byOffset.totalprojects);
        // Going back from that page: the rows right before its first one are the page skip gives.
        const back = await list(
          { ...filter, skip: skip - 15, rowsPerPage: 15, before: byOffset.projects[0]!._id },
          sort,
        );
        expect(ids(back), `back ${sort} ${JSON.stringify(filter)}`).toEqual(ids(before));
        expect(back.newSkip).toBe(before.newSkip);
        expect(back.totalprojects).toBe(before.totalprojects);
        expect(back.moreThan).toBe(before.moreThan);
      }
  });

  it(`past ${PROJECT_LIST_MAX_SKIP} rows a page opens from its neighbour, never by skip alone`, async () => {
    const deep = PROJECT_LIST_MAX_SKIP + 15;
    const refused = await call<{ message: string }>(t.app, 'POST', '/api/project-lists?sort=dec', {
      token: owner,
      body: { skip: deep, rowsPerPage: 15 },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(
      'Pages past the first 10,000 projects open from the page next to them (after or before).',
    );
    const edge = await list({ skip: PROJECT_LIST_MAX_SKIP, rowsPerPage: 15 });
    const next = await list({ skip: deep, rowsPerPage: 15, after: edge.projects.at(-1)!._id });
    expect(next.projects).toHaveLength(15);
    expect(ids(await list({ skip: PROJECT_LIST_MAX_SKIP, rowsPerPage: 15, before: next.projects[0]!._id }))).toEqual(
      ids(edge),
    );
    // An anchor that is not the partner's is no anchor.
    const unknown = await call(t.app, 'POST', '/api/project-lists', {
      token: owner,
      body: { skip: deep, rowsPerPage: 15, after: 'no-such-project' },
    });
    expect(unknown.status).toBe(400);
  });

  it("an anchor that is not the partner's (unknown, or another partner's project) falls back to skip", async () => {
    const byOffset = await list({ skip: 30, rowsPerPage: 15 });
    expect(ids(await list({ skip: 30, rowsPerPage: 15, after: 'no-such-project' }))).toEqual(ids(byOffset));
    const foreign = (
      (await t.database.db.execute(
        sql`select p.id from projects p join partners pa on pa.id = p.partner_id where pa.name <> 'Acme Messaging' limit 1`,
      )) as unknown as { rows: { id: string }[] }
    ).rows[0]!.id;
    expect(ids(await list({ skip: 30, rowsPerPage: 15, after: foreign }))).toEqual(ids(byOffset));
  });
});

describe('bounded totals', () => {
  it('an unfiltered tab, or a plan or KYC filter, is counted exactly from the counter table', async () => {
    const all = await list({ filter: 'All', rowsPerPage: 1 });
    expect(all.moreThan).toBeUndefined();
    expect(all.totalprojects).toBeGreaterThan(SIZE * 0.9);
    for (const filter of [
      { filter: 'Monthly Plan', monthlyPlan: 'PRO_MONTHLY' },
      { filter: 'All', kycFilter: 'Rejected' },
      { filter: 'Yearly Plan', yearlyPlan: 'BASIC_YEARLY', kycFilter: 'Applied' },
    ]) {
      const page = await list({ ...filter, rowsPerPage: 100 });
      expect(page.moreThan, JSON.stringify(filter)).toBeUndefined();
      let n = page.projects.length;
      for (let skip = 100; skip < page.totalprojects; skip += 100)
        n += (await list({ ...filter, skip, rowsPerPage: 100 })).projects.length;
      expect(n, JSON.stringify(filter)).toBe(page.totalprojects);
    }
    const kyc = await counts({ kycFilter: 'Limit Increased' });
    expect(kyc.moreThan).toBeUndefined();
    expect(kyc.allCount).toBe(kyc.KycLimitIncreasedCount);
  });

  it('a search matching more than the pager needs says "more than" the rows counted ahead; a narrow one is exact', async () => {
    // A search most names match stops at the smaller bound (the planner's statistics say it is wide).
    const wide = await list({ assistantName: 'scale project', rowsPerPage: 15 });
    expect(wide).toMatchObject({ totalprojects: WIDE_SEARCH_CAP, moreThan: true });
    expect(wide.projects).toHaveLength(15);
    const deeper = await list({ assistantName: 'scale project', skip: 3_000, rowsPerPage: 15 });
    expect(deeper).toMatchObject({ totalprojects: 3_000 + WIDE_SEARCH_CAP, moreThan: true });
    // A date range of most projects is counted up to COUNT_AHEAD past the page.
    const dated = await list({ fromDate: '2000-01-01', toDate: '2100-01-01', skip: 15, rowsPerPage: 15 });
    expect(dated).toMatchObject({ totalprojects: 15 + COUNT_AHEAD, moreThan: true });
    const narrow = await list({ assistantName: 'project 1000', rowsPerPage: 100 });
    expect(narrow.moreThan).toBeUndefined();
    expect(narrow.projects.length).toBeGreaterThan(0);
    for (const p of narrow.projects) expect(p.assistantName).toMatch(/^Scale Project 1000\d*$/);
    expect(narrow.totalprojects).toBe(narrow.projects.length);
  });

  it('counts of a wide search stop at a bound and say so; a narrow search counts exactly', async () => {
    const wide = await counts({ assistantName: 'scale' });
    expect(wide.moreThan).toBe(true);
    expect(wide.allCount + wide.deletedCount).toBe(WIDE_SEARCH_CAP + 1);
    const dated = await counts({ fromDate: '2000-01-01' });
    expect(dated.moreThan).toBe(true);
    expect(dated.allCount + dated.deletedCount).toBe(COUNTS_CAP + 1);
    const narrow = await counts({ assistantName: 'project 4242' });
    expect(narrow.moreThan).toBeUndefined();
    expect(narrow.allCount).toBe((await list({ assistantName: 'project 4242', rowsPerPage: 100 })).totalprojects);
  });

  it('a word longer than the indexed prefixes still matches by its beginning only', async () => {
    const long = 'Supercalifragilisticexpialidocious';
    await t.database.db.execute(
      sql`update projects set name = ${`${long} Bot`} where id = (select id from projects where name = 'Scale Project 77')`,
    );
    const found = await list({ assistantName: 'supercalifragilisticexpiali', rowsPerPage: 100 });
    expect(found.projects.map((p) => p.assistantName)).toEqual([`${long} Bot`]);
    expect((await list({ assistantName: 'supercalifragilisticexpialidociousness' })).totalprojects).toBe(0);
    expect((await list({ assistantName: 'supercalifragilisticexpialiX' })).totalprojects).toBe(0);
  });
});

describe('business counts from the counter table', () => {
  const businessCounts = async (token = owner) =>
    (await call<BusinessCounts[]>(t.app, 'POST', '/api/business-counts', { token, body: {} })).body[0]!;
  const fromRows = async (where = sql`true`) =>
    (
      (await t.database.db.execute(
        sql`select count(*)::int as all, (count(*) filter (where b.archived))::int as archived
            from businesses b join partners pa on pa.id = b.partner_id where pa.name = 'Acme Messaging' and ${where}`,
      )) as unknown as { rows: { all: number; archived: number }[] }
    ).rows[0]!;

  it('equal the rows through archiving and restoring, for the partner and for a referral user', async () => {
    const expectCounts = async () => {
      const rows = await fromRows();
      expect(await businessCounts()).toEqual({ allCount: rows.all, archivedCount: rows.archived });
      const page = (
        await call<BusinessListsResponse>(t.app, 'POST', '/api/business-lists?sort=dec', {
          token: owner,
          body: { skip: 0, rowsPerPage: 25, filter: 'Archived' },
        })
      ).body;
      expect(page.totalBusinesses).toBe(rows.archived);
    };
    await expectCounts();
    await t.database.db.execute(
      sql`update businesses set archived = not archived where display_name in ('Scale Business 7', 'Scale Business 50')`,
    );
    await expectCounts();
    await t.database.db.execute(sql`update businesses set company = 'Renamed' where display_name = 'Scale Business 8'`);
    await expectCounts();
    const referralCounts = await businessCounts(referral);
    const referralRows = (
      (await t.database.db.execute(
        sql`select count(*)::int as n from businesses b
          join agents a on a.id = b.referral_agent_id and a.partner_id = b.partner_id
          where a.login_username = 'referral'`,
      )) as unknown as { rows: { n: number }[] }
    ).rows[0]!;
    expect(referralCounts.allCount).toBe(referralRows.n);
  });

  it('a dated list is counted on the rows (exactly, below the bound)', async () => {
    const page = (
      await call<BusinessListsResponse>(t.app, 'POST', '/api/business-lists?sort=dec', {
        token: owner,
        body: { skip: 0, rowsPerPage: 25, filter: 'All', fromDate: '2000-01-01', toDate: '2100-01-01' },
      })
    ).body;
    expect(page.business).toHaveLength(25);
    const rows = await fromRows();
    expect(page.totalBusinesses).toBe(rows.all);
    expect(page.moreThan).toBeUndefined();
  });
});
