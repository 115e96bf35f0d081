import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { REGISTRATION_CHECK_EVERY_MS, type HealthView } from '@pc/contract';
import type { DbOrTx } from '../../platform/db/open.js';
import { projectOnboarding, projects } from '../../platform/db/schema.js';
import { enqueue } from '../../platform/jobs/queue.js';
import type { JobHandlers } from '../../platform/jobs/job.js';
import type { OnboardingCtx } from './context.js';
import { metaIdOrNull } from './project.js';
import { saveOnboarding } from './queries.js';
import { registerWithPin } from './register.js';

/**
 * The background check of registered numbers (doc 3 section 5: re-register once every 24 hours, the
 * check every 30 minutes). Each run looks at the live projects this server registered (it holds
 * their PIN), least recently checked first, a bounded batch: Meta's health of the number, kept for
 * the doctor; a number Meta says is not registered (133010) is registered again through the same
 * use case as the wizard's, so the 24-hour rule and the attempt budget hold, and the last attempt
 * of the window is never used without a person confirming it.
 */
export const RECHECK_JOB = 'onboarding.registration-check';
const BATCH = 50;
const NOT_REGISTERED = 133010;

const notRegistered = (health: Omit<HealthView, 'checkedAt'>) =>
  health.entities.some((e) => e.type === 'PHONE_NUMBER' && e.errors.some((x) => x.code === NOT_REGISTERED));

/** Answers how many numbers were registered again. */
export const recheckRegistrations = async (ctx: OnboardingCtx): Promise<number> => {
  const due = await ctx.db
    .select({
      id: projects.id,
      partnerId: projects.partnerId,
      wabaNumberId: projects.wabaNumberId,
      wabaAppId: projects.wabaAppId,
      isWhatsappVerified: projects.isWhatsappVerified,
    })
    .from(projects)
    .innerJoin(
      projectOnboarding,
      and(eq(projectOnboarding.projectId, projects.id), eq(projectOnboarding.partnerId, projects.partnerId)),
    )
    .where(
      and(
        eq(projects.isWhatsappVerified, true),
        eq(projects.partnerArchived, false),
        isNotNull(projectOnboarding.pinSealed),
      ),
    )
    .orderBy(sql`${projectOnboarding.numberHealth}->>'checkedAt' asc nulls first`, asc(projects.id))
    .limit(BATCH);
  let registered = 0;
  for (const p of due) {
    const now = ctx.now();
    const phone = metaIdOrNull(ctx, p, 'number');
    if (!phone) continue;
    const health = await ctx.meta.health(phone, 'number').catch(() => null);
    if (!health) continue;
    await saveOnboarding(ctx.db, p, { numberHealth: { ...health, checkedAt: now.toISOString() } }, now);
    if (!notRegistered(health)) continue;
    // Refused (within 24 hours, no attempts left, the last one needing a person) or failed: the
    // next run looks again; a failure is kept as the project's error for the wizard.
    const outcome = await registerWithPin(ctx, p.partnerId, { assistantId: p.id }).catch(() => null);
    if (outcome?.success) registered += 1;
  }
  return registered;
};

export const recheckJobs = (ctx: OnboardingCtx): JobHandlers => ({
  [RECHECK_JOB]: async () => {
    await recheckRegistrations(ctx);
    return { retryAt: new Date(ctx.now().getTime() + REGISTRATION_CHECK_EVERY_MS) };
  },
});

/** Makes sure the check is scheduled (at start; a second call, or a second server, adds nothing). */
export const ensureRecheckScheduled = (db: DbOrTx, now: Date) =>
  enqueue(db, { kind: RECHECK_JOB, payload: {}, runAt: now, key: RECHECK_JOB, maxAttempts: 1000 });
