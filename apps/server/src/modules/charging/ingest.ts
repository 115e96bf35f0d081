import { retriedTransaction } from '../../platform/db/retry.js';
import { and, gt, inArray, lte, sql } from 'drizzle-orm';
import { unknownProjectReason, type MessageEvent, type MessageEventsResponse } from '@pc/contract';
import type { Db } from '../../platform/db/open.js';
import { newId } from '../../platform/db/ids.js';
import { analyticsDays, analyticsDayUsage, conversations, messageEvents } from '../../platform/db/schema.js';
import { lockedLedger } from '../billing/ledger.js';
import { emitWebhookEvents } from '../webhooks/delivery/index.js';
import { jobsSignal } from '../../platform/jobs/signal.js';
import { productCounters } from '../../platform/metrics/counters.js';
import { marginBatch } from '../margins/rollup.js';
import { projectsOf } from './batch-projects.js';
import { chargeConversation } from './charge.js';
import { messageWebhookEvents } from './webhook-events.js';
import { categoryMetric, CONVERSATION_WINDOW_MS, dayOf, initiatorMetric, type Metric } from './price.js';

type DayCounts = {
  partnerId: string;
  projectId: string;
  dayDate: string;
  sent: number;
  delivered: number;
  read: number;
  failed: number;
};
type Usage = {
  partnerId: string;
  projectId: string;
  dayDate: string;
  variant: 'TemplateCredit' | 'CentralBalance';
  metric: Metric;
  country: string;
  count: number;
  amount: number;
};

export type IngestOptions = {
  /**
   * The events are history replayed in time order (the demo seed): each conversation's ledger entry
   * is dated when the conversation started, as if the platform had posted every event as it
   * happened, instead of at this ingestion. Only the seed sets it; the platform's calls never do.
   */
  replayed?: boolean;
};

/**
 * Records a batch of message events in one transaction. A (message id, status) already recorded
 * changes nothing. A 'sent' event opens a conversation unless one of the same project, category
 * and recipient started at most 24 hours before it; the new conversation is charged (see
 * docs/charging.md) and the analytics day rows are updated with the events in the same transaction.
 */
export const ingestMessageEvents = async (
  db: Db,
  events: MessageEvent[],
  opts: IngestOptions = {},
): Promise<MessageEventsResponse> => {
  // Rate cards applied after the batch's first event decide its earlier conversations' prices.
  const earliest = new Date(events.reduce((min, e) => Math.min(min, new Date(e.timestamp).getTime()), Infinity));
  const known = await projectsOf(db, [...new Set(events.map((e) => e.projectId))], earliest);
  const rejected = events
    .filter((e) => !known.has(e.projectId))
    .map((e) => ({ messageId: e.messageId, reason: unknownProjectReason }));
  const valid = events
    .filter((e) => known.has(e.projectId))
    .map((e) => ({ ...e, at: new Date(e.timestamp), country: e.country.toUpperCase() }))
    .sort((a, b) => a.at.getTime() - b.at.getTime());
  if (valid.length === 0) return counted({ accepted: 0, duplicates: 0, conversations: 0, rejected }, []);

  let deliveries = 0;
  // How each opened conversation was charged, in the attempt that committed (a retried one starts over).
  let charges: string[] = [];
  const answer = await retriedTransaction(db, async (tx) => {
    // Conversations of one project are decided one batch at a time. Every lock is taken up front in
    // one global order, projects then partners, each by id (a credit transfer also locks a project
    // before its partner): batches spanning several partners never wait on each other in a cycle.
    const projectIds = [...new Set(valid.map((e) => e.projectId))].sort();
    const partnerIds = [...new Set(projectIds.map((id) => known.get(id)!.partnerId))].sort();
    const ledger = await lockedLedger(tx, { projectIds, partnerIds });

    // All events at once; a (message id, status) already recorded (or twice in this batch) is skipped.
    const inserted = new Set<string>();
    for (const chunk of chunks(valid, 500)) {
      const rows = await tx
        .insert(messageEvents)
        .values(
          chunk.map((e) => ({
            messageId: e.messageId,
            status: e.status,
            partnerId: known.get(e.projectId)!.partnerId,
            projectId: e.projectId,
            category: e.category,
            initiator: e.initiator,
            country: e.country,
            recipient: e.recipient ?? null,
            occurredAt: e.at,
          })),
        )
        .onConflictDoNothing()
        .returning({ messageId: messageEvents.messageId, status: messageEvents.status });
      for (const r of rows) inserted.add(`${r.messageId}|${r.status}`);
    }
    const fresh = valid.filter((e) => inserted.delete(`${e.messageId}|${e.status}`));

    const days = new Map<string, DayCounts>();
    for (const e of fresh) {
      const project = known.get(e.projectId)!;
      const dayDate = dayOf(e.at);
      const dayKey = `${project.id}|${dayDate}`;
      const day = days.get(dayKey) ?? {
        partnerId: project.partnerId,
        projectId: project.id,
        dayDate,
        sent: 0,
        delivered: 0,
        read: 0,
        failed: 0,
      };
      day[e.status] += 1;
      days.set(dayKey, day);
    }

    // The conversations that could be open for this batch's sent messages, read once.
    const sent = fresh.filter((e) => e.status === 'sent');
    const recipientOf = (e: { recipient?: string; messageId: string }) => e.recipient ?? e.messageId;
    const convKey = (projectId: string, category: string, recipient: string) => `${projectId}|${category}|${recipient}`;
    const open = new Map<string, { id: string; startedAt: Date; windowEndsAt: Date }[]>();
    if (sent.length > 0) {
      const first = sent[0]!.at;
      const last = sent[sent.length - 1]!.at;
      for (const chunk of chunks([...new Set(sent.map(recipientOf))], 500)) {
        const rows = await tx
          .select({
            id: conversations.id,
            projectId: conversations.projectId,
            category: conversations.category,
            recipient: conversations.recipient,
            startedAt: conversations.startedAt,
            windowEndsAt: conversations.windowEndsAt,
          })
          .from(conversations)
          .where(
            and(
              inArray(conversations.partnerId, partnerIds),
              inArray(conversations.projectId, projectIds),
              inArray(conversations.recipient, chunk),
              lte(conversations.startedAt, last),
              gt(conversations.windowEndsAt, first),
            ),
          );
        for (const r of rows)
          open.set(convKey(r.projectId, r.category, r.recipient), [
            ...(open.get(convKey(r.projectId, r.category, r.recipient)) ?? []),
            r,
          ]);
      }
    }

    let opened = 0;
    const usage = new Map<string, Usage>();
    const margins = marginBatch();
    const newConversations: (typeof conversations.$inferInsert)[] = [];
    const eventConversation: { messageId: string; conversationId: string }[] = [];
    for (const e of sent) {
      const project = known.get(e.projectId)!;
      const recipient = recipientOf(e);
      const key = convKey(project.id, e.category, recipient);
      const candidates = open.get(key) ?? [];
      let conversationId = candidates.find((c) => c.startedAt <= e.at && c.windowEndsAt > e.at)?.id;
      if (!conversationId) {
        conversationId = newId();
        opened += 1;
        const windowEndsAt = new Date(e.at.getTime() + CONVERSATION_WINDOW_MS);
        open.set(key, [...candidates, { id: conversationId, startedAt: e.at, windowEndsAt }]);
        const charged = chargeConversation(ledger, project, { ...e, conversationId }, opts.replayed === true);
        newConversations.push({
          id: conversationId,
          partnerId: project.partnerId,
          projectId: project.id,
          category: e.category,
          initiator: e.initiator,
          recipient,
          country: e.country,
          startedAt: e.at,
          windowEndsAt,
          amount: charged.amount,
          providerAmount: charged.providerAmount,
          billingStatus: charged.status,
          balance: charged.balance,
          billingLogId: charged.billingLogId,
          ...(opts.replayed ? { createdAt: e.at } : {}),
        });
        const dayDate = dayOf(e.at);
        margins.add({
          ...charged,
          partnerId: project.partnerId,
          projectId: project.id,
          dayDate,
          category: e.category,
          country: e.country,
        });
        const variant = charged.balance === 'WCC' ? 'TemplateCredit' : 'CentralBalance';
        const amount = charged.status === 'CHARGED' ? charged.amount : 0;
        for (const metric of [initiatorMetric[e.initiator], categoryMetric[e.category]]) {
          const usageKey = `${project.id}|${dayDate}|${variant}|${metric}|${e.country}`;
          const u = usage.get(usageKey) ?? {
            partnerId: project.partnerId,
            projectId: project.id,
            dayDate,
            variant,
            metric,
            country: e.country,
            count: 0,
            amount: 0,
          };
          u.count += 1;
          u.amount += amount;
          usage.set(usageKey, u);
        }
      }
      eventConversation.push({ messageId: e.messageId, conversationId });
    }

    // The conversations' ledger rows and balances, written together (each row named by its conversation).
    await ledger.flush();
    for (const chunk of chunks(newConversations, 500)) await tx.insert(conversations).values(chunk);
    await margins.write(tx);
    for (const chunk of chunks(eventConversation, 500)) {
      const values = sql.join(
        chunk.map((c) => sql`(${c.messageId}, ${c.conversationId})`),
        sql`, `,
      );
      await tx.execute(
        sql`update ${messageEvents} set conversation_id = v.cid from (values ${values}) as v(mid, cid) where ${messageEvents.messageId} = v.mid and ${messageEvents.status} = 'sent'`,
      );
    }
    const accepted = fresh.length;

    // The day rows in bulk: one statement per 500 rows (each key once per statement, merged above).
    for (const chunk of chunks([...days.values()], 500)) {
      await tx
        .insert(analyticsDays)
        .values(
          chunk.map((d) => ({
            partnerId: d.partnerId,
            projectId: d.projectId,
            dayDate: d.dayDate,
            sentChatCount: d.sent,
            deliveredChatCount: d.delivered,
            readChatCount: d.read,
            failedChatCount: d.failed,
          })),
        )
        .onConflictDoUpdate({
          target: [analyticsDays.partnerId, analyticsDays.projectId, analyticsDays.dayDate],
          set: {
            sentChatCount: sql`${analyticsDays.sentChatCount} + excluded.sent_chat_count`,
            deliveredChatCount: sql`${analyticsDays.deliveredChatCount} + excluded.delivered_chat_count`,
            readChatCount: sql`${analyticsDays.readChatCount} + excluded.read_chat_count`,
            failedChatCount: sql`${analyticsDays.failedChatCount} + excluded.failed_chat_count`,
          },
        });
    }
    for (const chunk of chunks([...usage.values()], 500)) {
      await tx
        .insert(analyticsDayUsage)
        .values(
          chunk.map((u) => ({
            partnerId: u.partnerId,
            projectId: u.projectId,
            dayDate: u.dayDate,
            variant: u.variant,
            metric: u.metric,
            country: u.country,
            count: u.count,
            creditUsage: u.amount,
          })),
        )
        .onConflictDoUpdate({
          target: [
            analyticsDayUsage.partnerId,
            analyticsDayUsage.projectId,
            analyticsDayUsage.dayDate,
            analyticsDayUsage.variant,
            analyticsDayUsage.metric,
            analyticsDayUsage.country,
          ],
          set: {
            count: sql`${analyticsDayUsage.count} + excluded.count`,
            creditUsage: sql`${analyticsDayUsage.creditUsage} + excluded.credit_usage`,
          },
        });
    }

    // The project's webhooks hear of it in the same transaction (the outbox): never lost, never early.
    const conversationOf = new Map(eventConversation.map((c) => [c.messageId, c.conversationId]));
    const partnerOf = (projectId: string) => known.get(projectId)!.partnerId;
    deliveries = (await emitWebhookEvents(tx, messageWebhookEvents(fresh, partnerOf, conversationOf))).deliveries;
    charges = newConversations.map((c) => (c.billingStatus === 'CHARGED' ? (c.balance ?? 'CENTRAL') : c.billingStatus));
    return { accepted, duplicates: valid.length - accepted, conversations: opened, rejected };
  });
  if (deliveries > 0) jobsSignal.kick();
  return counted(answer, charges);
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

const chunks = <T>(items: T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));
