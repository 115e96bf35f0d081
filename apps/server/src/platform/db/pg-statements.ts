import { createHash } from 'node:crypto';
import type pg from 'pg';

/**
 * Named statements for the pool's queries: drizzle writes one SQL text per query shape (values
 * apart), and a text sent with a name is parsed and planned once per connection by PostgreSQL
 * (node-postgres remembers which connection has it) instead of on every run.
 *
 * Bounded: at most `kept` distinct texts are ever named (a list's `in ($1, $2, ...)` makes a text
 * per length); later ones run unnamed, as before. Queries without values (a COPY, literals written
 * in) stay unnamed, and so do transactions, which run on a connection taken from the pool. Behind
 * a pooler in transaction mode (PgBouncer before 1.21 or without max_prepared_statements) named
 * statements break (docs/scaling-out.md).
 *
 * A migration that changes the type of a column a named statement reads makes PostgreSQL refuse it
 * ("cached plan must not change result type"): the text then runs unnamed from that moment on.
 */
const NAMED_TEXTS = 1000;

type QueryConfig = { text?: unknown; name?: unknown };

const isStalePlan = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  (error as { code?: unknown }).code === '0A000' &&
  /cached plan must not change result type/.test(String((error as { message?: unknown }).message));

export const withNamedStatements = (pool: pg.Pool, kept = NAMED_TEXTS): pg.Pool => {
  /** An empty name: this text runs unnamed. */
  const names = new Map<string, string>();
  const nameOf = (text: string) => {
    const known = names.get(text);
    if (known !== undefined || names.size >= kept) return known || undefined;
    // The text decides the name: two processes, or two connections, agree on it.
    const name = `pc_${createHash('sha1').update(text).digest('base64url')}`;
    names.set(text, name);
    return name;
  };
  const query = (textOrConfig: unknown, values?: unknown, callback?: unknown) => {
    const config = (typeof textOrConfig === 'string' ? { text: textOrConfig } : textOrConfig) as QueryConfig | null;
    const text = config && typeof config === 'object' && typeof config.text === 'string' ? config.text : undefined;
    const name =
      text !== undefined &&
      config!.name === undefined &&
      Array.isArray(values) &&
      values.length > 0 &&
      !/^\s*copy\b/i.test(text)
        ? nameOf(text)
        : undefined;
    const send = (sent: unknown) => (pool.query as (...args: unknown[]) => unknown)(sent, values, callback);
    if (!name || callback) return send(name ? { ...config, name } : textOrConfig);
    return (send({ ...config, name }) as Promise<unknown>).catch((error: unknown) => {
      if (!isStalePlan(error)) throw error;
      names.set(text!, '');
      return send(textOrConfig);
    });
  };
  return new Proxy(pool, {
    get: (target, property) => {
      if (property === 'query') return query;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
};
