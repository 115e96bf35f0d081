import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { metaAdsTexts as m } from '@pc/contract';
import type { DbOrTx } from '../../platform/db/open.js';
import { partnerOf } from '../../platform/db/partner-of.js';
import { businesses, metaAds, projectMetaAds, projects } from '../../platform/db/schema.js';
import { enqueue } from '../../platform/jobs/queue.js';
import type { JobHandlers } from '../../platform/jobs/job.js';
import type { ProviderAd } from '../../providers/meta/ads/ads.js';
import { ownerOf } from '../partners/owner.js';
import type { MetaAdsCtx } from './context.js';
import { saveMetaAds } from './queries.js';
import { debitSpend } from './spend.js';
import { businessOfProject } from '../../platform/db/tenant-joins.js';

/**
 * The Meta Ads sync: every META_ADS_SYNC_MINUTES, the connected projects with an ad account, least
 * recently synced first, a bounded batch: their ads and lifetime totals (the Ads tab and the
 * Projects tab's sums) and their spend day by day, debited from the project's Meta Ads credit
 * (spend.ts). When the credit cannot cover the spend, the account's ads are paused at Meta and the
 * partner's owner is mailed, once until the credit covers it again.
 */
export const SYNC_JOB = 'meta-ads.sync';
export const SYNC_PROJECT_JOB = 'meta-ads.sync-project';
const BATCH = 50;

const dayOf = (d: Date) => d.toISOString().slice(0, 10);

const adRow = (p: { id: string; partnerId: string }, a: ProviderAd, now: Date) => ({
  adId: a.adId,
  projectId: p.id,
  partnerId: p.partnerId,
  adAccountId: a.adAccountId,
  name: a.adName,
  status: a.status,
  startTime: new Date(a.startTime),
  stopTime: a.stopTime ? new Date(a.stopTime) : null,
  dailyBudget: a.dailyBudget,
  qualityRanking: a.qualityRanking,
  engagementRateRanking: a.engagementRateRanking,
  impressions: a.impressions,
  reach: a.reach,
  clicks: a.clicks,
  uniqueClicks: a.uniqueClicks,
  spend: a.spend,
  messagingConversationsStarted: a.messagingConversationsStarted,
  messagingFirstReplies: a.messagingFirstReplies,
  leads: a.leads,
  syncedAt: now,
});

const connected = (db: DbOrTx, one?: { partnerId: string; projectId: string }) =>
  db
    .select({
      project: {
        id: projects.id,
        partnerId: projects.partnerId,
        name: projects.name,
        businessId: projects.businessId,
      },
      businessName: businesses.displayName,
      meta: projectMetaAds,
    })
    .from(projectMetaAds)
    .innerJoin(
      projects,
      and(eq(projects.id, projectMetaAds.projectId), eq(projects.partnerId, projectMetaAds.partnerId)),
    )
    .innerJoin(businesses, businessOfProject)
    .where(
      and(
        isNotNull(projectMetaAds.fbTokenSealed),
        isNotNull(projectMetaAds.selectedAdAccountId),
        eq(projects.partnerArchived, false),
        one ? and(eq(projects.partnerId, one.partnerId), eq(projects.id, one.projectId)) : undefined,
      ),
    )
    .orderBy(sql`${projectMetaAds.lastSyncedAt} asc nulls first`, asc(projects.id))
    .limit(BATCH);

type Due = Awaited<ReturnType<typeof connected>>[number];

/** One project: answers what was debited and what is still owed. */
export const syncProjectAds = async (ctx: MetaAdsCtx, due: Due) => {
  const ads = ctx.ads;
  if (!ads) return null;
  const { project, meta } = due;
  const token = ctx.fbTokens.open(meta.fbTokenSealed!);
  const account = meta.selectedAdAccountId!;
  const now = ctx.now();
  // Spend is this server's to debit from when Facebook was connected (before, it was not on the credit).
  const since = dayOf(meta.fbConnectedAt ?? now);
  const [list, daily] = await Promise.all([ads.ads(token, account), ads.dailySpend(token, account, since)]);
  const outcome = await ctx.db.transaction(async (tx) => {
    const spent = await debitSpend(tx, { ...project, businessName: due.businessName }, daily);
    for (const a of list) {
      const row = adRow(project, a, now);
      // The key's columns are not set again: a distributed database refuses to "change" the partner.
      const { partnerId: _partner, projectId: _project, adId: _ad, ...changed } = row;
      await tx
        .insert(metaAds)
        .values(row)
        .onConflictDoUpdate({ target: [metaAds.projectId, metaAds.adId, metaAds.partnerId], set: changed });
    }
    const ranOut = spent.owed > 0 && !meta.adsPausedForCreditAt;
    const covered = spent.owed === 0 && spent.credit > 0 && meta.adsPausedForCreditAt;
    await saveMetaAds(
      tx,
      project,
      {
        lastSyncedAt: now,
        ...(ranOut ? { adsPausedForCreditAt: now } : {}),
        ...(covered ? { adsPausedForCreditAt: null } : {}),
      },
      now,
    );
    return { ...spent, ranOut };
  });
  if (outcome.ranOut) {
    await ads.pauseAds(token, account);
    const owner = await ownerOf(ctx.db, project.partnerId);
    if (owner)
      await ctx.mail.send({
        to: owner.email,
        subject: `Meta Ads paused: ${project.name}`,
        text: [
          `Hello ${owner.name},`,
          '',
          m.creditRanOut(project.name),
          '',
          `Top up the project's Meta Ads credit: ${ctx.env.publicUrl}/assistants/${project.id}?tab=billings`,
          '',
        ].join('\n'),
      });
  }
  return outcome;
};

/**
 * A run of the sync over the due projects: one failing does not stop the others; the first failure
 * is thrown at the end, so the jobs table logs it (and retries a single project's sync).
 */
export const syncAllAds = async (ctx: MetaAdsCtx, projectId?: string) => {
  let failure: unknown = null;
  // One project's sync reads its partner from the partner directory first, so that on a distributed
  // database the read goes to that partner's node alone (docs/scaling.md).
  let one: { partnerId: string; projectId: string } | undefined;
  if (projectId !== undefined) {
    const partnerId = await partnerOf(ctx.db, projects, projectId);
    if (partnerId === undefined) return;
    one = { partnerId, projectId };
  }
  for (const due of await connected(ctx.db, one))
    await syncProjectAds(ctx, due).catch((error: unknown) => {
      failure ??= error;
    });
  if (failure) throw failure;
};

export const syncJobs = (ctx: MetaAdsCtx): JobHandlers => ({
  [SYNC_JOB]: async () => {
    // A failure is the project's (logged by the next single sync); the round goes on at its time.
    await syncAllAds(ctx).catch(() => null);
    return { retryAt: new Date(ctx.now().getTime() + ctx.env.META_ADS_SYNC_MINUTES * 60_000) };
  },
  [SYNC_PROJECT_JOB]: async (job) => {
    const { projectId } = job.payload as { projectId: string };
    await syncAllAds(ctx, projectId);
  },
});

/** Makes sure the sync is scheduled (at start; a second call, or a second server, adds nothing). */
export const ensureAdsSyncScheduled = (db: DbOrTx, now: Date) =>
  enqueue(db, { kind: SYNC_JOB, payload: {}, runAt: now, key: SYNC_JOB, maxAttempts: 1000 });

/** A project's sync soon (its ad account was just chosen), once however often asked. */
export const syncProjectSoon = (db: DbOrTx, projectId: string, now: Date) =>
  enqueue(db, {
    kind: SYNC_PROJECT_JOB,
    payload: { projectId },
    runAt: now,
    key: `${SYNC_PROJECT_JOB}:${projectId}`,
    maxAttempts: 3,
  });
