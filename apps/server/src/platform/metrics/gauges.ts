import { sql } from 'drizzle-orm';
import type { Db } from '../db/open.js';
import { jobs } from '../db/schema.js';
import { renderProcessMetrics } from './process.js';
import { header, sample } from './registry.js';

type JobsRow = {
  kind: string;
  queued: number | string;
  waiting: number | string;
  running: number | string;
  failed: number | string;
  oldest_due: string | Date | null;
};

/**
 * The jobs table at scrape time, per kind: one aggregate over the pending jobs (the table holds only
 * pending and failed jobs: a done one is deleted). Waiting: due and not held by a lease; its oldest's
 * age is how far the runners are behind.
 */
const jobQueue = async (db: Db, now: Date) => {
  const { rows } = (await db.execute(sql`
    select kind,
      count(*) filter (where failed_at is null) as queued,
      count(*) filter (where failed_at is null and run_at <= ${now}
        and (locked_until is null or locked_until <= ${now})) as waiting,
      count(*) filter (where failed_at is null and locked_until > ${now}) as running,
      count(*) filter (where failed_at is not null) as failed,
      min(run_at) filter (where failed_at is null and run_at <= ${now}
        and (locked_until is null or locked_until <= ${now})) as oldest_due
    from ${jobs} group by kind order by kind`)) as unknown as { rows: JobsRow[] };
  const families = [
    ['pc_jobs_queued', 'Jobs pending (due or scheduled), by kind.', (r: JobsRow) => Number(r.queued)],
    ['pc_jobs_waiting', 'Jobs due and not yet claimed by a runner, by kind.', (r: JobsRow) => Number(r.waiting)],
    ['pc_jobs_running', 'Jobs claimed by a runner (their lease held), by kind.', (r: JobsRow) => Number(r.running)],
    [
      'pc_jobs_failed',
      'Jobs that spent their attempts and are kept as failed, by kind.',
      (r: JobsRow) => Number(r.failed),
    ],
    [
      'pc_jobs_oldest_waiting_age_seconds',
      'Age of the oldest job due and not yet claimed, by kind (0: none waiting).',
      (r: JobsRow) => (r.oldest_due ? Math.max(0, (now.getTime() - new Date(r.oldest_due).getTime()) / 1000) : 0),
    ],
  ] as const;
  return families
    .map(
      ([name, help, value]) =>
        header(name, help, 'gauge') + rows.map((r) => sample(name, value(r), { kind: r.kind })).join(''),
    )
    .join('');
};

type PoolLike = { totalCount: number; idleCount: number; waitingCount: number; options?: { max?: number } };
const isPool = (client: unknown): client is PoolLike =>
  typeof (client as PoolLike | null)?.totalCount === 'number' && typeof (client as PoolLike).waitingCount === 'number';

/**
 * PostgreSQL: the pool's connections (open, idle, in use) and the queries waiting for one. The
 * embedded database has one connection and no pool to see into: only its kind is written.
 */
const databasePool = (db: Db) => {
  const client = (db as unknown as { $client: unknown }).$client;
  if (!isPool(client))
    return (
      header('pc_db_info', 'The database this process uses.', 'gauge') + sample('pc_db_info', 1, { kind: 'pglite' })
    );
  return (
    header('pc_db_info', 'The database this process uses.', 'gauge') +
    sample('pc_db_info', 1, { kind: 'postgres' }) +
    header('pc_db_pool_connections', "The pool's connections to PostgreSQL, by state.", 'gauge') +
    sample('pc_db_pool_connections', client.totalCount - client.idleCount, { state: 'in_use' }) +
    sample('pc_db_pool_connections', client.idleCount, { state: 'idle' }) +
    header('pc_db_pool_max', 'The most connections the pool opens.', 'gauge') +
    sample('pc_db_pool_max', client.options?.max ?? 10) +
    header('pc_db_pool_waiting', 'Queries waiting for a free connection of the pool.', 'gauge') +
    sample('pc_db_pool_waiting', client.waitingCount)
  );
};

/** What is read when scraped: the jobs table, the database pool, the process (process.ts). */
export const scrapeGauges = async (db: Db, now: Date) => {
  let queue: string;
  let up = 1;
  try {
    queue = await jobQueue(db, now);
  } catch {
    // The database is away: the scrape still answers, and says so.
    queue = '';
    up = 0;
  }
  return (
    header('pc_db_up', 'Whether the database answered the scrape (1) or not (0).', 'gauge') +
    sample('pc_db_up', up) +
    queue +
    databasePool(db) +
    (await renderProcessMetrics())
  );
};
