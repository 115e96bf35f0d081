import { z } from 'zod';
import type { DbOrTx } from '../../platform/db/open.js';
import { enqueue } from '../../platform/jobs/queue.js';
import type { JobHandlers } from '../../platform/jobs/job.js';
import type { SecretBox } from '../webhooks/secret.js';
import type { OnboardingCtx } from './context.js';
import { errorColumnsOf, errorViewOf } from './state.js';
import { findOnboarding, findOnboardingProject, saveOnboarding } from './queries.js';
import { registerWithPin } from './register.js';
import { MetaApiError } from '../../providers/meta/graph-error.js';

/**
 * Meta's onboarding of an account Embedded Signup brought (its "Onboarding business customers" pages,
 * Tech Provider and Solution Partner), each call once and in order, through the jobs table so that a
 * failure is retried with the jobs' backoff and a restart resumes where it stopped:
 * 1. our app subscribed to the account's webhooks (`POST /{waba-id}/subscribed_apps`, the client's
 *    business token), so the account events (modules/account-events) arrive;
 * 2. where the platform pays Meta (META_CREDIT_LINE_ID, a Solution Partner's line of credit), the
 *    line shared with the account and attached to it;
 * 3. the number registered with a PIN of ours, through the same use case as the wizard, so the 10
 *    attempts in 72 hours and the 24-hour rule hold. Not for a WhatsApp Business app number
 *    (coexistence: already registered) nor an account without a number.
 * Meta's refusal is kept as the project's error (the Setup tab's doctor shows its code and what to do).
 */
export const CONNECT_ACCOUNT_JOB = 'onboarding.connect-account';

const Payload = z.object({ partnerId: z.string(), projectId: z.string(), register: z.boolean() });

export const enqueueConnectAccount = (
  tx: DbOrTx,
  p: { partnerId: string; projectId: string; register: boolean },
  now: Date,
) =>
  enqueue(tx, {
    kind: CONNECT_ACCOUNT_JOB,
    payload: p,
    runAt: now,
    key: `${CONNECT_ACCOUNT_JOB}:${p.projectId}`,
    maxAttempts: 8,
  });

export const connectAccountJobs = (ctx: OnboardingCtx, tokens: SecretBox): JobHandlers => ({
  [CONNECT_ACCOUNT_JOB]: async (job) => {
    const { partnerId, projectId, register } = Payload.parse(job.payload);
    const project = await findOnboardingProject(ctx.db, partnerId, projectId);
    const row = await findOnboarding(ctx.db, { id: projectId, partnerId });
    if (!project?.wabaAppId || !row?.businessTokenSealed) return;
    const steps = { ...row.accountSteps };
    const keep = () => saveOnboarding(ctx.db, project, { accountSteps: { ...steps } }, ctx.now());
    try {
      if (!steps.subscribedAt) {
        await ctx.meta.subscribeApp(project.wabaAppId, tokens.open(row.businessTokenSealed));
        steps.subscribedAt = ctx.now().toISOString();
        await keep();
      }
      const line = ctx.env.META_CREDIT_LINE_ID;
      if (line && !steps.creditSharedAt) {
        steps.allocationConfigId = await ctx.meta.shareCreditLine(line, project.wabaAppId, project.currency);
        steps.creditSharedAt = ctx.now().toISOString();
        await keep();
      }
    } catch (error) {
      if (error instanceof MetaApiError) {
        const now = ctx.now();
        await saveOnboarding(ctx.db, project, errorColumnsOf(errorViewOf(error, now), now), now);
      }
      throw error;
    }
    if (register && project.wabaNumberId && !project.isWhatsappVerified)
      // Its refusal is kept as the project's error by the use case; the wizard takes it from there.
      await registerWithPin(ctx, partnerId, { assistantId: projectId });
  },
});
