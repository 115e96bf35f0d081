import pg from 'pg';
import type { sql } from 'drizzle-orm';
import type { Db } from '../src/platform/db/open.js';

/** Runs statements on one node of a test's own cluster, in one of its databases, one at a time. */
export const onNode = async (port: number, database: string, statements: string[]) => {
  const client = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/${database}` });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
};

/** The rows a statement answers. */
export const rowsOf = async <T = Record<string, unknown>>(db: Db, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;
