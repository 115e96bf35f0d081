import type { MessageEvent } from '@pc/contract';
import type { Db, Tx } from '../../platform/db/open.js';
import { ingestMessageEvents } from '../../modules/charging/ingest.js';

/** Something that happened at `at` (ms): money moved, a plan renewed, a partner checked its balance. */
export type Step = { at: number; run: () => Promise<void> };

/** Events per call of the charging: a day of the whole demo's traffic or less. */
const BATCH = 2000;

/**
 * Replays the history in time order: the message events up to each step go through the charging
 * use case (batches, each charged as the platform's calls are, its ledger entries dated when each
 * conversation started), then the step runs; the events after the last step go last. Steps at one
 * instant run in the order given. A step's entries get distinct seconds (`postedUntil`: the last
 * one's date), so an event that falls within them would be charged after them but dated before:
 * it moves to just after them, and the ledger's dates stay the order in which money moved.
 */
export const replay = async (tx: Tx, steps: Step[], events: MessageEvent[], postedUntil: () => number) => {
  const ordered = steps.map((s, i) => ({ ...s, i })).sort((a, b) => a.at - b.at || a.i - b.i);
  const timed = events.map((e) => ({ e, t: Date.parse(e.timestamp) })).sort((a, b) => a.t - b.t);
  // The seed's transaction serves as the use case's database: each batch is a savepoint in it.
  const db = tx as unknown as Db;
  let next = 0;
  const ingestUntil = async (until: number) => {
    let end = next;
    while (end < timed.length && timed[end]!.t < until) end++;
    for (let i = next; i < end; i += BATCH)
      await ingestMessageEvents(
        db,
        timed.slice(i, Math.min(end, i + BATCH)).map((x) => x.e),
        { replayed: true },
      );
    next = end;
  };
  for (const step of ordered) {
    await ingestUntil(step.at);
    await step.run();
    const until = postedUntil();
    for (let i = next; i < timed.length && timed[i]!.t <= until; i++) {
      timed[i]!.t = until + 1;
      timed[i]!.e = { ...timed[i]!.e, timestamp: new Date(until + 1).toISOString() };
    }
  }
  await ingestUntil(Infinity);
};
