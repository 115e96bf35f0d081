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

export const fromPostgres = (url: string): Database => {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  return { db: drizzlePg(pool, { schema }) as unknown as Db, kind: 'postgres', pool, close: () => pool.end() };
};

/** Opens PostgreSQL when a URL is given, else the embedded database in DATA_DIR (one process at a time). */
export const openDatabase = async (opts: { databaseUrl?: string; dataDir: string }): Promise<Database> => {
  if (opts.databaseUrl) return fromPostgres(opts.databaseUrl);
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
