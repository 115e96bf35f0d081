import { and, eq, inArray } from 'drizzle-orm';
import type { MetaPricing } from '@pc/contract';
import type { Tx } from '../../platform/db/open.js';
import { newId } from '../../platform/db/ids.js';
import { conversations, messageEvents } from '../../platform/db/schema.js';
import { productCounters } from '../../platform/metrics/counters.js';
import type { lockedLedger } from '../billing/ledger.js';
import type { marginBatch } from '../margins/rollup.js';
import { chargePrice, freeOf, refundCharge, unpriced, type Charged, type ProjectInfo } from './charge.js';
import { chunks, type DayRowsBatch } from './day-rows.js';
import { decide, inTimeOrder, isLive, metaWordOf, type Decision, type RecordedStatus } from './message-decision.js';
import { familyPrice, dayOf, type Category } from './price.js';
import { modelAt, type PricingModel } from './pricing-models.js';
import { serviceFreeTier } from './service-free-tier.js';
import { inboundTimes, windowOpen } from './service-windows.js';

type Unit = typeof conversations.$inferSelect;
type Message = {
  messageId: string;
  project: ProjectInfo;
  category: Category;
  initiator: 'business' | 'user';
  country: string;
  recipient: string;
  statuses: RecordedStatus[];
};

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
  for (const chunk of chunks(messageIds, 500))
    for (const u of await tx
      .select()
      .from(conversations)
      .where(and(inArray(conversations.partnerId, partnerIds), inArray(conversations.messageId, chunk))))
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
      const model = tierModel(m, start.at);
      const inTier = !word && m.category === 'service' && model.serviceCharged && model.serviceFreePerMonth > 0;
      const tierLeft = inTier && tier.take(m.project, start.at, model.serviceFreePerMonth);
      const decision = decisionOf(step, m, word, start.at, windows, tierLeft);
      const charged = price(step, m, decision, start.at, `message:${m.messageId}`);
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
      updates.push({ unit, values: undo(step, m, unit, 'FAILED') });
    else if (live && (!wasLive || heardMeta)) {
      const decision = decisionOf(step, m, word, unit.startedAt, windows, unit.pricingType === 'free_customer_service');
      if (wasLive && sameAs(unit, decision)) {
        updates.push({ unit, values: { metaPricing: word, pricingType: decision.type } });
        continue;
      }
      const undone = wasLive ? undo(step, m, unit, unit.billingStatus) : {};
      const key =
        (undone.refundLogId ?? unit.refundLogId)
          ? `recharge:${undone.refundLogId ?? unit.refundLogId}`
          : `message:${m.messageId}`;
      const charged = price(step, m, decision, unit.startedAt, key);
      count(step, { ...m, at: unit.startedAt, category: decision.category }, charged, 1);
      updates.push({
        unit,
        values: {
          ...undone,
          ...chargedValues(charged),
          category: decision.category,
          pricingType: decision.type,
          metaPricing: word,
        },
      });
    }
  }

  await step.ledger.flush();
  for (const chunk of chunks(inserts, 500)) await tx.insert(conversations).values(chunk);
  for (const { unit, values } of updates)
    await tx
      .update(conversations)
      .set(values)
      .where(and(eq(conversations.partnerId, unit.partnerId), eq(conversations.id, unit.id)));
  return { priced, charges };
};

/** The messages' statuses as recorded (this batch's included), with what they are about. */
const messagesOf = async (step: MessagesStep, ids: string[]): Promise<Message[]> => {
  const byId = new Map<string, Message>();
  for (const chunk of chunks(ids, 500)) {
    const rows = await step.tx
      .select({
        messageId: messageEvents.messageId,
        projectId: messageEvents.projectId,
        status: messageEvents.status,
        at: messageEvents.occurredAt,
        pricing: messageEvents.pricing,
        category: messageEvents.category,
        initiator: messageEvents.initiator,
        country: messageEvents.country,
        recipient: messageEvents.recipient,
      })
      .from(messageEvents)
      .where(and(inArray(messageEvents.partnerId, step.partnerIds), inArray(messageEvents.messageId, chunk)));
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
      m.statuses.push({ status: r.status, at: r.at, pricing: r.pricing ?? null });
      byId.set(r.messageId, m);
    }
  }
  return [...byId.values()];
};

const firstLive = (m: Message) => inTimeOrder(m.statuses).find((s) => s.status !== 'failed');

const decisionOf = (
  step: MessagesStep,
  m: Message,
  word: MetaPricing | null,
  at: Date,
  windows: Map<string, Date[]>,
  serviceFreeTierLeft: boolean,
): Decision =>
  decide(
    {
      category: m.category,
      word,
      windowOpen: windowOpen(windows, m.project.id, m.recipient, at),
      serviceFreeTierLeft,
    },
    modelAt(step.models, m.project.currency, at, m.project.timezone),
  );

const price = (step: MessagesStep, m: Message, d: Decision, at: Date, idempotencyKey: string): Charged => {
  const prices = m.project.pricesAt?.(at);
  const family = prices && familyPrice(prices, m.project.currency, m.country, d.category, m.initiator);
  if (!d.billable) return freeOf(family);
  if (!family) return unpriced;
  const what = { category: d.category, country: m.country, unit: 'message' as const, idempotencyKey };
  return chargePrice(step.ledger, m.project, family, what, step.replayed ? at : undefined);
};

/** Takes a unit's money and counts back: a charge refunded to the balance that paid it. */
const undo = (step: MessagesStep, m: Message, unit: Unit, status: Unit['billingStatus']): Partial<Unit> => {
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
  const values: Partial<Unit> = { billingStatus: status };
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

const chargedValues = (c: Charged): Partial<Unit> => ({
  billingStatus: c.status,
  amount: c.amount,
  providerAmount: c.providerAmount,
  balance: c.balance,
  billingLogId: c.billingLogId,
});

const unitRow = (
  m: Message,
  at: Date,
  d: Decision,
  c: Charged,
  word: MetaPricing | null,
): typeof conversations.$inferInsert => ({
  id: newId(),
  partnerId: m.project.partnerId,
  projectId: m.project.id,
  category: d.category,
  initiator: m.initiator,
  recipient: m.recipient,
  country: m.country,
  startedAt: at,
  // Priced on its own: nothing joins it.
  windowEndsAt: at,
  pricingModel: 'PMP',
  messageId: m.messageId,
  pricingType: d.type,
  metaPricing: word,
  ...chargedValues(c),
  amount: c.amount,
  providerAmount: c.providerAmount,
  billingStatus: c.status,
});
