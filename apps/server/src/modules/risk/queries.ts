import { and, eq, gte, inArray, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/open.js';
import {
  analyticsDays,
  businesses,
  marginProjectDays,
  projectOnboarding,
  projects,
  templates,
} from '../../platform/db/schema.js';
import { businessOfProject } from '../../platform/db/tenant-joins.js';

/**
 * What the risk board reads, every statement by an index that starts with the partner: the
 * projects (one row each, with their onboarding row by its key), the rollups (analytics_days and
 * margin_project_days, by partner and day) and the templates' partial index of paused,
 * rejected and re-categorised ones. Never the conversations nor the message events.
 */

const int = (column: SQL) => sql<number>`coalesce(${column}, 0)::float8`.mapWith(Number);

/** The statuses the board leaves out: a project that is gone or ended puts no revenue at risk. */
const GONE = ['archived', 'terminated'];

export const projectFacts = (db: Db, partnerId: string, businessId?: string) =>
  db
    .select({
      id: projects.id,
      name: projects.name,
      businessId: projects.businessId,
      businessName: businesses.displayName,
      status: projects.status,
      live: projects.isWhatsappVerified,
      step: projects.wabaProgressStep,
      qualityRating: projects.qualityRating,
      qualityRatingPrevious: projects.qualityRatingPrevious,
      qualityRatingChangedAt: projects.qualityRatingChangedAt,
      messagingLimit: projects.messagingLimit,
      wabaBanState: projects.wabaBanState,
      wabaBanDate: projects.wabaBanDate,
      wabaDeleted: projects.wabaDeleted,
      metaAccount: projects.metaAccount,
      createdAt: projects.createdAt,
      onboardingAt: projectOnboarding.updatedAt,
      numberHealth: sql<string | null>`${projectOnboarding.numberHealth} ->> 'canSendMessage'`,
      numberCheckedAt: sql<string | null>`${projectOnboarding.numberHealth} ->> 'checkedAt'`,
      accountHealth: sql<string | null>`${projectOnboarding.accountHealth} ->> 'canSendMessage'`,
      accountCheckedAt: sql<string | null>`${projectOnboarding.accountHealth} ->> 'checkedAt'`,
    })
    .from(projects)
    .innerJoin(businesses, businessOfProject)
    .leftJoin(
      projectOnboarding,
      and(eq(projectOnboarding.projectId, projects.id), eq(projectOnboarding.partnerId, projects.partnerId)),
    )
    .where(
      and(
        eq(projects.partnerId, partnerId),
        notInArray(projects.status, GONE),
        eq(projects.partnerArchived, false),
        businessId ? eq(projects.businessId, businessId) : undefined,
      ),
    );
export type ProjectFacts = Awaited<ReturnType<typeof projectFacts>>[number];

/** Sent and failed per project from `fromDay` (UTC, inclusive), and its busiest day. */
export const trafficFacts = (db: Db, partnerId: string, fromDay: string) =>
  db
    .select({
      projectId: analyticsDays.projectId,
      sent: int(sql`sum(${analyticsDays.sentChatCount})`),
      failed: int(sql`sum(${analyticsDays.failedChatCount})`),
      peak: int(sql`max(${analyticsDays.sentChatCount})`),
      peakDay: sql<
        string | null
      >`(array_agg(${analyticsDays.dayDate} order by ${analyticsDays.sentChatCount} desc, ${analyticsDays.dayDate} desc))[1]`,
    })
    .from(analyticsDays)
    .where(and(eq(analyticsDays.partnerId, partnerId), gte(analyticsDays.dayDate, fromDay)))
    .groupBy(analyticsDays.projectId);
export type TrafficFacts = Awaited<ReturnType<typeof trafficFacts>>[number];

/**
 * Templates paused or rejected since `since`, or moved to another category since then (Meta's
 * move also stamps updated_at), per project: the partial index templates_risk_idx.
 */
export const templateFacts = (db: Db, partnerId: string, since: Date) => {
  // Written out (not bound) so that the planner matches the partial index's predicate.
  const bad = sql`${templates.status} in ('PAUSED', 'REJECTED')`;
  const moved = gte(templates.categoryChangedAt, since);
  return db
    .select({
      projectId: templates.projectId,
      paused: int(sql`count(*) filter (where ${templates.status} = 'PAUSED')`),
      rejected: int(sql`count(*) filter (where ${templates.status} = 'REJECTED')`),
      recategorised: int(sql`count(*) filter (where ${moved})`),
      latestAt: sql<Date>`max(${templates.updatedAt})`.mapWith(templates.updatedAt),
    })
    .from(templates)
    .where(
      and(
        eq(templates.partnerId, partnerId),
        gte(templates.updatedAt, since),
        or(bad, moved),
        // A deleted template is gone from the account; its last status no longer matters.
        sql`${templates.status} <> 'DELETED'`,
      ),
    )
    .groupBy(templates.projectId);
};
export type TemplateFacts = Awaited<ReturnType<typeof templateFacts>>[number];

/**
 * What each project's clients paid from `fromDay` (UTC, inclusive): the margin rollup's per-project
 * day rows (margin_project_days, by its key: partner, day, project), summed per project in the
 * database (one row a project). Read beside the other statements rather than after the signals, so
 * that on PostgreSQL it runs while they do.
 */
export const revenueFacts = async (db: Db, partnerId: string, fromDay: string, businessId?: string) => {
  const rows = await db
    .select({ projectId: marginProjectDays.projectId, revenue: int(sql`sum(${marginProjectDays.revenue})`) })
    .from(marginProjectDays)
    .where(
      and(
        eq(marginProjectDays.partnerId, partnerId),
        gte(marginProjectDays.dayDate, fromDay),
        businessId
          ? inArray(
              marginProjectDays.projectId,
              db
                .select({ id: projects.id })
                .from(projects)
                .where(and(eq(projects.partnerId, partnerId), eq(projects.businessId, businessId))),
            )
          : undefined,
      ),
    )
    .groupBy(marginProjectDays.projectId);
  return new Map(rows.map((r) => [r.projectId, r.revenue]));
};

/** Whether the business is the partner's (a filter naming another partner's is not found). */
export const isPartnersBusiness = async (db: Db, partnerId: string, businessId: string) =>
  (
    await db
      .select({ id: businesses.id })
      .from(businesses)
      .where(and(eq(businesses.partnerId, partnerId), eq(businesses.id, businessId)))
  ).length > 0;
