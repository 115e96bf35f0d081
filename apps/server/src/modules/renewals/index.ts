import type { FastifyPluginAsync } from 'fastify';
import type { Deps } from '../../deps.js';
import type { JobHandlers } from '../../platform/jobs/job.js';
import { renewalRoutes } from './routes.js';
import { resumeJobs } from './resume.js';
import { renewalsJobs } from './run.js';

export { ensureRenewalsScheduled, runRenewals, RENEWALS_JOB } from './run.js';
export { earliestAddonRenewal, periodAfter } from './periods.js';

/**
 * Renewals that run by themselves (docs/renewals.md). A job on the jobs table, every
 * RENEWALS_MINUTES (60), charges what is due from the partner's central balance:
 *
 * - Plans: a project whose planRenewalOn has come, on a plan that renews (contract `planPeriodOf`),
 *   billing not stopped, not deleted or terminated, not a trial. PLAN_RENEWED at the partner's price
 *   of `familyPlanOf(activePlan)` in the project's plan family and currency (the provider's price
 *   beside it); no price (no family, or a family without it) renews without a row. Periods follow each
 *   other: the next date is the old one plus a calendar month (or year), and a project several
 *   periods behind is charged one period per transaction until current.
 * - Short of money (postEntry's refusal: the central balance would go below zero, the floor of every
 *   console charge): the project turns `unpaid` (disabled date set) and stays due, tried again every
 *   run; paid later, it is active again. UNPAID_GRACE_DAYS (7) after its renewal date it is stopped.
 * - Add-ons: an ACTIVE add-on whose renewalOn has come, ADDON_RENEWAL at the partner's current price
 *   of its plan (as activation prices it); short of money it is PAUSED. `addon_renewal_on` (the
 *   earliest date of the active ones) finds them by index.
 * - Partnership fees: a partner with a fee whose partnershipRenewalOn is today (UTC) or past:
 *   PARTNERSHIP_FEE, and the date moves a year on; short, nothing moves and the banner says overdue.
 * - Never twice for one period: each charge carries a ledger idempotency key naming the period
 *   (`renewal:plan:{projectId}:{periodStart}`, `renewal:addon:{projectId}:{name}:{periodStart}`,
 *   `renewal:partnership:{partnerId}:{date}`; billing_logs is unique on it per partner), and the charge
 *   and the date move are one transaction under the project's row lock (then the partner's: docs/ledger.md,
 *   "Lock order"), re-checked under it. Two processes, a run repeated or killed half-way charge each
 *   period once.
 * - The super-admin's Renew plan (POST /superadmin/projects/:id/renew-plan) charges the period the
 *   job would charge next, under the same key, and moves the date on early; audited.
 */
export const renewalsModule = (deps: Deps): { routes: FastifyPluginAsync; jobHandlers: JobHandlers } => ({
  routes: async (app) => {
    await app.register(renewalRoutes(deps));
  },
  jobHandlers: { ...renewalsJobs(deps), ...resumeJobs(deps) },
});
