import pg from 'pg';
import type { TestContext } from './harness.js';

/**
 * What the Citus suite's one-node tests need (project-list/, webhooks/delivery/one-node.test.ts):
 * the statements the pool's connections send while some work runs, and each one's plan explained
 * with its own parameters, as the largest task count anywhere in it (0 when it reads only the
 * coordinator's tables, such as the jobs).
 */
export type Sent = { text: string; values: unknown[] };
export type Plan = { text: string; tasks: number };

/**
 * The statements sent while `work` runs: reads and writes (not a transaction's begin and end), or
 * reads alone (`reads`).
 */
export const statementsOf = async (work: () => Promise<unknown>, only?: 'reads'): Promise<Sent[]> => {
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
  const kinds = only === 'reads' ? /^\s*(select|with)\b/i : /^\s*(select|with|insert|update|delete)\b/i;
  return sent.filter((s) => kinds.test(s.text));
};

/** The largest task count anywhere in a Citus plan (0 when it runs on the coordinator alone). */
const tasksOf = (node: unknown): number => {
  if (Array.isArray(node)) return Math.max(0, ...node.map(tasksOf));
  if (!node || typeof node !== 'object') return 0;
  const own = (node as Record<string, unknown>)['Task Count'];
  return Math.max(typeof own === 'number' ? own : 0, ...Object.values(node).map(tasksOf));
};

/** Each statement explained (not run) with its own parameters. */
export const explainEach = async (t: TestContext, sent: readonly Sent[]): Promise<Plan[]> => {
  const client = await t.database.pool!.connect();
  try {
    const plans: Plan[] = [];
    for (const s of sent) {
      const { rows } = await client.query(`explain (format json) ${s.text}`, s.values);
      plans.push({ text: s.text.replace(/\s+/g, ' ').trim(), tasks: tasksOf(rows[0]) });
    }
    return plans;
  } finally {
    client.release();
  }
};
