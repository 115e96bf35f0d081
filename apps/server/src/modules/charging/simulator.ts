import { and, eq, inArray, sql } from 'drizzle-orm';
import { MESSAGE_EVENTS_MAX_BATCH, type MessageEvent } from '@pc/contract';
import type { Db } from '../../platform/db/open.js';
import { messageEvents, partnerBalances, partners, projects } from '../../platform/db/schema.js';
import { retriedTransaction } from '../../platform/db/retry.js';
import { jobsSignal } from '../../platform/jobs/signal.js';
import { postEntry } from '../billing/ledger.js';
import { emitWebhookEvents } from '../webhooks/delivery/index.js';
import { makeContactTraffic, newContactBook } from './contact-traffic.js';
import { ingestMessageEvents } from './ingest.js';
import { makeTraffic, randomSource, type TrafficProject } from './traffic.js';

const DAY = 24 * 60 * 60 * 1000;

type LiveProject = TrafficProject & { partnerId: string };

const partnersOf = (live: LiveProject[]) => [...new Set(live.map((p) => p.partnerId))];

/**
 * The projects with a live WhatsApp account that are running: the ones that would have traffic (a
 * stopped, unpaid, suspended or terminated project sends nothing, as in the demo's history).
 */
export const liveProjects = async (db: Db): Promise<LiveProject[]> =>
  db
    .select({ id: projects.id, currency: projects.currency, partnerId: projects.partnerId })
    .from(projects)
    .where(
      and(
        eq(projects.isWhatsappVerified, true),
        eq(projects.partnerArchived, false),
        eq(projects.wabaDeleted, false),
        inArray(projects.status, ['active', 'pending']),
      ),
    )
    .orderBy(projects.id)
    .limit(500);

export const ingestInBatches = async (db: Db, events: MessageEvent[]) => {
  let accepted = 0;
  for (let i = 0; i < events.length; i += MESSAGE_EVENTS_MAX_BATCH)
    accepted += (await ingestMessageEvents(db, events.slice(i, i + MESSAGE_EVENTS_MAX_BATCH))).accepted;
  return accepted;
};

/** The last `days` days of traffic, one day at a time, for projects that have none yet. */
export const backfillTraffic = async (db: Db, now: Date, days: number, seed = 1) => {
  const all = await liveProjects(db);
  if (all.length === 0) return 0;
  const withEvents = new Set(
    (
      await db
        .selectDistinct({ id: messageEvents.projectId })
        .from(messageEvents)
        .where(
          inArray(
            messageEvents.projectId,
            all.map((p) => p.id),
          ),
        )
    ).map((r) => r.id),
  );
  const quiet = all.filter((p) => !withEvents.has(p.id));
  const quietPartners = partnersOf(quiet);
  const rng = randomSource(seed);
  let accepted = 0;
  for (let d = days; d >= 1; d--) {
    const from = new Date(now.getTime() - d * DAY);
    accepted += await ingestInBatches(
      db,
      makeTraffic(quiet, from, new Date(from.getTime() + DAY), 5 + Math.floor(rng() * 20), rng, `b${from.getTime()}`),
    );
    // Partners recharge as the days go by, as they would have.
    await rechargeLowBalances(db, quietPartners, `b${from.getTime()}`);
  }
  return accepted;
};

/**
 * The simulator's partners recharge the way a careful partner does, so the demo stays usable for
 * hours: when a central balance falls under three times its minimum allowed, ten times the minimum
 * is added, a CENTRAL_BALANCE_RECHARGE through the ledger with payment and order ids as a gateway
 * would give. A partner without a minimum allowed balance is never suspended, and is left alone.
 * Returns how many partners were recharged.
 */
export const rechargeLowBalances = async (db: Db, partnerIds: string[], stamp: string): Promise<number> => {
  if (partnerIds.length === 0) return 0;
  const rows = await db
    .select({ id: partners.id, central: partnerBalances.centralBalance, min: partners.minAllowedBalance })
    .from(partners)
    .innerJoin(partnerBalances, eq(partnerBalances.partnerId, partners.id))
    .where(inArray(partners.id, [...new Set(partnerIds)].sort()));
  let recharged = 0;
  for (const p of rows) {
    if (p.min <= 0 || p.central >= p.min * 3) continue;
    await retriedTransaction(db, (tx) =>
      postEntry(tx, {
        partnerId: p.id,
        balance: 'CENTRAL',
        action: 'ADD',
        amount: p.min * 10,
        reasonCode: 'CENTRAL_BALANCE_RECHARGE',
        message: 'Recharge (traffic simulator)',
        paymentId: `pay_sim_${stamp}_${p.id.slice(-6)}`,
        orderId: `order_sim_${stamp}_${p.id.slice(-6)}`,
      }),
    );
    recharged += 1;
  }
  return recharged;
};

/**
 * One live tick of the simulator, from a seed (the same seed replays the same ticks): about half the
 * live projects send a few messages over [from, to), straight into the ingestion (which tells their
 * message.* webhooks), and for the same projects a sprinkle of contact and chat events
 * (`makeContactTraffic`, from the contacts it has met, kept in memory) goes to their webhooks
 * through the outbox, in one transaction, the runner kicked after the commit. When no webhook of
 * theirs subscribes, that costs the outbox's one query and writes nothing. Then low central
 * balances are recharged (rechargeLowBalances).
 */
export const simulatorTicks = (db: Db, seed: number) => {
  const rng = randomSource(seed);
  // The contact side has its own source: the message traffic stays what the seed made it before.
  const contactRng = randomSource(seed ^ 0x5bd1e995);
  const book = newContactBook();
  return async (from: Date, to: Date) => {
    const live = await liveProjects(db);
    const picked = live.filter(() => rng() < 0.5);
    const tag = `l${to.getTime()}`;
    const traffic = makeTraffic(picked, from, to, 1 + Math.floor(rng() * 3), rng, tag);
    const accepted = await ingestInBatches(db, traffic);
    const contactEvents = makeContactTraffic(picked, traffic, book, from, to, contactRng, tag);
    const told =
      contactEvents.length === 0
        ? { events: 0, deliveries: 0 }
        : await retriedTransaction(db, (tx) => emitWebhookEvents(tx, contactEvents));
    if (told.deliveries > 0) jobsSignal.kick();
    await rechargeLowBalances(db, partnersOf(picked), String(to.getTime()));
    return { accepted, contactEvents: contactEvents.length, ...told };
  };
};

/**
 * The sandbox's background traffic (TRAFFIC_SIMULATOR=on): fills the last 30 days once, then
 * every interval sends a few messages for each live project, with contact and chat events for
 * their webhooks (simulatorTicks), and recharges a partner whose central balance runs low
 * (rechargeLowBalances), so the demo never falls into "suspended". Returns the function that stops
 * it.
 */
export const startTrafficSimulator = (
  db: Db,
  now: () => Date,
  intervalMs: number,
  log: (line: string) => void,
): (() => Promise<void>) => {
  const tickOver = simulatorTicks(db, Date.now() & 0xffffffff);
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  let last = now();
  const tick = async () => {
    const to = now();
    await tickOver(last, to);
    last = to;
  };
  running = backfillTraffic(db, now(), 30)
    .then((n) => log(`Traffic simulator: ${n} past message events recorded; live traffic every ${intervalMs} ms.`))
    .catch((error: unknown) => log(`Traffic simulator: backfill failed: ${String(error)}`));
  const timer = setInterval(() => {
    if (stopped) return;
    running = running.then(tick).catch((error: unknown) => log(`Traffic simulator: ${String(error)}`));
  }, intervalMs);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
};

/** How many message events the database holds (for the CLI's summary). */
export const countMessageEvents = async (db: Db) =>
  Number((await db.select({ n: sql<string>`count(*)` }).from(messageEvents))[0]!.n);
