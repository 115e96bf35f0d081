import { onboardingMessages as m, type HealthView, type OnboardingOutcome } from '@pc/contract';
import type { OnboardingCtx } from './context.js';
import { metaIdOf, metaUnavailable, projectToOnboard } from './project.js';
import { saveOnboarding } from './queries.js';
import { errorViewOf, onboardingStateOf } from './state.js';
import { MetaApiError } from '../../providers/meta/graph-error.js';

/**
 * The health check step: Meta's `health_status` of the project's WhatsApp Business Account
 * (`/waba-app-id-health-check`, by its wabaAppId) or of its number (`/waba-number-id-health-check`),
 * kept for the doctor. Healthy only when Meta says AVAILABLE.
 */
export const healthCheck = async (
  ctx: OnboardingCtx,
  partnerId: string,
  projectId: string,
  of: 'account' | 'number',
): Promise<OnboardingOutcome> => {
  const project = await projectToOnboard(ctx, partnerId, projectId);
  const id = metaIdOf(ctx, project, of);
  const now = ctx.now();
  let health: HealthView;
  try {
    health = { ...(await ctx.meta.health(id, of)), checkedAt: now.toISOString() };
  } catch (error) {
    if (!(error instanceof MetaApiError)) throw metaUnavailable();
    return {
      success: false,
      message: m.healthDegraded,
      failure: errorViewOf(error, now),
      onboarding: await onboardingStateOf(ctx, project, now),
    };
  }
  await saveOnboarding(ctx.db, project, of === 'account' ? { accountHealth: health } : { numberHealth: health }, now);
  const healthy = health.canSendMessage === 'AVAILABLE';
  return {
    success: healthy,
    message: healthy ? m.healthy : m.healthDegraded,
    failure: null,
    onboarding: await onboardingStateOf(ctx, project, now),
  };
};
