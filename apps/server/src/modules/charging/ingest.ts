import { sql } from 'drizzle-orm';
import { unknownProjectReason, type InboundMessage, type MessageEvent, type MessageEventsResponse } from '@pc/contract';
import { isDistributed, type Db, type Tx } from '../../platform/db/open.js';
import { partnersInDirectory } from '../../platform/db/directory.js';
import { ofPartners } from '../../platform/db/tenant-joins.js';
import { retriedTransaction } from '../../platform/db/retry.js';
import { textArray, unnestInsertParts } from '../../platform/db/unnest.js';
import { messageEvents } from '../../platform/db/schema.js';
import { jobsSignal } from '../../platform/jobs/signal.js';
import { productCounters } from '../../platform/metrics/counters.js';
import { lockedLedger } from '../billing/ledger.js';
import { marginBatch } from '../margins/rollup.js';
import { emitWebhookEventsOf } from '../webhooks/delivery/index.js';
import { projectsOf } from './batch-projects.js';
import { openConversations } from './conversations-step.js';
import { chunks, dayRowsBatch } from './day-rows.js';
import { inboundWebhookEvents } from './inbound-events.js';
import { readMetaPricing } from './meta-pricing.js';
import { priceMessages } from './messages-step.js';
import { newContactsOf } from './new-contacts.js';
import { loadPricingModels, modelAt } from './pricing-models.js';
import { recordInbound } from './service-windows.js';
import { messageWebhookEvents } from './webhook-events.js';

export type IngestOptions = {
  /**
   * The events are history replayed in time order (the demo seed): each charge's ledger entry is
   * dated when its message was sent, as if the platform had posted every event as it happened,
   * instead of at this ingestion. Only the seed sets it; the platform's calls never do.
   */
  replayed?: boolean;
};

/** Records a batch of message events (statuses of messages sent); see ingestMessages. */
export const ingestMessageEvents = (db: Db, events: MessageEvent[], opts: IngestOptions = {}) =>
  ingestMessages(db, { events, inbound: [] }, opts);

type Batch = { events: MessageEvent[]; inbound: InboundMessage[] };
type PartnerAnswer = Omit<MessageEventsResponse, 'rejected'> & { unknownProjects: string[] };

/**
 * Records a batch of users' messages and of statuses of the business's messages (docs/charging.md).
 * Each project's partner is read from the partner directory (the platform names projects alone).
 * On a distributed database each partner's part is a transaction of its own, naming the partner,
 * so that it runs on that partner's node and no transaction holds two partners' locks; one database
 * takes the whole batch in one transaction (its locks in the one global order, docs/ledger.md),
 * which saves each part's fixed statements. A (message id, status), or a user's message, already
 * recorded changes nothing, so a batch cut short after some parts committed is simply sent again.
 * Users' messages open customer service windows first; then each message is priced by the pricing
 * model in force when it was sent (or by what Meta said of it): a conversation opened by a `sent`
 * event before 1 July 2025, else the message on its own, charged, refunded when it fails
 * undelivered. The analytics and margin day rows and the project's webhooks move in the same
 * transaction.
 */
export const ingestMessages = async (
  db: Db,
  batch: Batch,
  opts: IngestOptions = {},
): Promise<MessageEventsResponse> => {
  const all = [...batch.events, ...batch.inbound];
  const partnerOf = await partnersInDirectory(
    db,
    all.map((e) => e.projectId),
  );
  const partOf = <T extends { projectId: string }>(list: T[], partnerIds: string[]) =>
    list.filter((e) => partnerIds.includes(partnerOf.get(e.projectId)!));
  const answer = { accepted: 0, duplicates: 0, conversations: 0, messages: 0, inbound: 0 };
  const unknown = new Set(all.filter((e) => !partnerOf.has(e.projectId)).map((e) => e.projectId));
  const charges: string[] = [];
  let deliveries = 0;
  const partners = [...new Set(partnerOf.values())].sort();
  const parts = isDistributed(db) ? partners.map((p) => [p]) : partners.length > 0 ? [partners] : [];
  for (const partnerIds of parts) {
    const part = await ingestForPartners(
      db,
      partnerIds,
      { events: partOf(batch.events, partnerIds), inbound: partOf(batch.inbound, partnerIds) },
      opts,
    );
    for (const key of Object.keys(answer) as (keyof typeof answer)[]) answer[key] += part.answer[key];
    for (const id of part.answer.unknownProjects) unknown.add(id);
    charges.push(...part.charges);
    deliveries += part.deliveries;
  }
  if (deliveries > 0) jobsSignal.kick();
  const rejected = all
    .filter((e) => unknown.has(e.projectId))
    .map((e) => ({ messageId: e.messageId, reason: unknownProjectReason }));
  return counted({ ...answer, rejected }, charges);
};

/** These partners' part of a batch, in one transaction (see ingestMessages). */
const ingestForPartners = async (db: Db, partnerIds: string[], batch: Batch, opts: IngestOptions) => {
  const all = [...batch.events, ...batch.inbound];
  // Rate cards applied after the batch's first event decide its earlier messages' prices.
  const earliest = new Date(all.reduce((min, e) => Math.min(min, new Date(e.timestamp).getTime()), Infinity));
  let deliveries = 0;
  // How each priced unit was charged, in the attempt that committed (a retried one starts over).
  let charges: string[] = [];
  // Everything on the transaction's one connection: the batches of a busy partner queue for its
  // lock while holding theirs, and a read on another connection would wait for a free one.
  const answer = await retriedTransaction(db, async (tx): Promise<PartnerAnswer> => {
    const known = await projectsOf(tx, partnerIds, [...new Set(all.map((e) => e.projectId))], earliest);
    const unknownProjects = [...new Set(all.filter((e) => !known.has(e.projectId)).map((e) => e.projectId))];
    const timed = <T extends { timestamp: string; projectId: string; country: string }>(list: T[]) =>
      list
        .filter((e) => known.has(e.projectId))
        .map((e) => ({ ...e, at: new Date(e.timestamp), country: e.country.toUpperCase() }))
        .sort((a, b) => a.at.getTime() - b.at.getTime());
    const valid = timed(batch.events);
    const inbound = timed(batch.inbound).map((m) => ({ ...m, partnerId: known.get(m.projectId)!.partnerId }));
    if (valid.length === 0 && inbound.length === 0)
      return { accepted: 0, duplicates: 0, conversations: 0, messages: 0, inbound: 0, unknownProjects };
    const models = await loadPricingModels(tx);

    // Every lock is taken up front in the global order, the projects by (partner, id), then the
    // partners' central balances (a credit transfer also locks a project before the balance):
    // batches never wait on each other in a cycle, and one project's messages are priced one batch
    // at a time.
    const projectIds = [...new Set([...valid, ...inbound].map((e) => e.projectId))].sort();
    const ledger = await lockedLedger(tx, {
      projects: projectIds.map((id) => ({ id, partnerId: known.get(id)!.partnerId })),
      partnerIds,
    });
    const margins = marginBatch();
    const dayRows = dayRowsBatch();
    const replayed = opts.replayed === true;

    // Users' messages first: a window they open prices the business's messages after them.
    const freshInbound = await recordInbound(tx, inbound);
    // Analytics counts them as the service traffic they are (never priced: no usage row).
    for (const m of freshInbound) dayRows.status({ ...m, status: 'received' });

    // All events at once; a (message id, status) already recorded (or twice in this batch) is skipped.
    const recorded = await recordEvents(
      tx,
      valid.map((e) => ({
        messageId: e.messageId,
        status: e.status,
        partnerId: known.get(e.projectId)!.partnerId,
        projectId: e.projectId,
        category: e.category,
        initiator: e.initiator,
        country: e.country,
        recipient: e.recipient ?? null,
        occurredAt: e.at,
        pricing: e.pricing ?? null,
      })),
      partnerIds,
    );
    const inserted = new Set(recorded.written.map((r) => `${r.messageId}|${r.status}`));
    const fresh = valid.filter((e) => inserted.delete(`${e.messageId}|${e.status}`));
    for (const e of fresh) dayRows.status({ ...e, partnerId: known.get(e.projectId)!.partnerId });

    // Which model prices each message: what Meta said, else the model in force when it was sent.
    const modelOf = new Map<string, 'CBP' | 'PMP'>();
    for (const e of fresh) {
      const project = known.get(e.projectId)!;
      const said = e.pricing ? readMetaPricing(e.pricing).model : undefined;
      if (said || !modelOf.has(e.messageId))
        modelOf.set(e.messageId, said ?? modelAt(models, project.currency, e.at, project.timezone).model);
    }
    // `recorded`: every status of the batch's messages, this batch's included (messages-step.ts reads no more).
    const steps = {
      tx,
      ledger,
      known,
      partnerIds,
      projectIds,
      models,
      margins,
      dayRows,
      replayed,
      recorded: recorded.byMessage,
    };
    const cbp = await openConversations(
      steps,
      fresh.filter((e) => e.status === 'sent' && modelOf.get(e.messageId) === 'CBP'),
    );
    const pmp = [...modelOf].filter(([, model]) => model === 'PMP').map(([id]) => id);
    const pmpPriced = await priceMessages(steps, pmp);

    await margins.write(tx);
    // Each message's conversation, 500 a statement as before (a message id twice: the later chunk's wins).
    const partnerOfMessage = new Map(fresh.map((e) => [e.messageId, known.get(e.projectId)!.partnerId]));
    for (const chunk of chunks(cbp.conversationOf, 500))
      await tx.execute(
        sql`update ${messageEvents} set conversation_id = v.cid from unnest(${textArray(chunk.map((c) => c.messageId))}, ${textArray(chunk.map((c) => c.conversationId))}, ${textArray(chunk.map((c) => partnerOfMessage.get(c.messageId)!))}) as v(mid, cid, pid) where ${ofPartners(messageEvents.partnerId, partnerIds)} and ${messageEvents.partnerId} = v.pid and ${messageEvents.messageId} = v.mid and ${messageEvents.status} = 'sent'`,
      );
    await dayRows.write(tx);

    // The project's webhooks hear of it in the same transaction (the outbox): never lost, never early.
    // The events are made only when a project of theirs has a webhook (most have none): only then
    // are the users' messages' senders looked up, new contacts or not (under the partners' locks).
    const partnerOf = (projectId: string) => known.get(projectId)!.partnerId;
    deliveries = (
      await emitWebhookEventsOf(
        tx,
        { partnerIds, projectIds: [...new Set([...freshInbound, ...fresh].map((e) => e.projectId))] },
        async () => {
          const conversationOf = new Map(cbp.conversationOf.map((c) => [c.messageId, c.conversationId]));
          const newContacts = await newContactsOf(tx, freshInbound);
          return [
            ...inboundWebhookEvents(freshInbound, newContacts),
            ...messageWebhookEvents(fresh, partnerOf, conversationOf),
          ];
        },
      )
    ).deliveries;
    charges = [...cbp.charges, ...pmpPriced.charges];
    return {
      accepted: fresh.length,
      duplicates: valid.length - fresh.length,
      conversations: cbp.opened,
      messages: pmpPriced.priced,
      inbound: freshInbound.length,
      unknownProjects,
    };
  });
  return { answer, charges, deliveries };
};

/** A status as message_events holds it, with what its message is about. */
type EventRow = Pick<
  typeof messageEvents.$inferSelect,
  | 'messageId'
  | 'status'
  | 'partnerId'
  | 'projectId'
  | 'category'
  | 'initiator'
  | 'country'
  | 'recipient'
  | 'occurredAt'
  | 'pricing'
>;

/**
 * Inserts a batch's events in one statement (one array parameter per column, platform/db/unnest.ts);
 * a (message id, status, partner) already recorded, or twice in the batch, is skipped. The same
 * statement answers the rows it skipped (not all it wrote) and the statuses of the batch's messages
 * recorded before it (a statement does not see its own insert), one primary key probe per message
 * (a lateral subquery the planner keeps as it is, `offset 0`, whatever statistics it has: the
 * embedded database gathers none). Answers the rows written, and by message every status as now
 * recorded, those before the batch first: pricing reads nothing back.
 */
/**
 * The recorded statuses of these messages, as a FROM item `e`: each message's rows by a probe of
 * the key (a lateral subquery kept apart, whatever statistics the planner has), or, on a
 * distributed database, which cannot push such a probe to its nodes, by `= any` on each node.
 */
const earlierEvents = (tx: Tx, ids: string[], partnerIds: string[]) =>
  isDistributed(tx)
    ? sql`${messageEvents} e where e.message_id = any(${textArray(ids)}) and e.partner_id = any(${textArray(partnerIds)})`
    : sql`unnest(${textArray(ids)}) as k(id) cross join lateral (select * from ${messageEvents} e
        where e.message_id = k.id and e.partner_id = any(${textArray(partnerIds)}) offset 0) e`;

const recordEvents = async (tx: Tx, rows: EventRow[], partnerIds: string[]) => {
  const written: EventRow[] = [];
  const byMessage = new Map<string, EventRow[]>();
  const add = (r: EventRow) => {
    const list = byMessage.get(r.messageId);
    if (list) list.push(r);
    else byMessage.set(r.messageId, [r]);
  };
  // Every row sets every column, so this is one statement (unnestInsertParts splits by the columns set).
  for (const { into, rows: unnested } of unnestInsertParts(messageEvents, rows)) {
    const ids = [...new Set(rows.map((r) => r.messageId))];
    const result = (await tx.execute(sql`with x as materialized (select * from ${unnested}),
      ins as (${into} select * from x on conflict do nothing returning message_id, status, partner_id)
      select 'skipped' as kind, message_id, status, partner_id, null::text as project_id, null::text as category,
        null::text as initiator, null::text as country, null::text as recipient, null::timestamptz as occurred_at,
        null::jsonb as pricing
      from (select message_id, status, partner_id from x except select message_id, status, partner_id from ins) s
      union all
      select 'earlier', e.message_id, e.status, e.partner_id, e.project_id, e.category, e.initiator, e.country,
        e.recipient, e.occurred_at, e.pricing
      from ${earlierEvents(tx, ids, partnerIds)}`)) as {
      rows: ({ kind: 'skipped' | 'earlier' } & Record<string, unknown>)[];
    };
    const keyOf = (r: { messageId: string; status: string; partnerId: string }) =>
      `${r.messageId}|${r.status}|${r.partnerId}`;
    const skipped = new Set<string>();
    for (const r of result.rows) {
      const row = {
        messageId: r.message_id as string,
        status: r.status as EventRow['status'],
        partnerId: r.partner_id as string,
      };
      if (r.kind === 'skipped') skipped.add(keyOf(row));
      else
        add({
          ...row,
          projectId: r.project_id as string,
          category: r.category as EventRow['category'],
          initiator: r.initiator as EventRow['initiator'],
          country: r.country as string,
          recipient: r.recipient as string | null,
          occurredAt: messageEvents.occurredAt.mapFromDriverValue(r.occurred_at as string) as Date,
          pricing:
            r.pricing === null ? null : (messageEvents.pricing.mapFromDriverValue(r.pricing) as EventRow['pricing']),
        });
    }
    // Written: each key not skipped, once (a key twice in the batch was written by its first row).
    for (const r of rows) {
      const key = keyOf(r);
      if (skipped.has(key)) continue;
      skipped.add(key);
      written.push(r);
      add(r);
    }
  }
  return { written, byMessage };
};

/** The /metrics counts of a committed batch (platform/metrics/counters.ts). */
const counted = (answer: MessageEventsResponse, charges: readonly string[]) => {
  const { messageEvents: events, conversations: opened } = productCounters;
  if (answer.accepted) events.inc(['accepted'], answer.accepted);
  if (answer.duplicates) events.inc(['duplicate'], answer.duplicates);
  if (answer.rejected.length) events.inc(['rejected'], answer.rejected.length);
  for (const charge of charges) opened.inc([charge]);
  return answer;
};
