import {
  onboardingMessages as m,
  type OnboardingOutcome,
  type TriggerCodeRequest,
  type VerifyCodeRequest,
} from '@pc/contract';
import type { OnboardingCtx } from './context.js';
import { metaUnavailable, phoneNumberOf, projectToOnboard } from './project.js';
import { saveOnboarding } from './queries.js';
import { errorViewOf, onboardingStateOf } from './state.js';
import { MetaApiError } from '../../providers/meta/graph-error.js';

/**
 * The OTP step: a code requested by SMS or voice call, then verified. Meta's refusals are answered
 * as outcomes ('Failed', 'Could not verify') with their meaning, not kept as the project's error:
 * a wrong code must not replace the registration error the wizard's steps follow.
 */

const run = async (
  ctx: OnboardingCtx,
  partnerId: string,
  projectId: string,
  call: (phone: string) => Promise<void>,
  after: { ok: string; failed: string; saved: 'codeRequestedAt' | 'verifiedAt' },
): Promise<OnboardingOutcome> => {
  const project = await projectToOnboard(ctx, partnerId, projectId);
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
  await saveOnboarding(ctx.db, project, { [after.saved]: now }, now);
  return { success: true, message: after.ok, failure: null, onboarding: await onboardingStateOf(ctx, project, now) };
};

/** POST /partner/:partnerId/trigger-code (the spec's path carries the literal ':partnerId'). */
export const triggerCode = (ctx: OnboardingCtx, partnerId: string, body: TriggerCodeRequest) =>
  run(ctx, partnerId, body.assistantId, (phone) => ctx.meta.requestCode(phone, body.mode), {
    ok: m.otpSent,
    failed: m.otpFailed,
    saved: 'codeRequestedAt',
  });

/** POST /partner/:partnerId/verify-code. */
export const verifyCode = (ctx: OnboardingCtx, partnerId: string, body: VerifyCodeRequest) =>
  run(ctx, partnerId, body.assistantId, (phone) => ctx.meta.verifyCode(phone, body.verifyCode), {
    ok: m.otpVerified,
    failed: m.couldNotVerify,
    saved: 'verifiedAt',
  });
