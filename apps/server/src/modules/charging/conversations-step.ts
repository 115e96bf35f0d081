import { and, gt, inArray, lte } from 'drizzle-orm';
import type { Tx } from '../../platform/db/open.js';
import { newId } from '../../platform/db/ids.js';
import { anyOf, unnestInserts } from '../../platform/db/unnest.js';
import { conversations } from '../../platform/db/schema.js';
import type { lockedLedger } from '../billing/ledger.js';
import type { marginBatch } from '../margins/rollup.js';
import { chargePrice, freeOf, unpriced, type ProjectInfo } from './charge.js';
import type { DayRowsBatch } from './day-rows.js';
import { CONVERSATION_WINDOW_MS, dayOf, familyPrice, type Category, type Initiator } from './price.js';
import { modelAt, type PricingModel } from './pricing-models.js';

/** A `sent` event of the batch priced by conversations (Meta's pricing before 1 July 2025). */
export type SentEvent = {
  messageId: string;
  projectId: string;
  category: Category;
  initiator: Initiator;
  country: string;
  recipient?: string | undefined;
  at: Date;
};

export type ConversationsStep = {
  tx: Tx;
  ledger: Awaited<ReturnType<typeof lockedLedger>>;
  known: Map<string, ProjectInfo>;
  partnerIds: string[];
  projectIds: string[];
  models: readonly PricingModel[];
  margins: ReturnType<typeof marginBatch>;
  dayRows: DayRowsBatch;
  replayed: boolean;
};

/**
 * Conversation-based pricing: a `sent` event opens a conversation unless one of the same project,
 * category and recipient started at most 24 hours before it; the new conversation is charged once.
 * `sent` is in time order. Answers the conversation of each message, and how many were opened.
 */
export const openConversations = async (step: ConversationsStep, sent: SentEvent[]) => {
  const { tx, known } = step;
  const recipientOf = (e: SentEvent) => e.recipient ?? e.messageId;
  const convKey = (projectId: string, category: string, recipient: string) => `${projectId}|${category}|${recipient}`;
  // The conversations that could be open for these messages, read once (the recipients as one array).
  const open = new Map<string, { id: string; startedAt: Date; windowEndsAt: Date }[]>();
  if (sent.length > 0) {
    const first = sent[0]!.at;
    const last = sent[sent.length - 1]!.at;
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
          inArray(conversations.partnerId, step.partnerIds),
          inArray(conversations.projectId, step.projectIds),
          anyOf(conversations.recipient, [...new Set(sent.map(recipientOf))]),
          lte(conversations.startedAt, last),
          gt(conversations.windowEndsAt, first),
        ),
      );
    for (const r of rows) {
      const key = convKey(r.projectId, r.category, r.recipient);
      open.set(key, [...(open.get(key) ?? []), r]);
    }
  }

  let opened = 0;
  const rows: (typeof conversations.$inferInsert)[] = [];
  const conversationOf: { messageId: string; conversationId: string }[] = [];
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
      // Priced by the prices in force when the conversation started, not when it is charged.
      const prices = project.pricesAt?.(e.at);
      const family = prices && familyPrice(prices, project.currency, e.country, e.category, e.initiator);
      const model = modelAt(step.models, project.currency, e.at, project.timezone);
      const charged =
        e.category === 'service' && !model.serviceCharged
          ? freeOf(family)
          : family
            ? chargePrice(
                step.ledger,
                project,
                family,
                {
                  category: e.category,
                  country: e.country,
                  unit: 'conversation',
                  idempotencyKey: `conversation:${conversationId}`,
                },
                step.replayed ? e.at : undefined,
              )
            : unpriced;
      rows.push({
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
        ...(step.replayed ? { createdAt: e.at } : {}),
      });
      const ids = { partnerId: project.partnerId, projectId: project.id };
      step.margins.add({ ...charged, ...ids, dayDate: dayOf(e.at), category: e.category, country: e.country });
      step.dayRows.unit({
        ...charged,
        ...ids,
        at: e.at,
        category: e.category,
        initiator: e.initiator,
        country: e.country,
      });
    }
    conversationOf.push({ messageId: e.messageId, conversationId });
  }
  await step.ledger.flush();
  for (const insert of unnestInserts(conversations, rows)) await tx.execute(insert);
  return {
    opened,
    conversationOf,
    charges: rows.map((c) => (c.billingStatus === 'CHARGED' ? (c.balance ?? 'CENTRAL') : c.billingStatus)),
  };
};
