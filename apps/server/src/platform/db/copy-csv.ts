import { PGlite } from '@electric-sql/pglite';
import { and, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { PgDialect, type AnyPgColumn, type PgSelect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import copyStreams from 'pg-copy-streams';
import type { Db } from './open.js';

/**
 * A report the database writes as CSV with COPY, a batch or a stream at a time: the server never
 * holds the whole range, and the database's own CSV writer does the quoting (the rows never become
 * JavaScript objects, which was most of a report's cost).
 */
export type CsvSource = {
  /**
   * The report's select: `db.select(fields)` with its joins and conditions and `extra`, ordered by
   * the keyset (`t`, `id`) and `$dynamic()` so that a batch can add offset and limit.
   */
  rows: (fields: Record<string, SQL | AnyPgColumn>, extra: SQL | undefined) => PgSelect;
  /** The cells of a line, in the header's order. */
  cells: SQL[];
  /**
   * The keyset: a timestamp and a unique id (columns, or expressions of the row: the margin report's
   * day and its project, category and country), the select's order.
   */
  t: AnyPgColumn | SQL;
  id: AnyPgColumn | SQL;
};

const dialect = new PgDialect();
/**
 * COPY takes no bind parameters: the values are written into the statement as escaped literals.
 * The reports pass only values the server has checked (the session's partner, ids found to be the
 * partner's, dates it parsed, known reason codes).
 */
const inline = (query: SQLWrapper) => dialect.sqlToQuery(query.getSQL().inlineParams()).sql;
const cellsOf = (source: CsvSource) => Object.fromEntries(source.cells.map((cell, i) => [`c${i}`, cell]));

/** The client behind drizzle: the embedded database or a PostgreSQL pool. */
const clientOf = (db: Db) => (db as unknown as { $client: PGlite | pg.Pool }).$client;

/**
 * The embedded database answers a COPY as one blob, so the range goes in batches of `size` rows:
 * each batch first finds its last row's key (an index walk), then copies the rows up to it.
 */
async function* embeddedBatches(client: PGlite, source: CsvSource, size: number): AsyncGenerator<Buffer> {
  let after: { at: string; id: string } | null = null;
  for (;;) {
    const from: SQL | undefined = after
      ? sql`(${source.t}, ${source.id}) > (${after.at}::timestamptz, ${after.id})`
      : undefined;
    const [edge] = (await source
      .rows({ at: sql<string>`(${source.t})::text`, id: sql<string>`${source.id}` }, from)
      .offset(size - 1)
      .limit(1)) as { at: string; id: string }[];
    const upto = edge ? sql`(${source.t}, ${source.id}) <= (${edge.at}::timestamptz, ${edge.id})` : undefined;
    const copied = await client.query(
      `COPY (${inline(source.rows(cellsOf(source), and(from, upto)))}) TO '/dev/blob' WITH (FORMAT csv)`,
    );
    if (copied.blob) yield Buffer.from(await copied.blob.arrayBuffer());
    if (!edge) return;
    after = edge;
  }
}

/** PostgreSQL streams one COPY ... TO STDOUT on a connection of its own, at the pace the client reads. */
async function* postgresStream(pool: pg.Pool, source: CsvSource): AsyncGenerator<Buffer> {
  const connection = await pool.connect();
  let finished = false;
  try {
    const stream = connection.query(
      copyStreams.to(`COPY (${inline(source.rows(cellsOf(source), undefined))}) TO STDOUT WITH (FORMAT csv)`),
    );
    for await (const chunk of stream) yield chunk as Buffer;
    finished = true;
  } finally {
    // A COPY abandoned half-way (the browser went away) leaves the connection unusable: drop it.
    connection.release(finished ? undefined : true);
  }
}

export const copyCsv = (db: Db, source: CsvSource, batchSize = 20_000): AsyncIterable<Buffer> => {
  const client = clientOf(db);
  return client instanceof PGlite ? embeddedBatches(client, source, batchSize) : postgresStream(client, source);
};
