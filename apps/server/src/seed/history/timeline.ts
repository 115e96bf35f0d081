import type { InboundMessage, MessageEvent } from '@pc/contract';
import type { Db, Tx } from '../../platform/db/open.js';
import { ingestMessages } from '../../modules/charging/ingest.js';

/** Something that happened at `at` (ms): money moved, a plan renewed, a partner checked its balance. */
export type Step = { at: number; run: () => Promise<void> };

/** The traffic to replay: statuses of the business's messages and users' messages. */
export type Traffic = { events: MessageEvent[]; inbound: InboundMessage[] };

/** Events and users' messages per call of the charging: a day of the whole demo's traffic or less. */
const BATCH = 2000;

type Timed = { t: number } & ({ kind: 'event'; e: MessageEvent } | { kind: 'inbound'; e: InboundMessage });

/**
 * Replays the history in time order: the traffic up to each step goes through the charging use
 * case (batches of events and users' messages, each charged as the platform's calls are, its
 * ledger entries dated when each message was sent), then the step runs; the traffic after the last
 * step goes last. A user's message goes in the batch of the messages after it or an earlier one,
 * so the window it opens prices them. Steps at one instant run in the order given. A step's entries
 * get distinct seconds (`postedUntil`: the last one's date), so traffic that falls within them
 * would be charged after them but dated before: it moves to just after them, and the ledger's
 * dates stay the order in which money moved.
 */
export const replay = async (tx: Tx, steps: Step[], traffic: Traffic, postedUntil: () => number) => {
  const ordered = steps.map((s, i) => ({ ...s, i })).sort((a, b) => a.at - b.at || a.i - b.i);
  // At one instant a user's message comes first: it opens the window of a reply sent then.
  const timed: Timed[] = [
    ...traffic.inbound.map((e) => ({ kind: 'inbound' as const, e, t: Date.parse(e.timestamp) })),
    ...traffic.events.map((e) => ({ kind: 'event' as const, e, t: Date.parse(e.timestamp) })),
  ].sort((a, b) => a.t - b.t);
  // The seed's transaction serves as the use case's database: each batch is a savepoint in it.
  const db = tx as unknown as Db;
  let next = 0;
  const ingestUntil = async (until: number) => {
    let end = next;
    while (end < timed.length && timed[end]!.t < until) end++;
    for (let i = next; i < end; i += BATCH) {
      const batch = timed.slice(i, Math.min(end, i + BATCH));
      await ingestMessages(
        db,
        {
          events: batch.flatMap((x) => (x.kind === 'event' ? [x.e] : [])),
          inbound: batch.flatMap((x) => (x.kind === 'inbound' ? [x.e] : [])),
        },
        { replayed: true },
      );
    }
    next = end;
  };
  for (const step of ordered) {
    await ingestUntil(step.at);
    await step.run();
    const until = postedUntil();
    for (let i = next; i < timed.length && timed[i]!.t <= until; i++) {
      const x = timed[i]!;
      x.t = until + 1;
      x.e = { ...x.e, timestamp: new Date(until + 1).toISOString() };
    }
  }
  await ingestUntil(Infinity);
};
