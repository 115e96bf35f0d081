import {
  onboardingMessages as m,
  type OnboardingOutcome,
  type TriggerCodeRequest,
  type VerifyCodeRequest,
} from '@pc/contract';
import type { AgentViewer } from '../../platform/auth/viewer.js';
import { recordPartnerChange } from '../activity/record.js';
import type { OnboardingCtx } from './context.js';
import { metaUnavailable, phoneNumberOf, projectToOnboard } from './project.js';
import { findOnboarding, saveOnboarding } from './queries.js';
import { errorViewOf, onboardingStateOf } from './state.js';
import { MetaApiError } from '../../providers/meta/graph-error.js';

/**
 * The OTP step: a code requested by SMS or voice call, then verified. Meta's refusals are answered
 * as outcomes ('Failed', 'Could not verify') with their meaning, not kept as the project's error:
 * a wrong code must not replace the registration error the wizard's steps follow. A step that
 * succeeds is in the activity log (never the code itself).
 */

const run = async (
  ctx: OnboardingCtx,
  viewer: AgentViewer,
  projectId: string,
  call: (phone: string) => Promise<void>,
  after: { ok: string; failed: string; saved: 'codeRequestedAt' | 'verifiedAt'; detail?: Record<string, unknown> },
): Promise<OnboardingOutcome> => {
  const project = await projectToOnboard(ctx, viewer.partnerId, projectId);
  const phone = phoneNumberOf(ctx, project);
  const now = ctx.now();
  try {
    await call(phone);
  } catch (error) {
    if (!(error instanceof MetaApiError)) throw metaUnavailable();
    return {
      success: false,
      message: after.failed,
      failure: errorViewOf(error, now),
      onboarding: await onboardingStateOf(ctx, project, now),
    };
  }
  const before = (await findOnboarding(ctx.db, project))?.[after.saved] ?? null;
  await ctx.db.transaction(async (tx) => {
    await saveOnboarding(tx, project, { [after.saved]: now }, now);
    await recordPartnerChange(tx, viewer, {
      action: 'project.phone',
      target: { kind: 'project', id: project.id, name: project.name },
      before: { [after.saved]: before },
      after: { [after.saved]: now, ...after.detail },
    });
  });
  return { success: true, message: after.ok, failure: null, onboarding: await onboardingStateOf(ctx, project, now) };
};

/** POST /partner/:partnerId/trigger-code (the spec's path carries the literal ':partnerId'). */
export const triggerCode = (ctx: OnboardingCtx, viewer: AgentViewer, body: TriggerCodeRequest) =>
  run(ctx, viewer, body.assistantId, (phone) => ctx.meta.requestCode(phone, body.mode), {
    ok: m.otpSent,
    failed: m.otpFailed,
    saved: 'codeRequestedAt',
    detail: { mode: body.mode },
  });

/** POST /partner/:partnerId/verify-code. */
export const verifyCode = (ctx: OnboardingCtx, viewer: AgentViewer, body: VerifyCodeRequest) =>
  run(ctx, viewer, body.assistantId, (phone) => ctx.meta.verifyCode(phone, body.verifyCode), {
    ok: m.otpVerified,
    failed: m.couldNotVerify,
    saved: 'verifiedAt',
  });
