import { parse, protocol, type messages, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';

/**
 * The embedded database with a statement cache: the same SQL text (drizzle writes one text per
 * query shape, values apart) is parsed and planned once as a named statement, then each run is
 * one protocol call (Bind, Describe, Execute, Sync). PGlite's own `query` sends six calls into the
 * WASM Postgres per query (Parse, Describe, Bind, Describe, Execute, Sync) and parses and plans
 * the text every time, which costs a simple lookup many times its own work (bench/http.ts).
 *
 * Everything else goes to PGlite untouched: transactions (drizzle runs their queries on PGlite's
 * transaction object), `exec`, and queries with options this path does not handle (a blob for
 * COPY, declared parameter types, per-query serializers or a notice handler). Runs take the same
 * locks as PGlite's `query`, so they never land inside another caller's transaction. Postgres
 * re-plans a cached statement by itself after a schema change.
 */

/** Statements kept per database: more shapes than the app has queries; the least recently used is closed. */
const STATEMENTS_KEPT = 500;

type Statement = { name: string; paramTypes: number[] };
/** PGlite's locks and readiness check: TypeScript-protected members of its base class, public at run time. */
type PGliteInternals = {
  _checkReady: () => Promise<void>;
  _runExclusiveTransaction: <T>(work: () => Promise<T>) => Promise<T>;
  _runExclusiveQuery: <T>(work: () => Promise<T>) => Promise<T>;
};

const concat = (parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};

const { serialize } = protocol;
const SYNC = serialize.sync();
const DESCRIBE_PORTAL = serialize.describe({ type: 'P' });
const EXECUTE = serialize.execute({});

type Parsers = PGlite['parsers'];
const ROW_COUNTING = new Set(['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE']);

/**
 * The result of one statement's messages, as PGlite's `parseResults` makes it (rows, fields,
 * affectedRows, rowCount, command), but looking each column's parser up in the caller's parsers,
 * then the database's, where PGlite first copies the database's whole parser table (some
 * hundreds of types) into a new object on every query that brings its own parsers, as drizzle's do.
 */
const resultOf = <T>(replies: messages.BackendMessage[], own: Parsers, options?: QueryOptions): Results<T> => {
  const given = options?.parsers;
  const arrays = options?.rowMode === 'array';
  let fields: { name: string; dataTypeID: number }[] = [];
  const rows: unknown[] = [];
  let affectedRows = 0;
  for (const reply of replies) {
    if (reply.name === 'rowDescription') {
      fields = (reply as messages.RowDescriptionMessage).fields.map((f) => ({
        name: f.name,
        dataTypeID: f.dataTypeID,
      }));
    } else if (reply.name === 'dataRow') {
      const values = (reply as messages.DataRowMessage).fields;
      const row: unknown[] | Record<string, unknown> = arrays ? new Array<unknown>(values.length) : {};
      for (let i = 0; i < values.length; i += 1) {
        const text = values[i] as string | null;
        const type = fields[i]!.dataTypeID;
        const parser = text === null ? undefined : (given?.[type] ?? own[type]);
        const value = text === null ? null : parser ? parser(text, type) : text;
        if (arrays) (row as unknown[])[i] = value;
        else (row as Record<string, unknown>)[fields[i]!.name] = value;
      }
      rows.push(row);
    } else if (reply.name === 'commandComplete') {
      const words = (reply as messages.CommandCompleteMessage).text.split(' ');
      const command = words[0]!;
      const count = parseInt(words[words.length - 1]!, 10);
      if (ROW_COUNTING.has(command)) affectedRows += count;
      return { rows, fields, command, affectedRows, ...(Number.isNaN(count) ? {} : { rowCount: count }) } as Results<T>;
    }
  }
  return { rows, fields, affectedRows } as Results<T>;
};

/** As PGlite's own query errors: the query, its values and options on the error. */
const withQuery = (error: unknown, query: string, params: unknown[], options: QueryOptions | undefined) => {
  if (error && typeof error === 'object' && 'severity' in error)
    Object.assign(error, { query, params, queryOptions: options });
  return error;
};

/**
 * Queries with values only: a text without any (a COPY, a statement with its literals written in)
 * may be one of a kind, and would only fill the cache.
 */
const handledHere = (text: string, params: unknown[], options: QueryOptions | undefined) =>
  params.length > 0 &&
  !/^\s*copy\b/i.test(text) &&
  (!options || (!options.blob && !options.paramTypes && !options.serializers && !options.onNotice));

/** A table's columns changed under a cached statement (a migration while running): prepare it again. */
const isStalePlan = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  (error as { code?: unknown }).code === '0A000' &&
  /cached plan must not change result type/.test(String((error as { message?: unknown }).message));

export const withStatementCache = (pglite: PGlite, kept = STATEMENTS_KEPT): PGlite => {
  const internals = pglite as unknown as PGliteInternals;
  const statements = new Map<string, Statement>();
  let made = 0;
  /** Close messages of evicted statements, sent ahead of the next run. */
  let closing: Uint8Array[] = [];

  const prepare = async (text: string): Promise<Statement> => {
    const name = `pc_${(made += 1)}`;
    const described = await pglite.execProtocol(
      concat([...closing, serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), SYNC]),
    );
    closing = [];
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(described.messages) };
    statements.set(text, statement);
    if (statements.size > kept) forget(statements.keys().next().value!);
    return statement;
  };

  const forget = (text: string) => {
    const statement = statements.get(text);
    if (!statement) return;
    statements.delete(text);
    closing.push(serialize.close({ type: 'S', name: statement.name }));
  };

  const run = async <T>(text: string, params: unknown[], options?: QueryOptions): Promise<Results<T>> => {
    let statement = statements.get(text);
    if (statement) {
      // Most recently used last: the first entry is the one to evict.
      statements.delete(text);
      statements.set(text, statement);
    } else statement = await prepare(text);
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = pglite.serializers[statement.paramTypes[i]!];
      return serializer ? serializer(value) : String(value);
    });
    const { messages } = await pglite.execProtocol(
      concat([...closing, serialize.bind({ statement: statement.name, values }), DESCRIBE_PORTAL, EXECUTE, SYNC]),
    );
    closing = [];
    return resultOf<T>(messages, pglite.parsers, options);
  };

  const query = async <T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> => {
    if (!handledHere(text, params, options)) return pglite.query<T>(text, params, options);
    await internals._checkReady();
    return internals._runExclusiveTransaction(() =>
      internals._runExclusiveQuery(async () => {
        try {
          return await run<T>(text, params, options).catch((error: unknown) => {
            if (!isStalePlan(error)) throw error;
            forget(text);
            return run<T>(text, params, options);
          });
        } catch (error) {
          throw withQuery(error, text, params, options);
        }
      }),
    );
  };

  return new Proxy(pglite, {
    get: (target, property) => {
      if (property === 'query') return query;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
};
