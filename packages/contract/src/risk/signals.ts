import { formatCount, formatPercent, formatShortDate } from '../format.js';
import { qualityRatingDisplay } from '../projects.js';
import { riskRules, type QualityLevel, type RiskKind, type RiskSignal } from './calls.js';

export const riskTexts = {
  title: 'Risk board',
  kinds: {
    account: 'WhatsApp account',
    health: 'Health',
    quality: 'Quality rating',
    credit: 'Credit',
    failedRate: 'Failed messages',
    messagingLimit: 'Messaging limit',
    templates: 'Templates',
    onboarding: 'Onboarding',
  } satisfies Record<RiskKind, string>,
  signal: 'Signal',
  allSignals: 'All signals',
  business: 'Business',
  allBusinesses: 'All businesses',
  sortBy: 'Sort by',
  sorts: { revenue: 'Revenue at risk', severity: 'Severity' },
  project: 'Project',
  signals: 'Signals',
  revenueAtRisk: 'Revenue at risk',
  atRisk: 'Projects at risk',
  severities: { 1: 'Watch', 2: 'Warning', 3: 'Critical' } as Record<number, string>,
  revenueNote: `What their clients paid in the last ${riskRules.revenueDays} days`,
  empty: 'No project shows a risk signal.',
  emptyKind: 'No project shows this signal.',
  loadFailed: 'Unable to load the risk board',
} as const;

/**
 * A quality rating as a level. The spec's words by its display rule (Low or FLAGGED is LOW;
 * UNFLAGGED, Medium or RESTRICTED is MEDIUM); Meta's Graph API answers colours, which that rule
 * would all read as HIGH: RED is LOW and YELLOW MEDIUM here. Null: not rated (UNKNOWN, none).
 */
export const riskQualityLevel = (rating: string | null | undefined): QualityLevel | null => {
  const word = rating?.trim().toUpperCase() ?? '';
  if (word === '' || word === 'UNKNOWN' || word === 'NA') return null;
  if (word === 'RED' || word === 'LOW') return 'LOW';
  if (word === 'YELLOW' || word === 'MEDIUM') return 'MEDIUM';
  return qualityRatingDisplay(rating);
};

const plural = (n: number, one: string, many = `${one}s`) => `${formatCount(n)} ${n === 1 ? one : many}`;
const MS_PER_DAY = 86_400_000;
/** Whole days between two instants, at least 1 ("for 1 day" rather than "for 0 days"). */
const daysBetween = (from: string, to: Date) => Math.max(1, Math.floor((to.getTime() - Date.parse(from)) / MS_PER_DAY));

/** A UTC day (YYYY-MM-DD) at its noon: the same calendar day in every time zone people work in. */
const day = (d: string) => `${d}T12:00:00Z`;

/** What a chip says: the signal and its figures, e.g. "Quality LOW (was MEDIUM)". */
export const riskSignalText = (s: RiskSignal, now = new Date()): string => {
  switch (s.kind) {
    case 'account':
      return {
        DISABLED: 'Account disabled by Meta',
        TO_BE_DISABLED: 'Account to be disabled by Meta',
        DISCONNECTED: 'Disconnected from Meta',
        DELETED: 'Account deleted by Meta',
        VIOLATION: `Policy violation${s.detail ? ` (${s.detail})` : ''}`,
      }[s.state];
    case 'health':
      return `Health ${s.state} (${s.entity === 'number' ? 'phone number' : 'account'})`;
    case 'quality':
      return s.previous ? `Quality ${s.rating} (was ${s.previous})` : `Quality ${s.rating}`;
    case 'credit':
      // Spent in the last days and nothing left: its conversations now fall on the central balance.
      if (s.balance <= 0) return 'Credit ran out';
      if (s.daysToZero < 1) return `Credit runs out within a day (${formatShortDate(s.zeroOn)})`;
      return `Credit runs out in ${plural(Math.floor(s.daysToZero), 'day')} (${formatShortDate(s.zeroOn)})`;
    case 'failedRate':
      return `Failed ${formatPercent(s.percent)} of ${formatCount(s.sent)} sent in ${riskRules.failedDays} days`;
    case 'messagingLimit':
      return s.atLimit && s.peakDay
        ? `Messaging limit: ${formatCount(s.peak)} of ${formatCount(s.limit)} a day sent (${formatShortDate(day(s.peakDay))})`
        : `Messaging limit ${formatCount(s.limit)} a day (lowest tier)`;
    case 'templates': {
      const parts = [
        s.paused > 0 && `${formatCount(s.paused)} paused`,
        s.rejected > 0 && `${formatCount(s.rejected)} rejected`,
        s.recategorised > 0 && `${formatCount(s.recategorised)} re-categorised`,
      ].filter(Boolean);
      return `Templates: ${parts.join(', ')}`;
    }
    case 'onboarding': {
      const days = plural(daysBetween(s.since, now), 'day');
      return s.step === 0 ? `Onboarding not started for ${days}` : `Onboarding stalled at step ${s.step} for ${days}`;
    }
  }
};

/** The project page's tab where each kind of signal is fixed (its `?tab=` slug). */
const fixedOn: Record<RiskKind, string> = {
  // The header says what Meta said; Setup has the WABA link to connect again.
  account: 'setup',
  // The troubleshooting wizard's health checks.
  health: 'setup',
  // What the project sends is what users rate: its templates.
  quality: 'templates',
  // Plan Setup's credits section adds credit.
  credit: 'plan-setup',
  // The project's analytics show sent, delivered, read and failed by day.
  failedRate: 'analytics',
  // KYC (business verification) raises the limit: the Setup tab, where it shows for a limit of 250 or less.
  messagingLimit: 'setup',
  templates: 'templates',
  // The troubleshooting wizard and the sign-up links.
  onboarding: 'setup',
};

/** Where a signal is fixed: the project page's tab for its kind. */
export const riskSignalLink = (projectId: string, kind: RiskKind): string =>
  `/assistants/${encodeURIComponent(projectId)}?tab=${fixedOn[kind]}`;
