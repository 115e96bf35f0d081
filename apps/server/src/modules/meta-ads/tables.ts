import { and, desc, eq, gte, ilike, inArray, lt, notInArray, or, sql, type SQL } from 'drizzle-orm';
import {
  adTabOf,
  metaAdsTexts as m,
  type ConnectionStage,
  type MetaAdAccountCounts,
  type MetaAdAccountListResponse,
  type MetaAdCountsResponse,
  type MetaAdListResponse,
  type MetaAdsFilter,
  MetaAdAccountListRequest,
  MetaAdListRequest,
  MetaAdsCountsRequest,
} from '@pc/contract';
import type { z } from 'zod';
import type { DbOrTx } from '../../platform/db/open.js';
import { billingLogs, businesses, metaAds, projectMetaAds, projects } from '../../platform/db/schema.js';
import { forbidden } from '../../platform/errors/app-error.js';
import { getPartner } from '../partners/partner.js';
import { businessOfProject } from '../../platform/db/tenant-joins.js';

/**
 * The Meta Ads area's tables (doc 3 sections 2, 3 and 7) for the allow-listed partner: its projects
 * with the META_ADS add-on and their set-up stage and ad totals, and its ads (the Transactions
 * tab is the billing logs' list, modules/billings). Searches match project and business names (and the ad's name on the Ads tab).
 */

export const assertAdsPartner = async (db: DbOrTx, partnerId: string) => {
  const partner = await getPartner(db, partnerId);
  if (!partner.flags.metaAds) throw forbidden(m.notAllowed);
};

const like = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const stage = sql<ConnectionStage>`case
  when ${projectMetaAds.fbUserId} is null then 'FB_NOT_CONNECTED'
  when ${projectMetaAds.selectedPageId} is null then 'PAGE_NOT_SELECTED'
  when ${projectMetaAds.linkedWhatsappNumber} is null then 'WA_NUMBER_NOT_LINKED'
  else 'CONNECTED' end`;

const stageOfTab: Record<string, ConnectionStage | null> = {
  All: null,
  'FB not connected': 'FB_NOT_CONNECTED',
  'Page not selected': 'PAGE_NOT_SELECTED',
  'WA Number not linked': 'WA_NUMBER_NOT_LINKED',
  Connected: 'CONNECTED',
};

/** The partner's projects of the area: the META_ADS add-on active, not archived, the search. */
const adsProjects = (partnerId: string, search: string): SQL =>
  and(
    eq(projects.partnerId, partnerId),
    eq(projects.partnerArchived, false),
    sql`${projects.addons}->'META_ADS'->>'status' = 'ACTIVE'`,
    search ? or(ilike(projects.name, like(search)), ilike(businesses.displayName, like(search))) : undefined,
  )!;

/** POST /api/meta-ad-account-counts. */
export const adAccountCounts = async (
  db: DbOrTx,
  partnerId: string,
  body: z.output<typeof MetaAdsCountsRequest>,
): Promise<MetaAdAccountCounts> => {
  const [row] = await db
    .select({
      allCount: sql<number>`count(*)::int`,
      fbNotConnectedCount: sql<number>`(count(*) filter (where ${stage} = 'FB_NOT_CONNECTED'))::int`,
      pageNotSelectedCount: sql<number>`(count(*) filter (where ${stage} = 'PAGE_NOT_SELECTED'))::int`,
      waNumberNotLinkedCount: sql<number>`(count(*) filter (where ${stage} = 'WA_NUMBER_NOT_LINKED'))::int`,
      completedCount: sql<number>`(count(*) filter (where ${stage} = 'CONNECTED'))::int`,
    })
    .from(projects)
    .innerJoin(businesses, businessOfProject)
    .leftJoin(
      projectMetaAds,
      and(eq(projectMetaAds.projectId, projects.id), eq(projectMetaAds.partnerId, projects.partnerId)),
    )
    .where(adsProjects(partnerId, body.search));
  return row!;
};

/** POST /api/meta-ad-acccount-lists: a project a row, its ads summed, newest project first. */
export const adAccountList = async (
  db: DbOrTx,
  partnerId: string,
  body: z.output<typeof MetaAdAccountListRequest>,
): Promise<MetaAdAccountListResponse> => {
  const wanted = stageOfTab[body.tab];
  const where = and(adsProjects(partnerId, body.search), wanted ? sql`${stage} = ${wanted}` : undefined);
  const totals = db
    .select({
      partnerId: metaAds.partnerId,
      projectId: metaAds.projectId,
      spend: sql<number>`sum(${metaAds.spend})`.as('spend'),
      leads: sql<number>`sum(${metaAds.leads})`.as('leads'),
      clicks: sql<number>`sum(${metaAds.clicks})`.as('clicks'),
      impressions: sql<number>`sum(${metaAds.impressions})`.as('impressions'),
      active: sql<number>`count(*) filter (where ${metaAds.status} = 'ACTIVE')`.as('active'),
    })
    .from(metaAds)
    .where(eq(metaAds.partnerId, partnerId))
    .groupBy(metaAds.partnerId, metaAds.projectId)
    .as('totals');
  const recharged = db
    .select({
      partnerId: billingLogs.partnerId,
      projectId: billingLogs.projectId,
      amount: sql<number>`sum(${billingLogs.amount})`.as('amount'),
    })
    .from(billingLogs)
    .where(
      and(eq(billingLogs.partnerId, partnerId), eq(billingLogs.balance, 'AD_CREDIT'), eq(billingLogs.action, 'ADD')),
    )
    .groupBy(billingLogs.partnerId, billingLogs.projectId)
    .as('recharged');
  const [rows, [count]] = await Promise.all([
    db
      .select({
        assistantId: projects.id,
        businessName: businesses.displayName,
        projectName: projects.name,
        connectionStage: stage,
        currency: projects.currency,
        aggAdCreditRecharged: sql<number>`coalesce(${recharged.amount}, 0)::bigint`,
        totalSpend: sql<number>`coalesce(${totals.spend}, 0)::bigint`,
        metaAdsCredit: projects.metaAdsCredit,
        activeAds: sql<number>`coalesce(${totals.active}, 0)::int`,
        leads: sql<number>`coalesce(${totals.leads}, 0)::int`,
        clicks: sql<number>`coalesce(${totals.clicks}, 0)::bigint`,
        impressions: sql<number>`coalesce(${totals.impressions}, 0)::bigint`,
      })
      .from(projects)
      .innerJoin(businesses, businessOfProject)
      .leftJoin(
        projectMetaAds,
        and(eq(projectMetaAds.projectId, projects.id), eq(projectMetaAds.partnerId, projects.partnerId)),
      )
      .leftJoin(totals, and(eq(totals.projectId, projects.id), eq(totals.partnerId, projects.partnerId)))
      .leftJoin(recharged, and(eq(recharged.projectId, projects.id), eq(recharged.partnerId, projects.partnerId)))
      .where(where)
      .orderBy(desc(projects.createdAt), desc(projects.id))
      .offset(body.skip)
      .limit(body.rowsPerPage),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(projects)
      .innerJoin(businesses, businessOfProject)
      .leftJoin(
        projectMetaAds,
        and(eq(projectMetaAds.projectId, projects.id), eq(projectMetaAds.partnerId, projects.partnerId)),
      )
      .where(where),
  ]);
  return {
    logs: rows.map(({ leads, clicks, impressions, ...r }) => {
      const spend = Number(r.totalSpend);
      return {
        ...r,
        aggAdCreditRecharged: Number(r.aggAdCreditRecharged),
        totalSpend: spend,
        totalLeadsGenerated: leads,
        costPerLead: leads > 0 ? Math.round(spend / leads) : null,
        clickThroughRate:
          Number(impressions) > 0 ? Math.round((Number(clicks) * 10_000) / Number(impressions)) / 100 : null,
      };
    }),
    totalCount: count!.n,
  };
};

const adStatusesOf: Record<string, string[] | 'others' | null> = {
  All: null,
  Live: ['ACTIVE'],
  Paused: ['PAUSED', 'CAMPAIGN_PAUSED', 'ADSET_PAUSED'],
  Stopped: ['DELETED', 'ARCHIVED'],
  Others: 'others',
};
const grouped = ['ACTIVE', 'PAUSED', 'CAMPAIGN_PAUSED', 'ADSET_PAUSED', 'DELETED', 'ARCHIVED'];

const dayStart = (day: string) => new Date(`${day}T00:00:00Z`);
const nextDay = (day: string) => new Date(dayStart(day).getTime() + 86_400_000);

/** The partner's ads, the search on ad, project and business names, the Filter dialog's ranges. */
const adsWhere = (partnerId: string, search: string, filter: MetaAdsFilter | null | undefined): SQL =>
  and(
    eq(metaAds.partnerId, partnerId),
    eq(projects.partnerArchived, false),
    search
      ? or(
          ilike(metaAds.name, like(search)),
          ilike(projects.name, like(search)),
          ilike(businesses.displayName, like(search)),
        )
      : undefined,
    filter?.adStartDate ? gte(metaAds.startTime, dayStart(filter.adStartDate.from)) : undefined,
    filter?.adStartDate ? lt(metaAds.startTime, nextDay(filter.adStartDate.to)) : undefined,
    filter?.adStopDate ? gte(metaAds.stopTime, dayStart(filter.adStopDate.from)) : undefined,
    filter?.adStopDate ? lt(metaAds.stopTime, nextDay(filter.adStopDate.to)) : undefined,
  )!;

const tabWhere = (tab: string): SQL | undefined => {
  const statuses = adStatusesOf[tab];
  if (!statuses) return undefined;
  if (statuses === 'others') return notInArray(metaAds.status, grouped);
  return inArray(metaAds.status, statuses);
};

/** POST /api/meta-ad-counts: the Ads tab's counts (Meta's statuses grouped as adTabOf says). */
export const adCounts = async (
  db: DbOrTx,
  partnerId: string,
  body: z.output<typeof MetaAdsCountsRequest>,
): Promise<MetaAdCountsResponse> => {
  const rows = await db
    .select({ status: metaAds.status, n: sql<number>`count(*)::int` })
    .from(metaAds)
    .innerJoin(projects, and(eq(projects.id, metaAds.projectId), eq(projects.partnerId, metaAds.partnerId)))
    .innerJoin(businesses, businessOfProject)
    .where(adsWhere(partnerId, body.search, body.filterObj))
    .groupBy(metaAds.status);
  const count = { all: 0, liveCount: 0, pausedCount: 0, stoppedCount: 0, othersCount: 0 };
  const key = { Live: 'liveCount', Paused: 'pausedCount', Stopped: 'stoppedCount', Others: 'othersCount' } as const;
  for (const r of rows) {
    count.all += r.n;
    const tab = adTabOf(r.status);
    if (tab !== 'All') count[key[tab]] += r.n;
  }
  return [count];
};

/** POST /api/meta-ad-lists: newest ad first. */
export const adList = async (
  db: DbOrTx,
  partnerId: string,
  body: z.output<typeof MetaAdListRequest>,
): Promise<MetaAdListResponse> => {
  const where = and(adsWhere(partnerId, body.search, body.filterObj), tabWhere(body.tab));
  const [rows, [count]] = await Promise.all([
    db
      .select({
        ad: metaAds,
        businessName: businesses.displayName,
        projectName: projects.name,
        currency: projects.currency,
      })
      .from(metaAds)
      .innerJoin(projects, and(eq(projects.id, metaAds.projectId), eq(projects.partnerId, metaAds.partnerId)))
      .innerJoin(businesses, businessOfProject)
      .where(where)
      .orderBy(desc(metaAds.startTime), desc(metaAds.adId))
      .offset(body.skip)
      .limit(body.rowsPerPage),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(metaAds)
      .innerJoin(projects, and(eq(projects.id, metaAds.projectId), eq(projects.partnerId, metaAds.partnerId)))
      .innerJoin(businesses, businessOfProject)
      .where(where),
  ]);
  return {
    logs: rows.map(({ ad, businessName, projectName, currency }) => ({
      adId: ad.adId,
      assistantId: ad.projectId,
      adName: ad.name,
      businessName,
      projectName,
      currency,
      adStatus: ad.status,
      qualityRanking: ad.qualityRanking,
      engagementRateRanking: ad.engagementRateRanking,
      adStartDate: ad.startTime.toISOString(),
      adStopDate: ad.stopTime?.toISOString() ?? null,
      dailyBudget: ad.dailyBudget,
      impressions: ad.impressions,
      reach: ad.reach,
      uniqueClicks: ad.uniqueClicks,
      clicks: ad.clicks,
      totalBudget: ad.spend,
      costPerClick: ad.clicks > 0 ? Math.round(ad.spend / ad.clicks) : null,
      totalMessages: ad.messagingConversationsStarted,
      messagingFirstReply: ad.messagingFirstReplies,
      totalMessagingConnection: ad.messagingConversationsStarted,
    })),
    metaAdsCount: count!.n,
  };
};
