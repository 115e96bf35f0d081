import { and, asc, eq, lte } from 'drizzle-orm';
import type { Deps } from '../../deps.js';
import type { DbOrTx } from '../../platform/db/open.js';
import { projects } from '../../platform/db/schema.js';
import type { JobHandlers } from '../../platform/jobs/job.js';
import { renewPartnership, utcDay } from './partnership.js';
import { renewPlan } from './plan-renewals.js';
import { RESUME_JOB } from './resume-queue.js';

/** The partner's unpaid projects whose plan is due, by id (a partner has few). */
const unpaidProjects = (db: DbOrTx, partnerId: string, now: Date) =>
  db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.partnerId, partnerId), eq(projects.status, 'unpaid'), lte(projects.planRenewalOn, now)))
    .orderBy(asc(projects.id));

/**
 * Pays what waits, as the hourly renewals run would (the same steps, locks and ledger keys, so the
 * two never charge a period twice): each unpaid project's due periods (paid, it is active again),
 * then the overdue partnership fee.
 */
export const resumePartner = async (deps: Deps, partnerId: string) => {
  const now = deps.now();
  let resumed = 0;
  for (const p of await unpaidProjects(deps.db, partnerId, now))
    if ((await renewPlan(deps, p.id, now)).includes('renewed')) resumed += 1;
  await renewPartnership(deps, partnerId, now);
  return { resumed, today: utcDay(now) };
};

export const resumeJobs = (deps: Deps): JobHandlers => ({
  [RESUME_JOB]: async (job) => {
    await resumePartner(deps, String(job.payload.partnerId));
  },
});
