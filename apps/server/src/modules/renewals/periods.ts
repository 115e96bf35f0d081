import type { ProjectAddonState } from '../../platform/db/schema/projects.js';

/** How long a renewal period is: a plan's from its name (contract `planPeriodOf`), an add-on's from its plan. */
export type RenewalPeriod = 'MONTHLY' | 'YEARLY';

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month + 1, 0)).getUTCDate();

/**
 * The end of a period that starts at `from`: one calendar month (or year) later in UTC, at the same
 * time of day. A day the shorter month lacks becomes its last day (31 January + 1 month = 28 or 29
 * February; 29 February + 1 year = 28 February); periods follow each other, so the next one starts there.
 */
export const periodAfter = (from: Date, period: RenewalPeriod): Date => {
  const months = period === 'YEARLY' ? 12 : 1;
  const total = from.getUTCMonth() + months;
  const year = from.getUTCFullYear() + Math.floor(total / 12);
  const month = total % 12;
  const day = Math.min(from.getUTCDate(), daysInMonth(year, month));
  return new Date(
    Date.UTC(
      year,
      month,
      day,
      from.getUTCHours(),
      from.getUTCMinutes(),
      from.getUTCSeconds(),
      from.getUTCMilliseconds(),
    ),
  );
};

/** The partnership's next renewal date (a calendar date, YYYY-MM-DD): one year on. */
export const partnershipDateAfter = (date: string): string =>
  periodAfter(new Date(`${date.slice(0, 10)}T00:00:00.000Z`), 'YEARLY')
    .toISOString()
    .slice(0, 10);

/** An add-on renews on the plan the project bought it on: Yearly, else Monthly. */
export const addonPeriodOf = (state: Pick<ProjectAddonState, 'partnerPlans'>): RenewalPeriod =>
  state.partnerPlans?.plan === 'Yearly' ? 'YEARLY' : 'MONTHLY';

/**
 * `projects.addon_renewal_on`: the earliest `renewalOn` of the project's ACTIVE add-ons, or null, so
 * the renewals job finds a project with an add-on due by its index. Whoever writes a project's add-ons
 * writes this beside them, in the same statement.
 */
export const earliestAddonRenewal = (addons: Record<string, ProjectAddonState>): Date | null => {
  let earliest: number | null = null;
  for (const state of Object.values(addons)) {
    if (state.status !== 'ACTIVE' || !state.renewalOn) continue;
    const at = Date.parse(state.renewalOn);
    if (Number.isFinite(at) && (earliest === null || at < earliest)) earliest = at;
  }
  return earliest === null ? null : new Date(earliest);
};
