import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARCHIVE_MARKER, type AllBusinessListsResponse, type BusinessListsResponse } from '@pc/contract';
import { call, startTestApp, type TestContext } from '../../../test/harness.js';
import { businessesFixture, type BusinessesFixture } from './test-fixture.js';

let t: TestContext;
let owner: string;
let referral: string;
let list: BusinessesFixture['list'];
let counts: BusinessesFixture['counts'];
beforeAll(async () => {
  t = await startTestApp();
  ({ owner, referral, list, counts } = await businessesFixture(t));
});
afterAll(() => t.close());

describe('business lists and counts', () => {
  it('pages 25 at a time, newest first by default, with the total; Archived holds only archived ones', async () => {
    const all = (await list({ skip: 0, rowsPerPage: 25, filter: 'All' })).body;
    expect(all.business.map((b) => b.displayName)).toContain('Old Market');
    expect(all.totalBusinesses).toBe(all.business.length);
    const dates = all.business.map((b) => b.createdOn);
    expect([...dates].sort().reverse()).toEqual(dates);
    const asc = (await list({ skip: 0, rowsPerPage: 25, filter: 'All' }, owner, 'asc')).body.business.map(
      (b) => b.createdOn,
    );
    expect(asc).toEqual([...dates].reverse());
    const archived = (await list({ skip: 0, rowsPerPage: 25, filter: 'Archived' })).body;
    expect(archived.business.map((b) => b.displayName)).toEqual(['Old Market']);
    expect(archived.business[0]).toMatchObject({
      businessArchived: true,
      email: `${ARCHIVE_MARKER}oldmarket@client.example`,
    });
    const page2 = (await list({ skip: 2, rowsPerPage: 2, filter: 'All' })).body;
    expect(page2.business.map((b) => b.id)).toEqual(all.business.slice(2, 4).map((b) => b.id));
    expect(page2.newSkip).toBe(4);
  });

  it('counts come from the same filters as the rows', async () => {
    const c = await counts();
    expect(c.allCount).toBe((await list({ filter: 'All' })).body.totalBusinesses);
    expect(c.archivedCount).toBe(1);
  });

  it('filters by a Created At range (a date-only end covers its day) and never answers a bad date with 500', async () => {
    const day = (n: number) => new Date(Date.now() - n * 86400000).toISOString().slice(0, 10);
    const recent = (await list({ filter: 'All', fromDate: day(13), toDate: day(0) })).body.business.map(
      (b) => b.displayName,
    );
    expect(recent).toContain('Orchid Salon');
    expect(recent).not.toContain('Sunrise Bakery');
    expect((await list({ filter: 'All', fromDate: 'not a date' })).status).toBe(400);
  });

  it('searches by a part of the name (clientSearch), wildcards taken literally', async () => {
    const found = (await list({ filter: 'bakery', clientSearch: true, skip: 0, rowsPerPage: 0 })).body.business.map(
      (b) => b.displayName,
    );
    expect(found).toEqual(['Sunrise Bakery']);
    expect((await list({ filter: '%', clientSearch: true, skip: 0, rowsPerPage: 0 })).body.business).toEqual([]);
  });

  it('a referral user sees only the businesses they brought, whatever partnerReferralId says', async () => {
    for (const url of ['/api/partner-referral-business-lists', '/api/business-lists']) {
      const res = await call<BusinessListsResponse>(t.app, 'POST', url, {
        token: referral,
        body: { filter: 'All', partnerReferralId: 'someone-else' },
      });
      expect(
        res.body.business.map((b) => b.displayName),
        url,
      ).toEqual(['Lotus Tutors']);
    }
    const all = await call<AllBusinessListsResponse>(
      t.app,
      'GET',
      '/api/partner-referral-allbusiness-lists?partnerReferralId=x',
      { token: referral },
    );
    expect(all.body.business.map((b) => b.displayName)).toEqual(['Lotus Tutors']);
  });

  it('allbusiness-lists gives the active businesses by name', async () => {
    const names = (
      await call<AllBusinessListsResponse>(t.app, 'GET', '/api/allbusiness-lists', { token: owner })
    ).body.business.map((b) => b.displayName);
    expect(names).not.toContain('Old Market');
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
  });
});
