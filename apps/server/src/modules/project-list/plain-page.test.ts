import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { projectTabFilters, type ProjectListQuery } from '@pc/contract';
import { startTestApp, type TestContext } from '../../../test/harness.js';
import { partners } from '../../platform/db/schema.js';
import { seedScaleUnderDemo } from '../../seed/scale.js';
import { filterConditions, tabCondition, type ListScope } from './filters.js';
import { isPlainPage, plainPage } from './plain-page.js';
import { listPage, totalOf } from './queries.js';

// The prepared first pages (plain-page.ts) answer what the one filter builder's general path does,
// for every tab, both orders, a page further on and one past the end (no row: the total is asked
// alone): same rows in the same order, same total.
let t: TestContext;
let scope: ListScope;
beforeAll(async () => {
  t = await startTestApp();
  await seedScaleUnderDemo(t.database.db, 600);
  const [acme] = await t.database.db.select().from(partners).where(eq(partners.name, 'Acme Messaging'));
  scope = { partnerId: acme!.id, referralAgentId: null };
}, 120_000);
afterAll(() => t.close());

const query = (filter: ProjectListQuery['filter'], skip: number): ProjectListQuery =>
  ({ filter, skip, rowsPerPage: 15 }) as ProjectListQuery;

describe('the prepared first pages', () => {
  it('are taken only without a filter, a search, an anchor or a referral scope', () => {
    expect(isPlainPage(scope, query('All', 0))).toBe(true);
    expect(isPlainPage(scope, { ...query('All', 0), kycFilter: 'ALL', monthlyPlan: 'ALL' })).toBe(true);
    expect(isPlainPage(scope, { ...query('All', 0), assistantName: 'kite' })).toBe(false);
    expect(isPlainPage(scope, { ...query('All', 0), kycFilter: 'Applied' })).toBe(false);
    expect(isPlainPage(scope, { ...query('All', 15), after: 'x' })).toBe(false);
    expect(isPlainPage({ ...scope, referralAgentId: 'a' }, query('All', 0))).toBe(false);
  });

  it('give the general path’s rows and total on every tab, in both orders', async () => {
    const db = t.database.db;
    for (const tab of projectTabFilters)
      for (const sort of ['dec', 'asc'] as const)
        for (const skip of [0, 15, 100_000]) {
          const q = query(tab, skip);
          const where = [...filterConditions(scope, q, null), tabCondition(tab)];
          const start = { skip, after: null };
          const [fast, rows, total] = await Promise.all([
            plainPage(db, scope, q, sort),
            listPage(db, scope.partnerId, where, sort, start, 15),
            totalOf(db, where, true, sort, start),
          ]);
          expect(fast.rows, `${tab} ${sort} ${skip}`).toEqual(rows);
          expect(fast.total, `${tab} ${sort}`).toBe(total.n);
        }
  });
});
