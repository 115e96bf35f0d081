import { and, inArray } from 'drizzle-orm';
import type { MetaPricing } from '@pc/contract';
import type { Tx } from '../../platform/db/open.js';
import { anyOf, rowsOfEach, unnestInserts, unnestUpdates } from '../../platform/db/unnest.js';
import { conversations, messageEvents } from '../../platform/db/schema.js';
import { productCounters } from '../../platform/metrics/counters.js';
import type { lockedLedger } from '../billing/ledger.js';
import type { marginBatch } from '../margins/rollup.js';
import { chargePrice, freeOf, refundCharge, unpriced, type Charged, type ProjectInfo } from './charge.js';
import type { DayRowsBatch } from './day-rows.js';
import { chargedValues, unitRow, type Message, type Unit } from './message-rows.js';
import { entryPointWindows, type EntryPointWindows } from './entry-point-windows.js';
import { decide, inTimeOrder, isLive, metaWordOf, type Decision } from './message-decision.js';
import { familyPrice, dayOf, type Category } from './price.js';
import { modelAt, type PricingModel } from './pricing-models.js';
import { localDateIn } from '../../platform/time/local-date.js';
import { serviceFreeTier } from './service-free-tier.js';
import { inboundTimes, windowOpen } from './service-windows.js';
import { loadVolumeTiers, tierKeyOf, tieredPrice, volumeCounts, type VolumeTier } from './volume-tiers.js';

export type MessagesStep = {
  tx: Tx;
  ledger: Awaited<ReturnType<typeof lockedLedger>>;
  known: Map<string, ProjectInfo>;
  partnerIds: string[];
  models: readonly PricingModel[];
  margins: ReturnType<typeof marginBatch>;
  dayRows: DayRowsBatch;
  /** History replayed in order (the demo seed): money moves when the message was sent. */
  replayed: boolean;
};

/**
 * Per-message pricing for the messages this batch brought news of: each message is priced once
 * (a PMP row of `conversations`, keyed by its message id), charged at its first status, refunded
 * when it fails undelivered, charged again if a delivery is reported after all, and priced again
 * when Meta's pricing object arrives after the console priced it by its own model. The analytics
 * and margin rows move with it in the batch's transaction. Answers how many messages it priced, and
 * how each was charged (for /metrics).
 */
export const priceMessages = async (
  step: MessagesStep,
  messageIds: string[],
): Promise<{ priced: number; charges: string[] }> => {
  if (messageIds.length === 0) return { priced: 0, charges: [] };
  const { tx, partnerIds } = step;
  const messages = await messagesOf(step, messageIds);
  const units = new Map<string, Unit>();
  // One probe of the (partner, message) key per message, the ids as one array parameter.
  for (const u of await rowsOfEach(
    tx,
    conversations,
    conversations.messageId,
    messageIds,
    inArray(conversations.partnerId, partnerIds),
  ))
    units.set(u.messageId!, u);

  const starts = messages.map((m) => ({ m, at: firstLive(m)?.at })).filter((x) => x.at);
  const windows = await inboundTimes(
    tx,
    partnerIds,
    starts
      .filter((x) => x.m.category === 'utility')
      .map((x) => ({ projectId: x.m.project.id, recipient: x.m.recipient })),
    new Date(Math.min(...starts.map((x) => x.at!.getTime()))),
    new Date(Math.max(...starts.map((x) => x.at!.getTime()))),
  );

  const entryPoints = await entryPointWindows(
    tx,
    partnerIds,
    starts.map((x) => ({ projectId: x.m.project.id, recipient: x.m.recipient, at: x.at! })),
  );

  // The service messages that may fall in a number's monthly free tier, in time order.
  starts.sort((a, b) => a.at!.getTime() - b.at!.getTime());
  const tierModel = (m: Message, at: Date) => modelAt(step.models, m.project.currency, at, m.project.timezone);
  const tiered = starts.filter(
    (x) => x.m.category === 'service' && !units.has(x.m.messageId) && tierModel(x.m, x.at!).serviceFreePerMonth > 0,
  );
  const tier = await serviceFreeTier(
    tx,
    partnerIds,
    tiered.map((x) => ({ project: x.m.project, at: x.at! })),
  );

  const volume = await volumeOf(step, messages);

  let priced = 0;
  const charges: string[] = [];
  const inserts: (typeof conversations.$inferInsert)[] = [];
  const updates: { unit: Unit; values: Partial<Unit> }[] = [];
  for (const m of starts.map((x) => x.m)) {
    const unit = units.get(m.messageId);
    const live = isLive(m.statuses);
    const word = metaWordOf(m.statuses);
    if (!unit) {
      const start = firstLive(m);
      if (!live || !start) continue;
      // A message sent while Meta priced conversations is its conversation's, whenever its later
      // statuses arrive (unless Meta's pricing object says otherwise).
      if (!word && modelOf(step, m, inTimeOrder(m.statuses)[0]!.at).model === 'CBP') continue;
      const model = tierModel(m, start.at);
      const inTier = !word && m.category === 'service' && model.serviceCharged && model.serviceFreePerMonth > 0;
      const tierLeft = inTier && tier.take(m.project, start.at, model.serviceFreePerMonth);
      const decision = decisionOf(step, m, word, start.at, { windows, entryPoints }, tierLeft);
      const charged = price(step, volume, m, decision, start.at, `message:${m.messageId}`);
      inserts.push({
        ...unitRow(m, start.at, decision, charged, word),
        ...(step.replayed ? { createdAt: start.at } : {}),
      });
      count(step, { ...m, at: start.at, category: decision.category }, charged, 1);
      priced += 1;
      charges.push(charged.status === 'CHARGED' ? (charged.balance ?? 'CENTRAL') : charged.status);
      if (decision.unknownCategory) productCounters.messageEvents.inc(['unknown_pricing_category']);
      continue;
    }
    const wasLive = unit.billingStatus !== 'FAILED';
    const heardMeta = word !== null && unit.metaPricing === null;
    if (!live && wasLive && unit.billingStatus !== 'FREE')
      updates.push({ unit, values: undo(step, volume, m, unit, 'FAILED') });
    else if (live && (!wasLive || heardMeta)) {
      const decision = decisionOf(
        step,
        m,
        word,
        unit.startedAt,
        { windows, entryPoints },
        unit.pricingType === 'free_customer_service',
      );
      if (wasLive && sameAs(unit, decision)) {
        updates.push({
          unit,
          values: { metaPricing: word, pricingType: decision.type, metaCategoryUnknown: decision.unknownCategory },
        });
        continue;
      }
      const undone = wasLive ? undo(step, volume, m, unit, unit.billingStatus) : {};
      const key =
        (undone.refundLogId ?? unit.refundLogId)
          ? `recharge:${undone.refundLogId ?? unit.refundLogId}`
          : `message:${m.messageId}`;
      const charged = price(step, volume, m, decision, unit.startedAt, key);
      count(step, { ...m, at: unit.startedAt, category: decision.category }, charged, 1);
      updates.push({
        unit,
        values: {
          ...undone,
          ...chargedValues(charged),
          category: decision.category,
          pricingType: decision.type,
          metaPricing: word,
          metaCategoryUnknown: decision.unknownCategory,
        },
      });
    }
  }

  await step.ledger.flush();
  await volume.counts?.write();
  // One statement each, whatever the count (one array parameter per column: platform/db/unnest.ts).
  for (const insert of unnestInserts(conversations, inserts)) await tx.execute(insert);
  const changes = updates.map(({ unit, values }) => ({ key: { partnerId: unit.partnerId, id: unit.id }, set: values }));
  for (const update of unnestUpdates(conversations, ['partnerId', 'id'], changes)) await tx.execute(update);
  return { priced, charges };
};

/** A status as message_events holds it, with what its message is about. */
type RecordedRow = Pick<
  typeof messageEvents.$inferSelect,
  'messageId' | 'projectId' | 'status' | 'occurredAt' | 'pricing' | 'category' | 'initiator' | 'country' | 'recipient'
>;

/**
 * The messages' statuses as recorded (this batch's included), with what they are about: those the
 * batch brings in `recorded` by message (ingest.ts has them from its insert, so nothing is read
 * back), else read, the ids as one array parameter.
 */
const messagesOf = async (
  step: MessagesStep & { recorded?: ReadonlyMap<string, readonly RecordedRow[]> },
  ids: string[],
): Promise<Message[]> => {
  const wanted = [...new Set(ids)];
  const rows: readonly RecordedRow[] = step.recorded
    ? wanted.flatMap((id) => step.recorded!.get(id) ?? [])
    : await step.tx
        .select({
          messageId: messageEvents.messageId,
          projectId: messageEvents.projectId,
          status: messageEvents.status,
          occurredAt: messageEvents.occurredAt,
          pricing: messageEvents.pricing,
          category: messageEvents.category,
          initiator: messageEvents.initiator,
          country: messageEvents.country,
          recipient: messageEvents.recipient,
        })
        .from(messageEvents)
        .where(and(inArray(messageEvents.partnerId, step.partnerIds), anyOf(messageEvents.messageId, wanted)));
  const byId = new Map<string, Message>();
  for (const r of rows) {
    const project = step.known.get(r.projectId);
    if (!project) continue;
    const m = byId.get(r.messageId) ?? {
      messageId: r.messageId,
      project,
      category: r.category,
      initiator: r.initiator,
      country: r.country,
      recipient: r.recipient ?? r.messageId,
      statuses: [],
    };
    m.statuses.push({ status: r.status, at: r.occurredAt, pricing: r.pricing ?? null });
    byId.set(r.messageId, m);
  }
  // In the order asked (rows read come in the database's order).
  return wanted.flatMap((id) => byId.get(id) ?? []);
};

const firstLive = (m: Message) => inTimeOrder(m.statuses).find((s) => s.status !== 'failed');

const decisionOf = (
  step: MessagesStep,
  m: Message,
  word: MetaPricing | null,
  at: Date,
  open: { windows: Map<string, Date[]>; entryPoints: EntryPointWindows },
  serviceFreeTierLeft: boolean,
): Decision =>
  decide(
    {
      category: m.category,
      word,
      windowOpen: windowOpen(open.windows, m.project.id, m.recipient, at),
      entryPointOpen: open.entryPoints(m.project.id, m.recipient, at),
      serviceFreeTierLeft,
    },
    modelAt(step.models, m.project.currency, at, m.project.timezone),
  );

type Volume = { tiers: VolumeTier[]; counts: Awaited<ReturnType<typeof volumeCounts>> | null };

/**
 * Meta's volume tiers for the batch's utility and authentication messages: the catalogue's tiers
 * and the monthly counts of their businesses (volume-tiers.ts); nothing is read without such a
 * message.
 */
const volumeOf = async (step: MessagesStep, messages: Message[]): Promise<Volume> => {
  // Meta's pricing object may name a tiered category for a message the platform named otherwise.
  const tiered = messages.filter(
    (m) => m.category === 'utility' || m.category === 'authentication' || m.statuses.some((s) => s.pricing),
  );
  if (tiered.length === 0) return { tiers: [], counts: null };
  const months = new Map<string, Set<string>>();
  for (const m of tiered)
    for (const s of m.statuses)
      (months.get(m.project.businessId) ?? months.set(m.project.businessId, new Set()).get(m.project.businessId)!).add(
        localDateIn(s.at, m.project.timezone).slice(0, 7),
      );
  return {
    tiers: await loadVolumeTiers(step.tx),
    counts: await volumeCounts(
      step.tx,
      step.partnerIds,
      [...months].map(([id, set]) => ({ id, months: [...set] })),
    ),
  };
};

/**
 * Charges a message the decision makes billable, at its family's price, or the price of the volume
 * tier its place in the month's count reaches while the model prices by tiers.
 */
const price = (
  step: MessagesStep,
  volume: Volume,
  m: Message,
  d: Decision,
  at: Date,
  idempotencyKey: string,
): Charged & { volumeCount: number | null } => {
  const prices = m.project.pricesAt?.(at);
  const family = prices && familyPrice(prices, m.project.currency, m.country, d.category, m.initiator);
  if (!d.billable) return { ...freeOf(family), volumeCount: null };
  if (!family) return { ...unpriced, volumeCount: null };
  const key = volume.counts && modelOf(step, m, at).volumeTiers && tierKeyOf(m.project, prices, { ...m, ...d, at });
  const volumeCount = key ? volume.counts!.take(m.project.partnerId, key) : null;
  const paid = key && volumeCount ? tieredPrice(volume.tiers, m.project.currency, key, volumeCount, family) : family;
  const what = { category: d.category, country: m.country, unit: 'message' as const, idempotencyKey };
  return { ...chargePrice(step.ledger, m.project, paid, what, step.replayed ? at : undefined), volumeCount };
};

const modelOf = (step: MessagesStep, m: Message, at: Date) =>
  modelAt(step.models, m.project.currency, at, m.project.timezone);

/** Takes a unit's money and counts back: a charge refunded to the balance that paid it. */
const undo = (
  step: MessagesStep,
  volume: Volume,
  m: Message,
  unit: Unit,
  status: Unit['billingStatus'],
): Partial<Unit> => {
  const saved =
    unit.billingStatus === 'FREE'
      ? (familyPrice(
          m.project.pricesAt?.(unit.startedAt) ?? {},
          m.project.currency,
          m.country,
          unit.category,
          m.initiator,
        )?.amount ?? 0)
      : 0;
  const was: Charged = {
    status: unit.billingStatus === 'FAILED' ? 'UNBILLED' : unit.billingStatus,
    amount: unit.amount,
    providerAmount: unit.providerAmount,
    saved,
    balance: unit.balance,
    billingLogId: unit.billingLogId,
  };
  count(step, { ...m, at: unit.startedAt, category: unit.category }, was, -1);
  const values: Partial<Unit> = { billingStatus: status, volumeCount: null };
  // Meta counts only the messages it charges toward the tiers: a refunded one leaves the count.
  const prices = m.project.pricesAt?.(unit.startedAt);
  const key = unit.volumeCount !== null && prices && tierKeyOf(m.project, prices, { ...unit, at: unit.startedAt });
  if (key) volume.counts?.release(m.project.partnerId, key);
  if (unit.billingStatus === 'CHARGED' && unit.balance && unit.billingLogId) {
    const charge = { ...unit, balance: unit.balance, billingLogId: unit.billingLogId };
    const what = { category: unit.category, country: m.country };
    values.refundLogId = refundCharge(step.ledger, m.project, charge, what, step.replayed ? lastAt(m) : undefined);
    values.balance = null;
    values.billingLogId = null;
  }
  return values;
};

const lastAt = (m: Message) => inTimeOrder(m.statuses).at(-1)!.at;

const sameAs = (unit: Unit, d: Decision) =>
  unit.category === d.category && (unit.billingStatus === 'FREE') === !d.billable;

const count = (
  step: MessagesStep,
  m: Pick<Message, 'project' | 'initiator' | 'country'> & { at: Date; category: Category },
  charged: Charged,
  sign: 1 | -1,
) => {
  const ids = { partnerId: m.project.partnerId, projectId: m.project.id };
  step.margins.add({ ...charged, ...ids, dayDate: dayOf(m.at), category: m.category, country: m.country }, sign);
  step.dayRows.unit(
    { ...charged, ...ids, at: m.at, category: m.category, initiator: m.initiator, country: m.country },
    sign,
  );
};
