import { setTimeout as sleep } from 'node:timers/promises';
import { isRetryableConflict } from './errors.js';
import type { Db, Tx } from './open.js';

const ATTEMPTS = 4;

/**
 * Runs a whole transaction again when the database rolled it back for a deadlock or a
 * serialization failure, a bounded number of times with a short random pause. Only for work whose
 * every effect is inside the transaction: a rolled-back attempt leaves nothing behind.
 */
export const retryingConflicts = async <T>(run: () => Promise<T>): Promise<T> => {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= ATTEMPTS || !isRetryableConflict(error)) throw error;
      await sleep(5 + Math.random() * 20 * attempt);
    }
  }
};

/** A transaction of money or counters, run again whole after a deadlock or serialization failure. */
export const retriedTransaction = <T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> =>
  retryingConflicts(() => db.transaction(work));
