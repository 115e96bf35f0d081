import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.js';
import { lockDataDir } from './data-dir-lock.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A query runs on the database or inside a caller's transaction alike. */
export type DbOrTx = Db | Tx;

export type Database = { db: Db; kind: 'pglite' | 'postgres'; pool?: pg.Pool; close: () => Promise<void> };

export const fromPglite = (client: PGlite, release: () => void = () => {}): Database => ({
  db: drizzlePglite(client, { schema }) as unknown as Db,
  kind: 'pglite',
  close: async () => {
    await client.close();
    release();
  },
});

/**
 * A pool that lives through a restart or failover of the server: an idle connection that breaks is
 * reported, not thrown (an unhandled 'error' event would end the process), a broken one is dropped
 * by the pool, and a new request waits at most `connectionTimeoutMillis` for a connection before it
 * fails (answered 503 by the error mapper) instead of hanging; new connections are made once the
 * server is back.
 */
export const fromPostgres = (url: string, onError: (error: Error) => void = () => {}): Database => {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5000, keepAlive: true });
  pool.on('error', onError);
  // A connection that breaks while checked out (inside a transaction, a report's COPY) reports here too.
  pool.on('connect', (client) => client.on('error', onError));
  return { db: drizzlePg(pool, { schema }) as unknown as Db, kind: 'postgres', pool, close: () => pool.end() };
};

/** Opens PostgreSQL when a URL is given, else the embedded database in DATA_DIR (one process at a time). */
export const openDatabase = async (opts: {
  databaseUrl?: string;
  dataDir: string;
  onError?: (error: Error) => void;
}): Promise<Database> => {
  if (opts.databaseUrl) return fromPostgres(opts.databaseUrl, opts.onError);
  const dir = path.resolve(opts.dataDir, 'pglite');
  mkdirSync(dir, { recursive: true });
  const release = lockDataDir(path.resolve(opts.dataDir));
  try {
    const client = await PGlite.create(dir);
    return fromPglite(client, release);
  } catch (error) {
    release();
    throw error;
  }
};
