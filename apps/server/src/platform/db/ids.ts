import { randomFillSync } from 'node:crypto';

/**
 * Random bytes drawn 4 KiB at a time: a charging batch makes an id for each of its hundreds of
 * priced messages and ledger entries, and one call to the system's random source per id cost more
 * than the rest of making it.
 */
const pool = Buffer.alloc(4096);
let used = pool.length;

/** 24 hex characters, the shape of the ids the spec shows (_id). */
export const newId = (): string => {
  if (used + 12 > pool.length) {
    randomFillSync(pool);
    used = 0;
  }
  used += 12;
  return pool.toString('hex', used - 12, used);
};
