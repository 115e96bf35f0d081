import { and, asc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import { unknownProjectReason, type MessageEvent, type MessageEventsResponse } from '@pc/contract';
import type { Db, Tx } from '../../platform/db/open.js';
import { newId } from '../../platform/db/ids.js';
import { analyticsDays, analyticsDayUsage, billingLogs, businesses, conversations, messageEvents, partners, projects, wccFamilies } from '../../platform/db/schema.js';
import { AppError } from '../../platform/errors/app-error.js';
import { postEntry } from '../billing/ledger.js';
import { categoryMetric, CONVERSATION_WINDOW_MS, conversationPrice, dayOf, initiatorMetric, type Metric } from './price.js';

type ProjectInfo = { id: string; partnerId: string; name: string; currency: 'INR' | 'USD'; businessId: string; businessName: string; prices: Parameters<typeof conversationPrice>[0] | null };
type DayCounts = { partnerId: string; projectId: string; dayDate: string; sent: number; delivered: number; read: number; failed: number };
type Usage = { partnerId: string; projectId: string; dayDate: string; variant: 'TemplateCredit' | 'CentralBalance'; metric: Metric; country: string; count: number; amount: number };

const categoryLabel = { marketing: 'Marketing', utility: 'Utility', authentication: 'Authentication', service: 'Service' } as const;

const projectsOf = async (db: Db, ids: string[]): Promise<Map<string, ProjectInfo>> => {
  const rows = await db
    .select({ id: projects.id, partnerId: projects.partnerId, name: projects.name, currency: projects.currency, businessId: projects.businessId, businessName: businesses.displayName, prices: wccFamilies.prices })
    .from(projects)
    .innerJoin(businesses, eq(businesses.id, projects.businessId))
    .leftJoin(wccFamilies, and(eq(wccFamilies.id, projects.wccPlanId), eq(wccFamilies.partnerId, projects.partnerId)))
    .where(inArray(projects.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
};

/**
 * Records a batch of message events in one transaction. A (message id, status) already recorded
 * changes nothing. A 'sent' event opens a conversation unless one of the same project, category
 * and recipient started at most 24 hours before it; the new conversation is charged (see README,
 * "Charging") and the analytics day rows are updated with the events in the same transaction.
 */
export const ingestMessageEvents = async (db: Db, events: MessageEvent[]): Promise<MessageEventsResponse> => {
  const known = await projectsOf(db, [...new Set(events.map((e) => e.projectId))]);
  const rejected = events.filter((e) => !known.has(e.projectId)).map((e) => ({ messageId: e.messageId, reason: unknownProjectReason }));
  const valid = events
    .filter((e) => known.has(e.projectId))
    .map((e) => ({ ...e, at: new Date(e.timestamp), country: e.country.toUpperCase() }))
    .sort((a, b) => a.at.getTime() - b.at.getTime());
  if (valid.length === 0) return { accepted: 0, duplicates: 0, conversations: 0, rejected };

  return db.transaction(async (tx) => {
    // Conversations of one project are decided one batch at a time. Every lock is taken up front in
    // one global order, projects then partners, each by id (a credit transfer also locks a project
    // before its partner): batches spanning several partners never wait on each other in a cycle.
    const projectIds = [...new Set(valid.map((e) => e.projectId))].sort();
    const partnerIds = [...new Set(projectIds.map((id) => known.get(id)!.partnerId))].sort();
    await tx.select({ id: projects.id }).from(projects).where(inArray(projects.id, projectIds)).orderBy(asc(projects.id)).for('update');
    await tx.select({ id: partners.id }).from(partners).where(inArray(partners.id, partnerIds)).orderBy(asc(partners.id)).for('update');

    let accepted = 0;
    let opened = 0;
    const days = new Map<string, DayCounts>();
    const usage = new Map<string, Usage>();
    for (const e of valid) {
      const project = known.get(e.projectId)!;
      const inserted = await tx
        .insert(messageEvents)
        .values({ messageId: e.messageId, status: e.status, partnerId: project.partnerId, projectId: project.id, category: e.category, initiator: e.initiator, country: e.country, recipient: e.recipient ?? null, occurredAt: e.at })
        .onConflictDoNothing()
        .returning({ messageId: messageEvents.messageId });
      if (inserted.length === 0) continue;
      accepted += 1;
      const dayDate = dayOf(e.at);
      const dayKey = `${project.id}|${dayDate}`;
      const day = days.get(dayKey) ?? { partnerId: project.partnerId, projectId: project.id, dayDate, sent: 0, delivered: 0, read: 0, failed: 0 };
      day[e.status] += 1;
      days.set(dayKey, day);
      if (e.status !== 'sent') continue;

      const recipient = e.recipient ?? e.messageId;
      const [open] = await tx
        .select({ id: conversations.id })
        .from(conversations)
        .where(
          and(
            eq(conversations.partnerId, project.partnerId),
            eq(conversations.projectId, project.id),
            eq(conversations.category, e.category),
            eq(conversations.recipient, recipient),
            lte(conversations.startedAt, e.at),
            gt(conversations.windowEndsAt, e.at),
          ),
        )
        .limit(1);
      let conversationId = open?.id;
      if (!conversationId) {
        conversationId = newId();
        opened += 1;
        const charged = await chargeConversation(tx, project, { ...e, conversationId });
        await tx.insert(conversations).values({
          id: conversationId,
          partnerId: project.partnerId,
          projectId: project.id,
          category: e.category,
          initiator: e.initiator,
          recipient,
          country: e.country,
          startedAt: e.at,
          windowEndsAt: new Date(e.at.getTime() + CONVERSATION_WINDOW_MS),
          amount: charged.amount,
          billingStatus: charged.status,
          balance: charged.balance,
          billingLogId: charged.billingLogId,
        });
        const variant = charged.balance === 'WCC' ? 'TemplateCredit' : 'CentralBalance';
        const amount = charged.status === 'CHARGED' ? charged.amount : 0;
        for (const metric of [initiatorMetric[e.initiator], categoryMetric[e.category]]) {
          const key = `${project.id}|${dayDate}|${variant}|${metric}|${e.country}`;
          const u = usage.get(key) ?? { partnerId: project.partnerId, projectId: project.id, dayDate, variant, metric, country: e.country, count: 0, amount: 0 };
          u.count += 1;
          u.amount += amount;
          usage.set(key, u);
        }
      }
      await tx
        .update(messageEvents)
        .set({ conversationId })
        .where(and(eq(messageEvents.messageId, e.messageId), eq(messageEvents.status, e.status)));
    }

    for (const d of days.values()) {
      await tx
        .insert(analyticsDays)
        .values({ partnerId: d.partnerId, projectId: d.projectId, dayDate: d.dayDate, sentChatCount: d.sent, deliveredChatCount: d.delivered, readChatCount: d.read, failedChatCount: d.failed })
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
    for (const u of usage.values()) {
      await tx
        .insert(analyticsDayUsage)
        .values({ partnerId: u.partnerId, projectId: u.projectId, dayDate: u.dayDate, variant: u.variant, metric: u.metric, country: u.country, count: u.count, creditUsage: u.amount })
        .onConflictDoUpdate({
          target: [analyticsDayUsage.partnerId, analyticsDayUsage.projectId, analyticsDayUsage.dayDate, analyticsDayUsage.variant, analyticsDayUsage.metric, analyticsDayUsage.country],
          set: { count: sql`${analyticsDayUsage.count} + excluded.count`, creditUsage: sql`${analyticsDayUsage.creditUsage} + excluded.credit_usage` },
        });
    }
    return { accepted, duplicates: valid.length - accepted, conversations: opened, rejected };
  });
};

type Charged = { status: 'CHARGED' | 'FREE' | 'UNBILLED'; amount: number; balance: 'WCC' | 'CENTRAL' | null; billingLogId: string | null };

/**
 * The rule: the project's template (WCC) credit pays when it covers the whole price, else the
 * partner's central balance when it does; neither goes below zero. When neither covers it the
 * conversation is recorded UNBILLED (its price kept, nothing debited) for the platform to settle.
 */
const chargeConversation = async (
  tx: Tx,
  project: ProjectInfo,
  e: MessageEvent & { at: Date; conversationId: string; country: string },
): Promise<Charged> => {
  const price = project.prices ? conversationPrice(project.prices, project.currency, e.country, e.category, e.initiator, e.at) : undefined;
  if (price === undefined) return { status: 'UNBILLED', amount: 0, balance: null, billingLogId: null };
  if (price === 0) return { status: 'FREE', amount: 0, balance: null, billingLogId: null };
  const idempotencyKey = `conversation:${e.conversationId}`;
  const entry = {
    partnerId: project.partnerId,
    action: 'SUBTRACT' as const,
    amount: price,
    message: `${categoryLabel[e.category]} conversation (${e.country})`,
    projectId: project.id,
    businessId: project.businessId,
    projectName: project.name,
    businessName: project.businessName,
    idempotencyKey,
  };
  for (const [balance, reasonCode] of [
    ['WCC', 'MESSAGE_DELIVERY_WCC'],
    ['CENTRAL', 'MESSAGE_DELIVERY_CENTRAL'],
  ] as const) {
    try {
      await postEntry(tx, { ...entry, balance, reasonCode });
    } catch (error) {
      // postEntry refuses (without touching the database) a debit its balance does not cover.
      if (error instanceof AppError && error.httpStatus === 400) continue;
      throw error;
    }
    const [log] = await tx
      .select({ id: billingLogs.id })
      .from(billingLogs)
      .where(and(eq(billingLogs.partnerId, project.partnerId), eq(billingLogs.idempotencyKey, idempotencyKey)));
    return { status: 'CHARGED', amount: price, balance, billingLogId: log?.id ?? null };
  }
  return { status: 'UNBILLED', amount: price, balance: null, billingLogId: null };
};
