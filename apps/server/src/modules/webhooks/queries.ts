import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/open.js';
import { webhooks } from '../../platform/db/schema.js';

export type WebhookRow = typeof webhooks.$inferSelect;
export type NewWebhookRow = typeof webhooks.$inferInsert;

export { findRuledProject as findProject, lockRuledProject as lockProject } from './project-row.js';
export type { RuledProject as WebhooksProject } from './project-row.js';

/** Every webhook query starts from the session's partner and the project (the tenant floor). */
const ofWebhooks = (partnerId: string, projectId: string) =>
  and(eq(webhooks.partnerId, partnerId), eq(webhooks.projectId, projectId));

/** The project's webhooks, newest first (at most WEBHOOK_MAX_PER_PROJECT exist). */
export const listWebhooks = (db: DbOrTx, partnerId: string, projectId: string) =>
  db
    .select()
    .from(webhooks)
    .where(ofWebhooks(partnerId, projectId))
    .orderBy(desc(webhooks.createdAt), desc(webhooks.id));

export const countWebhooks = async (db: DbOrTx, partnerId: string, projectId: string) =>
  (await db.select({ n: count() }).from(webhooks).where(ofWebhooks(partnerId, projectId)))[0]?.n ?? 0;

export const findWebhook = async (db: DbOrTx, partnerId: string, projectId: string, webhookId: string) =>
  (
    await db
      .select()
      .from(webhooks)
      .where(and(ofWebhooks(partnerId, projectId), eq(webhooks.id, webhookId)))
  )[0];

/** The project's webhooks oldest first: where the Project Api tab looks for its chat webhook. */
export const webhooksOldestFirst = (db: DbOrTx, partnerId: string, projectId: string) =>
  db.select().from(webhooks).where(ofWebhooks(partnerId, projectId)).orderBy(asc(webhooks.createdAt), asc(webhooks.id));

export const insertWebhook = async (db: DbOrTx, row: NewWebhookRow): Promise<WebhookRow> =>
  (await db.insert(webhooks).values(row).returning())[0]!;

/** Changes a webhook of the project; undefined when there is no such webhook (any more). */
export const updateWebhook = async (
  db: DbOrTx,
  partnerId: string,
  projectId: string,
  webhookId: string,
  values: Partial<NewWebhookRow>,
): Promise<WebhookRow | undefined> =>
  (
    await db
      .update(webhooks)
      .set(values)
      .where(and(ofWebhooks(partnerId, projectId), eq(webhooks.id, webhookId)))
      .returning()
  )[0];

/** Deletes a webhook of the project (its deliveries and their attempts go with it): what it was, or undefined when there was none. */
export const deleteWebhook = async (db: DbOrTx, partnerId: string, projectId: string, webhookId: string) =>
  (
    await db
      .delete(webhooks)
      .where(and(ofWebhooks(partnerId, projectId), eq(webhooks.id, webhookId)))
      .returning({ id: webhooks.id, url: webhooks.url, topics: webhooks.topics, status: webhooks.status })
  )[0];
