import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signInAs, startTestApp, type TestContext } from '../../../test/harness.js';

/**
 * On Citus, every statement a partner's list request sends goes to the partner's node alone: each is
 * explained with its own parameters and its plan must run one task (or none, when it reads only the
 * coordinator's tables). Runs with the Citus suite (`npm run test:citus`).
 */
const skipped = process.env.CITUS_SUITE ? '' : 'skipped: it runs with the Citus suite, npm run test:citus';

type Sent = { text: string; values: unknown[] };

/** The statements the pool's connections send while `work` runs. */
const statementsOf = async (work: () => Promise<unknown>): Promise<Sent[]> => {
  const sent: Sent[] = [];
  const query = pg.Client.prototype.query;
  const watched = function (this: pg.Client, ...args: unknown[]) {
    const [first, second] = args as [string | { text?: string; values?: unknown[] }, unknown[] | undefined];
    if (typeof first === 'string') sent.push({ text: first, values: Array.isArray(second) ? second : [] });
    // drizzle passes its parameters beside the statement's config, not in it.
    else if (first?.text)
      sent.push({ text: first.text, values: first.values ?? (Array.isArray(second) ? second : []) });
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  };
  pg.Client.prototype.query = watched as typeof query;
  try {
    await work();
  } finally {
    pg.Client.prototype.query = query;
  }
  return sent.filter((s) => /^\s*(select|with)\b/i.test(s.text));
};

/** The largest task count anywhere in a Citus plan (0 when it runs on the coordinator alone). */
const tasksOf = (node: unknown): number => {
  if (Array.isArray(node)) return Math.max(0, ...node.map(tasksOf));
  if (!node || typeof node !== 'object') return 0;
  const own = (node as Record<string, unknown>)['Task Count'];
  return Math.max(typeof own === 'number' ? own : 0, ...Object.values(node).map(tasksOf));
};

describe.skipIf(skipped)(`a partner's list on one node${skipped ? ` (${skipped})` : ''}`, () => {
  let t: TestContext;
  let owner: string;
  beforeAll(async () => {
    t = await startTestApp();
    owner = await signInAs(t.app, 'owner');
  });
  afterAll(() => t.close());

  const explainEach = async (sent: Sent[]) => {
    const client = await t.database.pool!.connect();
    try {
      const plans = [];
      for (const s of sent) {
        const { rows } = await client.query(`explain (format json) ${s.text}`, s.values);
        plans.push({ text: s.text.replace(/\s+/g, ' ').slice(0, 120), tasks: tasksOf(rows[0]) });
      }
      return plans;
    } finally {
      client.release();
    }
  };

  it('sees a statement that does not name its partner run on every shard', async () => {
    const plans = await explainEach([{ text: 'select name from projects where id = $1', values: ['any'] }]);
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
    const sent = await statementsOf(async () =>
      expect((await call(t.app, 'POST', url, { token: owner, body })).status).toBe(200),
    );
    expect(sent.length).toBeGreaterThan(0);
    const plans = await explainEach(sent);
    expect(plans.filter((p) => p.tasks > 1)).toEqual([]);
  });
});
