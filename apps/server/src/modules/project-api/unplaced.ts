import { and, eq, inArray } from 'drizzle-orm';
import type { MessageEvent } from '@pc/contract';
import type { Db } from '../../platform/db/open.js';
import { newId } from '../../platform/db/ids.js';
import { messageEvents, unplacedMessageStatuses } from '../../platform/db/schema.js';
import type { MessageStatusReport } from '../../providers/meta/messages/messages.js';

/**
 * Statuses whose callback data names no project (Meta left it out, or another sender used the
 * number): placed by the message the console recorded sending under that id (its `sent` event,
 * written at the send), else kept as not ours. Answers the events of those it placed.
 */
export const placeByMessage = async (db: Db, reports: MessageStatusReport[]): Promise<MessageEvent[]> => {
  if (reports.length === 0) return [];
  const sent = await db
    .select()
    .from(messageEvents)
    .where(
      and(
        inArray(messageEvents.messageId, [...new Set(reports.map((r) => r.messageId))]),
        eq(messageEvents.status, 'sent'),
      ),
    );
  const byId = new Map(sent.map((e) => [e.messageId, e]));
  const placed: MessageEvent[] = [];
  const unplaced: MessageStatusReport[] = [];
  for (const r of reports) {
    const e = byId.get(r.messageId);
    if (!e) {
      unplaced.push(r);
      continue;
    }
    placed.push({
      messageId: r.messageId,
      projectId: e.projectId,
      status: r.status,
      category: e.category,
      initiator: e.initiator,
      country: e.country,
      recipient: r.recipient,
      timestamp: r.timestamp,
      ...(r.pricing ? { pricing: r.pricing } : {}),
    });
  }
  await keepUnplaced(db, unplaced, 'not_ours');
  return placed;
};

/** Keeps statuses no project can be charged for, once per message and status, for the super-admin. */
export const keepUnplaced = async (
  db: Db,
  reports: MessageStatusReport[],
  reason: 'not_ours' | 'unknown_project',
): Promise<void> => {
  if (reports.length === 0) return;
  await db
    .insert(unplacedMessageStatuses)
    .values(
      reports.map((r) => ({
        id: newId(),
        messageId: r.messageId,
        status: r.status,
        recipient: r.recipient,
        occurredAt: new Date(r.timestamp),
        reason,
        report: r,
      })),
    )
    .onConflictDoNothing();
};
