import type { ProjectStatus } from './projects.js';

/**
 * What a partner may do with PUT /api/change-project-status (ours: the spec shows the call, and says
 * only that the super-admin moves freely among the statuses, doc 2 section 2.2). A status change must
 * not get round the money rules:
 * - `stopped` is Stop Billing (the stop is recorded; nothing is refunded);
 * - leaving `stopped` is Reactivate, which charges the plan: refused here, with a pointer to it;
 * - `unpaid`, `suspended` and `terminated` are the platform's (set for non-payment or by staff):
 *   a partner can neither set nor leave them;
 * - `archived` is Delete Project; `active` and `pending` are free to swap;
 * - leaving `archived` is the partner's restore of a deleted project, by the same rules: active or
 *   pending, or stopped when its billing was stopped; not while its business is deleted.
 */
export const partnerStatusTexts = {
  reactivateInstead:
    'Billing of this project is stopped. Reactivate it from Plan Setup to make it active again (the plan is charged).',
  platformStatus: 'Only the platform can set or clear this status.',
  businessDeleted: "This project's business is deleted: the project cannot be restored without it.",
} as const;

const platformStatuses: readonly ProjectStatus[] = ['unpaid', 'suspended', 'terminated'];
const partnerTargets: readonly ProjectStatus[] = ['active', 'pending', 'stopped', 'archived'];

/** Why a partner may not make this change, or null when it is allowed. */
export const partnerStatusRefusal = (
  current: { status: string; billingStopped: boolean },
  target: ProjectStatus,
): string | null => {
  if (platformStatuses.includes(current.status as ProjectStatus) || !partnerTargets.includes(target)) {
    return partnerStatusTexts.platformStatus;
  }
  if (current.billingStopped && target !== 'stopped' && target !== 'archived') {
    return partnerStatusTexts.reactivateInstead;
  }
  return null;
};

/** The statuses a partner's Change Status dialog offers (the current one included). */
export const partnerStatusChoices = (current: { status: string; billingStopped: boolean }): ProjectStatus[] =>
  partnerTargets.filter((s) => s === current.status || partnerStatusRefusal(current, s) === null);
