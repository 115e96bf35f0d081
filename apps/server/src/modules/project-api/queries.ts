import { and, asc, desc, eq, gt, inArray, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/open.js';
import type { Category } from '../charging/price.js';
import { userWrote } from '../charging/service-windows.js';
import {
  businesses,
  conversations,
  partnerBalances,
  partners,
  privateApps,
  projects,
  templates,
  wccFamilies,
} from '../../platform/db/schema.js';
import { businessOfProject } from '../../platform/db/tenant-joins.js';

/** The project of a verified credential, with what the project API's rule and a send read of it and its partner. */
export const findApiProject = async (db: DbOrTx, partnerId: string, projectId: string) =>
  (
    await db
      .select({
        id: projects.id,
        partnerId: projects.partnerId,
        status: projects.status,
        partnerArchived: projects.partnerArchived,
        activePlan: projects.activePlan,
        isWhatsappVerified: projects.isWhatsappVerified,
        wabaNumberId: projects.wabaNumberId,
        partnerType: partners.type,
        partnerPlanType: partners.planType,
      })
      .from(projects)
      .innerJoin(partners, eq(partners.id, projects.partnerId))
      .where(and(eq(projects.partnerId, partnerId), eq(projects.id, projectId)))
  )[0];
export type ApiProject = NonNullable<Awaited<ReturnType<typeof findApiProject>>>;

/** The balances that could pay a conversation and the prices it is charged at, read now. */
export const findPayers = async (db: DbOrTx, partnerId: string, projectId: string) =>
  (
    await db
      .select({
        currency: projects.currency,
        templateCredit: projects.templateCredit,
        centralBalance: partnerBalances.centralBalance,
        prices: wccFamilies.prices,
        timezone: businesses.timezone,
        businessId: projects.businessId,
      })
      .from(projects)
      .innerJoin(partnerBalances, eq(partnerBalances.partnerId, projects.partnerId))
      .innerJoin(businesses, businessOfProject)
      .leftJoin(wccFamilies, and(eq(wccFamilies.id, projects.wccPlanId), eq(wccFamilies.partnerId, projects.partnerId)))
      .where(and(eq(projects.partnerId, partnerId), eq(projects.id, projectId)))
  )[0];

/**
 * The app was used now: its lastUsedAt moves only when it is a minute old (or unset), so a busy
 * client costs no write per call.
 */
export const touchApp = (db: DbOrTx, partnerId: string, appId: string, now: Date) =>
  db
    .update(privateApps)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(privateApps.partnerId, partnerId),
        eq(privateApps.id, appId),
        or(isNull(privateApps.lastUsedAt), lt(privateApps.lastUsedAt, new Date(now.getTime() - 60_000))),
      ),
    );

const templateColumns = {
  name: templates.name,
  language: templates.language,
  category: templates.category,
  type: templates.type,
  status: templates.status,
  body: templates.body,
  headerText: templates.headerText,
  footerText: templates.footerText,
  actionType: templates.actionType,
  callToAction: templates.callToAction,
  quickReplies: templates.quickReplies,
  sampleMediaUrl: templates.sampleMediaUrl,
  /** An authentication template's choices: its OTP button, filled with the body's code at a send. */
  authentication: templates.authentication,
};
export type ApiTemplateRow = { [K in keyof typeof templateColumns]: (typeof templates.$inferSelect)[K] };

/** Templates Meta holds for the project (not drafts, not deleted): a name and language is one of them. */
const heldBy = (partnerId: string, projectId: string) =>
  and(
    eq(templates.partnerId, partnerId),
    eq(templates.projectId, projectId),
    ne(templates.status, 'DRAFT'),
    isNull(templates.deletedAt),
  );

/** A page of the project's APPROVED templates by name and language, after `after`; one more to tell a next page. */
export const approvedTemplatesPage = (
  db: DbOrTx,
  partnerId: string,
  projectId: string,
  limit: number,
  after: { name: string; language: string } | null,
): Promise<ApiTemplateRow[]> =>
  db
    .select(templateColumns)
    .from(templates)
    .where(
      and(
        heldBy(partnerId, projectId),
        eq(templates.status, 'APPROVED'),
        after ? sql`(${templates.name}, ${templates.language}) > (${after.name}, ${after.language})` : undefined,
      ),
    )
    .orderBy(asc(templates.name), asc(templates.language))
    .limit(limit + 1);

export const findTemplate = async (
  db: DbOrTx,
  partnerId: string,
  projectId: string,
  name: string,
  language: string,
): Promise<ApiTemplateRow | undefined> =>
  (
    await db
      .select(templateColumns)
      .from(templates)
      .where(and(heldBy(partnerId, projectId), eq(templates.name, name), eq(templates.language, language)))
      // A draft or a deleted one may share the approved one's name and language: the approved one first.
      .orderBy(
        sql`${templates.status} = 'APPROVED' desc`,
        sql`${templates.deletedAt} is null desc`,
        desc(templates.updatedAt),
      )
      .limit(1)
  )[0];

const allCategories: Category[] = ['marketing', 'utility', 'authentication', 'service'];

/** Whether a conversation of this project, category and recipient is open at `at` (started at or before, window ending after). */
export const openConversationExists = async (
  db: DbOrTx,
  k: { partnerId: string; projectId: string; category: Category; recipient: string; at: Date },
): Promise<boolean> =>
  (
    await db
      .select({ id: conversations.id })
      .from(conversations)
      .where(
        and(
          eq(conversations.partnerId, k.partnerId),
          eq(conversations.projectId, k.projectId),
          eq(conversations.category, k.category),
          eq(conversations.recipient, k.recipient),
          lte(conversations.startedAt, k.at),
          gt(conversations.windowEndsAt, k.at),
        ),
      )
      .limit(1)
  ).length > 0;

/**
 * Whether the project knows this user: it has had a conversation with them (every message sent to a
 * recipient opens or joins one; the conversations' index covers it) or they have written to it (a
 * user's message, `inbound_messages`): none means the recipient is new.
 */
export const recipientKnown = async (
  db: DbOrTx,
  k: { partnerId: string; projectId: string; recipient: string },
): Promise<boolean> => {
  const [messaged] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(
      and(
        eq(conversations.partnerId, k.partnerId),
        eq(conversations.projectId, k.projectId),
        inArray(conversations.category, allCategories),
        eq(conversations.recipient, k.recipient),
      ),
    )
    .limit(1);
  return messaged !== undefined || userWrote(db, k);
};
