import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signInAs, startTestApp, type TestContext } from '../../../test/harness.js';
import { explainEach, statementsOf } from '../../../test/citus-plans.js';

/**
 * On Citus, every statement a partner's list request sends goes to the partner's node alone: each is
 * explained with its own parameters and its plan must run one task (or none, when it reads only the
 * coordinator's tables). Runs with the Citus suite (`npm run test:citus`).
 */
const skipped = process.env.CITUS_SUITE ? '' : 'skipped: it runs with the Citus suite, npm run test:citus';

describe.skipIf(skipped)(`a partner's list on one node${skipped ? ` (${skipped})` : ''}`, () => {
  let t: TestContext;
  let owner: string;
  beforeAll(async () => {
    t = await startTestApp();
    owner = await signInAs(t.app, 'owner');
  });
  afterAll(() => t.close());

  it('sees a statement that does not name its partner run on every shard', async () => {
    const plans = await explainEach(t, [{ text: 'select name from projects where id = $1', values: ['any'] }]);
    expect(plans[0]!.tasks).toBe(Number(process.env.CITUS_SHARD_COUNT ?? 8));
  });

  it.each([
    ['the first page', '/api/project-lists?sort=dec', { skip: 0, rowsPerPage: 15 }],
    ['a tab', '/api/project-lists?sort=dec', { skip: 0, rowsPerPage: 15, filter: 'Live' }],
    ['a name search', '/api/project-lists?sort=dec', { skip: 0, rowsPerPage: 15, assistantName: 'lotus' }],
    ['a date filter', '/api/project-lists?sort=dec', { skip: 0, rowsPerPage: 15, fromDate: '2020-01-01' }],
    ['the tab counts', '/api/project-counts', {}],
    ['the tab counts of a search', '/api/project-counts', { assistantName: 'lotus' }],
    ['the businesses', '/api/business-lists?sort=dec', { skip: 0, rowsPerPage: 25, filter: 'All' }],
  ])('%s: every statement one task', async (_name, url, body) => {
    // Once before, so that the session and the viewer are read and cached as on any later request.
    expect((await call(t.app, 'POST', url, { token: owner, body })).status).toBe(200);
    const sent = await statementsOf(
      async () => expect((await call(t.app, 'POST', url, { token: owner, body })).status).toBe(200),
      'reads',
    );
    expect(sent.length).toBeGreaterThan(0);
    const plans = await explainEach(t, sent);
    expect(plans.filter((p) => p.tasks > 1)).toEqual([]);
  });
});
