import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/open.js';
import { conversations, partners, projects, unplacedMessageStatuses } from '../../platform/db/schema.js';

const u = unplacedMessageStatuses;
const c = conversations;

/** The newest statuses no project could be charged for, on the received_at index. */
export const newestUnplaced = (db: DbOrTx, limit: number) =>
  db
    .select({
      id: u.id,
      messageId: u.messageId,
      status: u.status,
      recipient: u.recipient,
      occurredAt: u.occurredAt,
      reason: u.reason,
      report: u.report,
      receivedAt: u.receivedAt,
    })
    .from(u)
    .orderBy(desc(u.receivedAt), desc(u.id))
    .limit(limit);

/** The category Meta named, as it named it. */
const metaCategory = sql<string>`${c.metaPricing}->>'category'`;

/**
 * The messages Meta priced in a category charging does not know (kept FREE and flagged, on a
 * partial index of them alone), by category, partner and project, the latest first.
 */
export const unknownCategoryGroups = (db: DbOrTx, limit: number) => {
  const lastAt = sql<Date>`max(${c.startedAt})`.mapWith(c.startedAt);
  return db
    .select({
      category: metaCategory,
      messages: sql<number>`count(*)::int`.mapWith(Number),
      partnerName: partners.name,
      projectName: projects.name,
      lastAt,
    })
    .from(c)
    .innerJoin(projects, and(eq(projects.id, c.projectId), eq(projects.partnerId, c.partnerId)))
    .innerJoin(partners, eq(partners.id, c.partnerId))
    .where(eq(c.metaCategoryUnknown, true))
    .groupBy(metaCategory, c.partnerId, partners.name, c.projectId, projects.name)
    .orderBy(desc(lastAt), asc(metaCategory), asc(partners.name), asc(projects.name))
    .limit(limit);
};
