import type { UpdateMetaAdDetailsRequest } from '@pc/contract';
import type { AgentViewer } from '../../platform/auth/viewer.js';
import type { MetaAdsCtx } from './context.js';
import { adsProjectOf } from './project.js';
import { saveMetaAds } from './queries.js';

/**
 * POST /meta-ads/updateMetaAdDetails (Set Minimum Daily Ad Budget, Assign Total Budget): one budget
 * a call, in 1/100000 of the project's currency, greater than 0 (the schema says so).
 */
export const updateMetaAdDetails = async (ctx: MetaAdsCtx, viewer: AgentViewer, body: UpdateMetaAdDetailsRequest) => {
  const found = await adsProjectOf(ctx.db, viewer, body.assistantId);
  const values =
    body.minDailyBudgetLimit !== undefined
      ? { minDailyBudgetLimit: body.minDailyBudgetLimit }
      : { totalAssignedBudget: body.totalAssignedBudget! };
  await saveMetaAds(ctx.db, found.project, values, ctx.now());
  return {
    metaAdsDetails: {
      minDailyBudgetLimit: found.meta?.minDailyBudgetLimit ?? null,
      totalAssignedBudget: found.meta?.totalAssignedBudget ?? null,
      ...values,
    },
  };
};
