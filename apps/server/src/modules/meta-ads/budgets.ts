import type { UpdateMetaAdDetailsRequest } from '@pc/contract';
import type { AgentViewer } from '../../platform/auth/viewer.js';
import { recordAdsChange } from './activity.js';
import type { MetaAdsCtx } from './context.js';
import { adsProjectOf } from './project.js';
import { saveMetaAds } from './queries.js';

/**
 * POST /meta-ads/updateMetaAdDetails (Set Minimum Daily Ad Budget, Assign Total Budget): one budget
 * a call, in 1/100000 of the project's currency, greater than 0 (the schema says so). A new
 * value is in the activity log, in the same units.
 */
export const updateMetaAdDetails = async (ctx: MetaAdsCtx, viewer: AgentViewer, body: UpdateMetaAdDetailsRequest) => {
  const found = await adsProjectOf(ctx.db, viewer, body.assistantId);
  const values =
    body.minDailyBudgetLimit !== undefined
      ? { minDailyBudgetLimit: body.minDailyBudgetLimit }
      : { totalAssignedBudget: body.totalAssignedBudget! };
  await ctx.db.transaction(async (tx) => {
    await saveMetaAds(tx, found.project, values, ctx.now());
    await recordAdsChange(tx, viewer, found.project, { action: 'meta-ads.update', was: found.meta, values });
  });
  return {
    metaAdsDetails: {
      minDailyBudgetLimit: found.meta?.minDailyBudgetLimit ?? null,
      totalAssignedBudget: found.meta?.totalAssignedBudget ?? null,
      ...values,
    },
  };
};
