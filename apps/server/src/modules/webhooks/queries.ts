import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/open.js';
import { partners, projects, webhooks } from '../../platform/db/schema.js';

export type WebhookRow = typeof webhooks.$inferSelect;
export type NewWebhookRow = typeof webhooks.$inferInsert;

const projectColumns = {
  id: projects.id,
  partnerId: projects.partnerId,
  partnerArchived: projects.partnerArchived,
  activePlan: projects.activePlan,
  addons: projects.addons,
  partnerType: partners.type,
  partnerPlanType: partners.planType,
};

const ofProject = (partnerId: string, projectId: string) =>
  and(eq(projects.partnerId, partnerId), eq(projects.id, projectId));

/** The partner's project with what the webhook rules read of it and of its partner (the tenant floor). */
export const findProject = async (db: DbOrTx, partnerId: string, projectId: string) =>
  (
    await db
      .select(projectColumns)
      .from(projects)
      .innerJoin(partners, eq(partners.id, projects.partnerId))
      .where(ofProject(partnerId, projectId))
  )[0];
export type WebhooksProject = NonNullable<Awaited<ReturnType<typeof findProject>>>;

/**
 * The same, with the project's row locked for the transaction: webhook changes of one project
 * queue behind each other, so the count checked is the count written. Only the project row is
 * locked (projects before partners, by id, is the lock order).
 */
export const lockProject = async (tx: DbOrTx, partnerId: string, projectId: string) =>
  (
    await tx
      .select(projectColumns)
      .from(projects)
      .innerJoin(partners, eq(partners.id, projects.partnerId))
      .where(ofProject(partnerId, projectId))
      .for('update', { of: projects })
  )[0];

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

/** Deletes a webhook of the project (its deliveries and their attempts go with it); false when there was none. */
export const deleteWebhook = async (db: DbOrTx, partnerId: string, projectId: string, webhookId: string) =>
  (
    await db
      .delete(webhooks)
      .where(and(ofWebhooks(partnerId, projectId), eq(webhooks.id, webhookId)))
      .returning({ id: webhooks.id })
  ).length > 0;
