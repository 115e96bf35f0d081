import { z } from 'zod';

/**
 * Renewals that run by themselves (server `modules/renewals`). Ours: the spec shows PLAN_RENEWED,
 * ADDON_RENEWAL and PARTNERSHIP_FEE rows and the renewal banner, not who writes them.
 */

/**
 * How many days after its renewal date a plan the central balance could not pay stays `unpaid`
 * (retried at every run) before it is stopped (status `stopped`, reactivated from Plan Setup).
 */
export const UNPAID_GRACE_DAYS = 7;

/** POST /superadmin/projects/:id/renew-plan: nothing to send; the period renewed is the project's. */
export const RenewPlanRequest = z.object({}).strict();
export type RenewPlanRequest = z.infer<typeof RenewPlanRequest>;
