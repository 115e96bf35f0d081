import { and, asc, count, eq, gt, min } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/open.js';
import { newId } from '../../platform/db/ids.js';
import { projectOnboarding, projects, registrationAttempts } from '../../platform/db/schema.js';

export type OnboardingRow = typeof projectOnboarding.$inferSelect;
export type OnboardingProject = typeof projects.$inferSelect;

/** The partner's project (another partner's is not found), not archived: onboarding acts on it. */
export const findOnboardingProject = async (db: DbOrTx, partnerId: string, projectId: string) =>
  (
    await db
      .select()
      .from(projects)
      .where(and(eq(projects.partnerId, partnerId), eq(projects.id, projectId), eq(projects.partnerArchived, false)))
  )[0];

export const findOnboarding = async (
  db: DbOrTx,
  project: Pick<OnboardingProject, 'id' | 'partnerId'>,
): Promise<OnboardingRow | undefined> => findPartnerOnboarding(db, project.partnerId, project.id);

/** The partner's project's onboarding row (another partner's is not found): for reading its last error. */
export const findPartnerOnboarding = async (
  db: DbOrTx,
  partnerId: string,
  projectId: string,
): Promise<OnboardingRow | undefined> =>
  (
    await db
      .select()
      .from(projectOnboarding)
      .where(and(eq(projectOnboarding.partnerId, partnerId), eq(projectOnboarding.projectId, projectId)))
  )[0];

/** The project's row of a table keyed by project, by its partner too: a distributed database locks only so. */
const ofProject = (project: Pick<OnboardingProject, 'id' | 'partnerId'>) =>
  and(eq(projectOnboarding.partnerId, project.partnerId), eq(projectOnboarding.projectId, project.id));

/** The project's onboarding row, made when first needed, locked for the caller's transaction. */
export const lockOnboarding = async (tx: DbOrTx, project: Pick<OnboardingProject, 'id' | 'partnerId'>) => {
  await tx
    .insert(projectOnboarding)
    .values({ projectId: project.id, partnerId: project.partnerId })
    .onConflictDoNothing();
  return (await tx.select().from(projectOnboarding).where(ofProject(project)).for('update'))[0]!;
};

export const updateOnboarding = (
  db: DbOrTx,
  project: Pick<OnboardingProject, 'id' | 'partnerId'>,
  values: Partial<OnboardingRow>,
  now: Date,
) =>
  db
    .update(projectOnboarding)
    .set({ ...values, updatedAt: now })
    .where(ofProject(project));

/** The number's registrations asked for since then: how many, and the oldest one's time. */
export const attemptsSince = async (db: DbOrTx, phoneNumberId: string, since: Date) => {
  const [row] = await db
    .select({ used: count(), oldest: min(registrationAttempts.attemptedAt) })
    .from(registrationAttempts)
    .where(and(eq(registrationAttempts.phoneNumberId, phoneNumberId), gt(registrationAttempts.attemptedAt, since)));
  return { used: row?.used ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
};

export const insertAttempt = async (
  db: DbOrTx,
  a: { partnerId: string; projectId: string; phoneNumberId: string; at: Date },
) => {
  const id = newId();
  await db
    .insert(registrationAttempts)
    .values({ id, partnerId: a.partnerId, projectId: a.projectId, phoneNumberId: a.phoneNumberId, attemptedAt: a.at });
  return id;
};

export const settleAttempt = (
  db: DbOrTx,
  attempt: { id: string; partnerId: string },
  outcome: 'REGISTERED' | 'FAILED',
  errorCode: number | null,
) =>
  db
    .update(registrationAttempts)
    .set({ outcome, errorCode })
    .where(and(eq(registrationAttempts.partnerId, attempt.partnerId), eq(registrationAttempts.id, attempt.id)));

/** Every attempt of a number, oldest first (tests and the doctor's history). */
export const attemptsOf = (db: DbOrTx, phoneNumberId: string) =>
  db
    .select()
    .from(registrationAttempts)
    .where(eq(registrationAttempts.phoneNumberId, phoneNumberId))
    .orderBy(asc(registrationAttempts.attemptedAt));

/** Writes onboarding facts of a project, making its row when it has none. */
export const saveOnboarding = (
  db: DbOrTx,
  project: Pick<OnboardingProject, 'id' | 'partnerId'>,
  values: Partial<OnboardingRow>,
  now: Date,
) =>
  db
    .insert(projectOnboarding)
    .values({ projectId: project.id, partnerId: project.partnerId, ...values, updatedAt: now })
    .onConflictDoUpdate({
      target: [projectOnboarding.projectId, projectOnboarding.partnerId],
      set: { ...values, updatedAt: now },
    });

/**
 * A finished sign-up (the embedded sign-up, or a migration): the way the project came in, which the
 * wizard's steps send it back to, and no error left standing from before.
 */
export const recordSignUp = (
  db: DbOrTx,
  project: Pick<OnboardingProject, 'id' | 'partnerId'>,
  via: 'waba' | 'migration',
  now: Date,
  businessTokenSealed?: string,
) =>
  saveOnboarding(
    db,
    project,
    {
      process: via === 'waba' ? 'partner_embedded_signup' : 'partner_waba_migration',
      ...(businessTokenSealed ? { businessTokenSealed } : {}),
      errorCode: null,
      errorSubcode: null,
      errorMessage: null,
      errorTraceId: null,
      errorAt: null,
    },
    now,
  );
