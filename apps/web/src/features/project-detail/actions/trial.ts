import { TRIAL_DAYS, type ProjectDetail } from '@pc/contract';

const DAY_MS = 86_400_000;

type TrialDates = Pick<ProjectDetail, 'isTrial' | 'isApiTrial' | 'planActivatedOn' | 'planRenewalOn' | 'createdAt'>;

/**
 * A trial project's end (doc 3 section 9: a trial is 7 days, renewal minus activation): its renewal
 * date, which the server sets 7 days after the trial starts; for a trial without one (made before
 * the server kept it), 7 days after its activation, else after its creation. Null when the project
 * is not on a trial, whose renewal date is then what the plan renews on.
 */
export const trialEndOf = (p: TrialDates): string | null => {
  if (!p.isTrial && !p.isApiTrial) return null;
  if (p.planRenewalOn) return p.planRenewalOn;
  const start = Date.parse(p.planActivatedOn ?? p.createdAt);
  return Number.isNaN(start) ? null : new Date(start + TRIAL_DAYS * DAY_MS).toISOString();
};
