import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.js';
import { lockDataDir } from './data-dir-lock.js';
import { withStatementCache } from './pglite-statements.js';
import { statementWatch } from './statement-watch.js';
import { withNamedStatements } from './pg-statements.js';
import { isDatabaseUnavailable } from './errors.js';
import { startWriteFeed, WRITES_CHANNEL, type WriteFeed } from './write-feed.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A query runs on the database or inside a caller's transaction alike. */
export type DbOrTx = Db | Tx;

export type Database = { db: Db; kind: 'pglite' | 'postgres'; pool?: pg.Pool; close: () => Promise<void> };

/**
 * The extensions the migrations create, loaded into every embedded database (PGlite builds them in
 * but loads only those asked for): pg_trgm for the searches by a part of a text (migration 0021).
 */
export const pgliteExtensions = { pg_trgm };

/**
 * How every embedded database is opened: its extensions, and PostgreSQL's `wal_init_zero` off. With
 * it on (PostgreSQL's default) each new 16 MB write-ahead-log segment is written full of zeros
 * before use, so that a disk allocates it up front; PGlite's file system is memory (or a data
 * directory synced as a whole), where that buys nothing and cost a charging batch about 25 ms of
 * its 130 each time the log moved to a new segment.
 */
export const pgliteOptions = {
  extensions: pgliteExtensions,
  startParams: [...PGlite.defaultStartParams, '-c', 'wal_init_zero=off'],
};

/** The embedded databases' handles: see `isEmbedded`. */
const embedded = new WeakSet<object>();

/**
 * Whether `db` is the embedded database: one process opens it at a time (its data directory's lock),
 * runs one statement at a time, as its only user, a superuser; every statement sent is seen before it
 * runs (statement-watch.ts). So a cache of rows that forgets them on this process's writes is exact
 * there, and a bulk load may defer its foreign-key checks; on PostgreSQL other processes write too.
 */
export const isEmbedded = (db: DbOrTx) => embedded.has(db);

const distributed = new WeakSet<object>();

/**
 * Whether the database is distributed (PostgreSQL with Citus, docs/scaling.md): a statement there
 * must name the partner to go to one node, and a few shapes chosen for the embedded database's
 * planner (a lateral probe per value) cannot be pushed to the nodes at all. Known once the database
 * has been asked (`noteDistribution`); the database's transactions are known with it.
 */
export const isDistributed = (db: DbOrTx) => distributed.has(sessionOf(db));

/** Drizzle's session of a database or transaction: a transaction's savepoints share it. */
const sessionOf = (db: DbOrTx) => (db as unknown as { session: object }).session;

/**
 * A transaction on Citus that has read or written several shards over parallel connections may not
 * then write a reference table that distributed tables point at (a partner's balance after a read
 * across partners): every connection runs its multi-shard statements over one connection a node.
 * The console's statements are nearly all one partner's, on one node, so nothing is lost.
 */
const SEQUENTIAL = { name: 'citus.multi_shard_modify_mode', value: 'sequential' };

/**
 * Asks the database whether it is Citus, once, when it is opened (openDatabase; the tests' harness),
 * before any other statement: the pool's later connections start with its settings.
 */
export const noteDistribution = async (database: Database) => {
  const pool = database.pool;
  if (database.kind !== 'postgres' || !pool) return database;
  const client = await pool.connect();
  try {
    const { rowCount } = await client.query(`select 1 from pg_extension where extname = 'citus'`);
    if (!rowCount) return database;
    await client.query(`set ${SEQUENTIAL.name} to '${SEQUENTIAL.value}'`);
    startupOptions.get(pool)!.options = `-c ${SEQUENTIAL.name}=${SEQUENTIAL.value}`;
    distributed.add(sessionOf(database.db));
    return database;
  } finally {
    client.release();
  }
};

export const fromPglite = (client: PGlite, release: () => void = () => {}): Database => {
  const db = drizzlePglite(withStatementCache(client), { schema, logger: statementWatch }) as unknown as Db;
  embedded.add(db);
  return {
    db,
    kind: 'pglite',
    close: async () => {
      await client.close();
      release();
    },
  };
};

/** Each PostgreSQL database's write feed, started by its first user (`writeFeedOf`). */
const writeFeeds = new WeakMap<object, () => WriteFeed>();

/**
 * The writes of every process on this database, heard (write-feed.ts): on PostgreSQL, started on
 * first use and closed with the database; none on the embedded database (nothing else writes it) nor
 * on a distributed one, whose tables' statements run, and notify, on the workers.
 */
export const writeFeedOf = (db: DbOrTx): WriteFeed | undefined =>
  isDistributed(db) ? undefined : writeFeeds.get(sessionOf(db))?.();

/** A new connection must be made within this: a server that does not answer (a failover under way) is a 503 soon. */
const CONNECT_TIMEOUT_MS = 5_000;
/**
 * A request waits at most this long for a free connection of the pool: a backlog that deep (a hung
 * server, an overload) answers 503. Not shorter: a burst of money calls queues for seconds, and
 * failing them would be worse than waiting.
 */
const WAIT_FOR_CONNECTION_MS = 15_000;

/** Settings a pool's new connections start with (`options`, as `-c name=value`), once it is known to need them. */
const startupOptions = new WeakMap<pg.Pool, { options?: string }>();

/**
 * The pool's `connectionTimeoutMillis` bounds the wait for a free connection; this bounds making one.
 * (Not named "Pool...": drizzle takes any client whose class name says Pool for a pool.)
 */
const quickConnectClient = (startup: { options?: string }) =>
  class QuickConnectClient extends pg.Client {
    constructor(config?: pg.ClientConfig) {
      super({
        ...config,
        connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
        ...(startup.options ? { options: startup.options } : {}),
      });
    }
  };

/**
 * A pool that lives through a restart or failover of the server: a connection that breaks, idle or
 * checked out, is reported, not thrown (an unhandled 'error' event would end the process), and
 * dropped by the pool; requests fail fast while the server is away (answered 503 by the error
 * mapper) and new connections are made once it is back.
 */
export const fromPostgres = (url: string, onError: (error: Error) => void = () => {}): Database => {
  const startup: { options?: string } = {};
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    Client: quickConnectClient(startup),
    connectionTimeoutMillis: WAIT_FOR_CONNECTION_MS,
    // A server that vanished without closing its connections (a failover) is noticed by TCP keep-alive.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  startupOptions.set(pool, startup);
  pool.on('error', onError);
  // A connection that breaks while checked out (inside a transaction, a report's COPY) reports here too.
  pool.on('connect', (client) => client.on('error', onError));
  const db = drizzlePg(withNamedStatements(pool), { schema, logger: statementWatch }) as unknown as Db;
  db.transaction = transactionOnOwnConnection(pool, () => isDistributed(db));
  let feed: WriteFeed | undefined;
  writeFeeds.set(
    sessionOf(db),
    () =>
      (feed ??= startWriteFeed({
        connect: () =>
          new (quickConnectClient(startup))({
            connectionString: url,
            keepAlive: true,
            keepAliveInitialDelayMillis: 10_000,
          }),
        probe: (token) => pool.query('select pg_notify($1, $2)', [WRITES_CHANNEL, token]),
        onError,
      })),
  );
  return {
    db,
    kind: 'postgres',
    pool,
    close: async () => {
      await feed?.close();
      await pool.end();
    },
  };
};

/**
 * drizzle's pooled transaction sends BEGIN before the `try` that gives its connection back, so a
 * BEGIN on a connection a restart broke keeps it checked out for good (drizzle-team/drizzle-orm#6241,
 * open in 0.45): ten of those and the pool is empty until the process restarts. A transaction takes
 * its connection here instead and always gives it back, closed when the database was lost.
 */
const transactionOnOwnConnection =
  (pool: pg.Pool, isDistributedDb: () => boolean): Db['transaction'] =>
  async (work, config) => {
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      return await (drizzlePg(client, { schema, logger: statementWatch }) as unknown as Db).transaction((tx) => {
        if (isDistributedDb()) distributed.add(sessionOf(tx));
        return work(tx);
      }, config);
    } catch (error) {
      if (isDatabaseUnavailable(error)) broken = error as Error;
      throw error;
    } finally {
      client.release(broken);
    }
  };

/** Opens PostgreSQL when a URL is given, else the embedded database in DATA_DIR (one process at a time). */
export const openDatabase = async (opts: {
  databaseUrl?: string;
  dataDir: string;
  onError?: (error: Error) => void;
}): Promise<Database> => {
  if (opts.databaseUrl) return noteDistribution(fromPostgres(opts.databaseUrl, opts.onError));
  const dir = path.resolve(opts.dataDir, 'pglite');
  mkdirSync(dir, { recursive: true });
  const release = lockDataDir(path.resolve(opts.dataDir));
  try {
    const client = await PGlite.create(dir, pgliteOptions);
    return fromPglite(client, release);
  } catch (error) {
    release();
    throw error;
  }
};
