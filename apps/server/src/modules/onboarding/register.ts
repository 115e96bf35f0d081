import { randomInt } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import {
  ONBOARDING_DONE_STEP,
  onboardingMessages as m,
  type OnboardingOutcome,
  type RegisterWithPinRequest,
} from '@pc/contract';
import { projects } from '../../platform/db/schema.js';
import { recordPartnerChange, type ActivityAuthor } from '../activity/record.js';
import { AppError, badRequest } from '../../platform/errors/app-error.js';
import type { OnboardingCtx } from './context.js';
import { metaUnavailable, phoneNumberOf, projectToOnboard } from './project.js';
import {
  findOnboarding,
  insertAttempt,
  lockOnboarding,
  settleAttempt,
  updateOnboarding,
  type OnboardingProject,
  type OnboardingRow,
} from './queries.js';
import { attemptBudget, errorColumnsOf, errorViewOf, onboardingStateOf, reregisterAt } from './state.js';
import { MetaApiError } from '../../providers/meta/graph-error.js';

const secondsUntil = (at: Date, now: Date) => Math.max(1, Math.ceil((at.getTime() - now.getTime()) / 1000));

/** Below this progress the spec's wizard sends a project back to its sign-up (doc 2 section 4), not to register. */
const SIGN_UP_DONE_STEP = 7;

/**
 * A sign-up that never finished: not live, progress below 7 and no client business token (the token
 * is what a finished Embedded Signup or link leaves, and Meta's onboarding calls, registration
 * included, follow it). Registering such a number would answer 'Successfully Registered' and move
 * the progress to 9 while the project stays DRAFT.
 */
const signUpUnfinished = (project: OnboardingProject, row: OnboardingRow | undefined) =>
  !project.isWhatsappVerified && project.wabaProgressStep < SIGN_UP_DONE_STEP && !row?.businessTokenSealed;

/** The two-step verification PIN a project registers its number with: 6 random digits, kept sealed. */
const newPin = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/**
 * POST /partner/:partnerId/register-with-pin. The rules are checked and the attempt counted in one
 * transaction that holds the project's onboarding row, so two registrations at once cannot both
 * take the last attempt: once every 24 hours for a registered number (429), 10 a number in 72 hours
 * (429 when none is left, 409 asking for `confirmLastAttempt` before the last). Meta is called
 * outside it; its refusal is kept as the project's error (the wizard's steps follow it) and
 * answered as an outcome, a success clears it and completes the onboarding progress (9). A member's
 * registration that succeeds is in the activity log (the background checks' have no author).
 */
export const registerWithPin = async (
  ctx: OnboardingCtx,
  partnerId: string,
  body: RegisterWithPinRequest,
  author?: ActivityAuthor,
): Promise<OnboardingOutcome> => {
  const project = await projectToOnboard(ctx, partnerId, body.assistantId);
  const phone = phoneNumberOf(ctx, project);
  if (signUpUnfinished(project, await findOnboarding(ctx.db, project))) throw badRequest(m.signUpNotFinished);
  const now = ctx.now();
  const claim = await ctx.db.transaction(async (tx) => {
    const row = await lockOnboarding(tx, project);
    const again = reregisterAt(row, now);
    if (again)
      return {
        refusal: new AppError('REREGISTER_TOO_SOON', 429, m.reregisterTooSoon, undefined, secondsUntil(again, now)),
      };
    const budget = await attemptBudget(tx, phone, now);
    if (budget.left === 0)
      return {
        refusal: new AppError(
          'NO_ATTEMPTS_LEFT',
          429,
          m.noAttemptsLeft,
          undefined,
          budget.nextFreeAt ? secondsUntil(budget.nextFreeAt, now) : undefined,
        ),
      };
    if (budget.left === 1 && !body.confirmLastAttempt)
      return { refusal: new AppError('CONFIRM_LAST_ATTEMPT', 409, m.lastAttempt) };
    const pin = row.pinSealed ? ctx.pins.open(row.pinSealed) : newPin();
    if (!row.pinSealed) await updateOnboarding(tx, project, { pinSealed: ctx.pins.seal(pin) }, now);
    return {
      pin,
      registeredAt: row.registeredAt,
      attemptId: await insertAttempt(tx, {
        partnerId: project.partnerId,
        projectId: project.id,
        phoneNumberId: phone,
        at: now,
      }),
    };
  });
  if ('refusal' in claim) throw claim.refusal;
  const attempt = { id: claim.attemptId, partnerId: project.partnerId };

  try {
    await ctx.meta.register(phone, claim.pin);
  } catch (error) {
    if (!(error instanceof MetaApiError)) {
      // No answer: Meta may or may not have counted it, so the attempt stays counted here too.
      await settleAttempt(ctx.db, attempt, 'FAILED', null);
      throw metaUnavailable();
    }
    const failure = errorViewOf(error, now);
    await ctx.db.transaction(async (tx) => {
      await settleAttempt(tx, attempt, 'FAILED', failure.code);
      await updateOnboarding(tx, project, errorColumnsOf(failure, now), now);
    });
    return {
      success: false,
      message: m.registerFailed,
      failure,
      onboarding: await onboardingStateOf(ctx, project, ctx.now()),
    };
  }

  const done = await ctx.db.transaction(async (tx) => {
    // Projects first, then the onboarding row (one lock order everywhere).
    const [updated] = await tx
      .update(projects)
      .set({ wabaProgressStep: ONBOARDING_DONE_STEP })
      .where(
        and(
          eq(projects.partnerId, project.partnerId),
          eq(projects.id, project.id),
          lt(projects.wabaProgressStep, ONBOARDING_DONE_STEP),
        ),
      )
      .returning();
    await settleAttempt(tx, attempt, 'REGISTERED', null);
    await updateOnboarding(
      tx,
      project,
      { registeredAt: now, errorCode: null, errorSubcode: null, errorMessage: null, errorTraceId: null, errorAt: null },
      now,
    );
    // The PIN is never written.
    if (author)
      await recordPartnerChange(tx, author, {
        action: 'project.phone',
        target: { kind: 'project', id: project.id, name: project.name },
        before: {
          registeredAt: claim.registeredAt,
          ...(updated ? { wabaProgressStep: project.wabaProgressStep } : {}),
        },
        after: { registeredAt: now, ...(updated ? { wabaProgressStep: updated.wabaProgressStep } : {}) },
      });
    return updated ?? project;
  });
  return {
    success: true,
    message: m.registered,
    failure: null,
    onboarding: await onboardingStateOf(ctx, done, ctx.now()),
  };
};
