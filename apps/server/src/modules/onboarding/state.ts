import {
  ErrorProcess,
  HealthView,
  metaErrorHelp,
  REGISTRATION_ATTEMPTS_LIMIT,
  REGISTRATION_WINDOW_MS,
  REREGISTER_EVERY_MS,
  troubleshootingPlan,
  type MetaErrorView,
  type OnboardingState,
} from '@pc/contract';
import type { DbOrTx } from '../../platform/db/open.js';
import { metaIdOrNull } from './project.js';
import { attemptsSince, findOnboarding, type OnboardingProject, type OnboardingRow } from './queries.js';
import type { MetaApiError } from '../../providers/meta/graph-error.js';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** Meta's error as the doctor shows it. */
export const errorView = (e: {
  code: number;
  subcode: number | null;
  message: string;
  traceId: string | null;
  at: Date;
}): MetaErrorView => ({ ...e, ...metaErrorHelp(e.code, e.subcode), at: e.at.toISOString() });

export const errorViewOf = (error: MetaApiError, at: Date): MetaErrorView =>
  errorView({
    code: error.code ?? 0,
    subcode: error.subcode ?? null,
    message: error.userMessage ? `${error.message}: ${error.userMessage}` : error.message,
    traceId: error.traceId ?? null,
    at,
  });

/** Meta's refusal as the onboarding row keeps it (what the doctor and the wizard's steps read). */
export const errorColumnsOf = (failure: MetaErrorView, at: Date) => ({
  errorCode: failure.code,
  errorSubcode: failure.subcode,
  errorMessage: failure.message,
  errorTraceId: failure.traceId,
  errorAt: at,
});

/** The last error Meta gave the onboarding, as kept on its row; null when none is kept. */
export const storedError = (row: OnboardingRow | undefined) =>
  row?.errorCode != null && row.errorAt
    ? errorView({
        code: row.errorCode,
        subcode: row.errorSubcode,
        message: row.errorMessage ?? '',
        traceId: row.errorTraceId,
        at: row.errorAt,
      })
    : null;

const healthOf = (v: unknown) => HealthView.safeParse(v).data ?? null;

/** The registrations left in the 72-hour window, and when the oldest one leaves it. */
export const attemptBudget = async (db: DbOrTx, phoneNumberId: string | null, now: Date) => {
  if (!phoneNumberId)
    return { limit: REGISTRATION_ATTEMPTS_LIMIT, used: 0, left: REGISTRATION_ATTEMPTS_LIMIT, nextFreeAt: null };
  const { used, oldest } = await attemptsSince(db, phoneNumberId, new Date(now.getTime() - REGISTRATION_WINDOW_MS));
  return {
    limit: REGISTRATION_ATTEMPTS_LIMIT,
    used,
    left: Math.max(0, REGISTRATION_ATTEMPTS_LIMIT - used),
    nextFreeAt: oldest ? new Date(oldest.getTime() + REGISTRATION_WINDOW_MS) : null,
  };
};

/** When the number may be registered again: 24 hours after its last registration; null when it may now. */
export const reregisterAt = (row: OnboardingRow | undefined, now: Date): Date | null => {
  if (!row?.registeredAt) return null;
  const at = new Date(row.registeredAt.getTime() + REREGISTER_EVERY_MS);
  return at > now ? at : null;
};

/** What the wizard and the doctor show of a project's onboarding now. */
export const onboardingStateOf = async (
  ctx: { db: DbOrTx; sandbox: unknown },
  project: OnboardingProject,
  now: Date,
): Promise<OnboardingState> => {
  const { db } = ctx;
  const row = await findOnboarding(db, project);
  const error = storedError(row);
  const phone = metaIdOrNull(ctx, project, 'number');
  const budget = await attemptBudget(db, phone, now);
  const plan = troubleshootingPlan({
    wabaProgressStep: project.wabaProgressStep,
    isWhatsappVerified: project.isWhatsappVerified,
    error,
    process: ErrorProcess.safeParse(row?.process).data ?? null,
  });
  return {
    projectId: project.id,
    sandbox: ctx.sandbox !== null,
    wabaProgressStep: project.wabaProgressStep,
    live: project.isWhatsappVerified,
    phoneNumberId: phone,
    wabaId: metaIdOrNull(ctx, project, 'account'),
    steps: plan.steps,
    custom: plan.custom,
    error,
    attempts: { ...budget, nextFreeAt: iso(budget.nextFreeAt) },
    registeredAt: iso(row?.registeredAt),
    reregisterAt: iso(reregisterAt(row, now)),
    codeRequestedAt: iso(row?.codeRequestedAt),
    verifiedAt: iso(row?.verifiedAt),
    health: { account: healthOf(row?.accountHealth), number: healthOf(row?.numberHealth) },
  };
};
