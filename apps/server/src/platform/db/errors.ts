/** The driver's error code (SQLSTATE) or Node's network code, on PostgreSQL and PGlite alike (drizzle wraps the driver's error). */
const codesOf = (error: unknown): { code?: unknown; constraint?: unknown; message?: unknown }[] => {
  const chain = [];
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    chain.push(e as { code?: unknown; constraint?: unknown; message?: unknown });
    if (chain.length > 10) break;
  }
  return chain;
};

/** The constraint a unique violation broke. */
export const uniqueViolationOf = (error: unknown): string | null => {
  const hit = codesOf(error).find((e) => e.code === '23505');
  return hit ? (typeof hit.constraint === 'string' ? hit.constraint : '') : null;
};

/** A foreign key refused the change (a row still referenced elsewhere). */
export const isForeignKeyViolation = (error: unknown) => codesOf(error).some((e) => e.code === '23503');

/** A deadlock or serialization failure: the transaction was rolled back whole and may simply run again. */
export const isRetryableConflict = (error: unknown) =>
  codesOf(error).some((e) => e.code === '40P01' || e.code === '40001');

const unavailableCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN']);
// node-postgres' own errors carry no code: a lost connection, a connection not made in time, no free connection in time.
const unavailableMessage =
  /Connection terminated|connection timeout|timeout expired|timeout exceeded when trying to connect|Client has encountered a connection error|terminating connection|the database system is (starting up|shutting down|in recovery mode)/i;

/**
 * The database server cannot be reached, is restarting or has no connection free in time:
 * connection refused or lost, an admin shutdown (57P01), a crash shutdown (57P02), "cannot connect
 * now" (57P03), class 08 connection exceptions. The request may succeed once it is back.
 */
export const isDatabaseUnavailable = (error: unknown) =>
  codesOf(error).some(
    (e) =>
      (typeof e.code === 'string' &&
        (unavailableCodes.has(e.code) ||
          e.code === '57P01' ||
          e.code === '57P02' ||
          e.code === '57P03' ||
          e.code.startsWith('08'))) ||
      (typeof e.message === 'string' && unavailableMessage.test(e.message)),
  );
