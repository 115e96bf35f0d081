import {
  messagingLimitOf,
  ONBOARDING_DONE_STEP,
  riskQualityLevel,
  riskRules as r,
  type MetaAccountState,
  type QualityLevel,
  type RiskSeverity,
  type RiskSignal,
  type RiskSignalOf,
} from '@pc/contract';

/**
 * The risk board's rule: what makes a signal, and how severe it is. Pure: the facts come from the
 * rollups and the project's own columns (queries.ts), the clock is given, so every line is tested
 * at its boundary (rule.test.ts). The lines themselves are the contract's `riskRules`; docs/risk-board.md says why each is where it is.
 *
 * Severity: 3 (critical) stops or is about to stop the client's messages or money (health BLOCKED,
 * quality LOW, credit running out); 2 (warning) hurts it now (health LIMITED, quality falling,
 * failures above the line, a day at the messaging limit, a paused template); 1 (watch) is a brake
 * on growth (the lowest messaging tiers, rejected or re-categorised templates, stalled onboarding).
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export type ProjectState = {
  status: string;
  live: boolean;
  step: number;
  qualityRating: string | null;
  qualityRatingPrevious: string | null;
  qualityRatingChangedAt: Date | null;
  messagingLimit: string | null;
  createdAt: Date;
  /** The onboarding row's last change (its calls, a sign-up); null without one. */
  onboardingAt: Date | null;
  wabaBanState: string | null;
  wabaBanDate: Date | null;
  wabaDeleted: boolean;
  /** What Meta last said on the account's webhooks (modules/account-events). */
  metaAccount: MetaAccountState;
  numberHealth: string | null;
  numberCheckedAt: string | null;
  accountHealth: string | null;
  accountCheckedAt: string | null;
};
export type Traffic = { sent: number; failed: number; peak: number; peakDay: string | null };
export type TemplateCounts = { paused: number; rejected: number; recategorised: number; latestAt: Date };
export type CreditForecast = {
  balance: number;
  burn7: number;
  dailyBurn: number;
  daysToZero: number | null;
  zeroOn: string | null;
};

export type RiskFacts = {
  project: ProjectState;
  /** Sent and failed over the failed-rate window (analytics_days). */
  traffic?: Traffic;
  /** Paused, rejected and re-categorised templates of the recent window. */
  templates?: TemplateCounts;
  /** The project credit's forecast (modules/wallet). */
  credit?: CreditForecast;
};

const level: Record<QualityLevel, number> = { LOW: 0, MEDIUM: 1, HIGH: 2 };

/**
 * What Meta said on the account's webhooks that stops the client's messages (a ban, the app removed,
 * the account deleted: 3) or warns of it (a policy violation in the recent window: 2).
 */
export const accountSignal = (p: ProjectState, now: Date): RiskSignalOf<'account'> | null => {
  const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);
  const connection = p.metaAccount.connection;
  if (p.wabaDeleted || connection?.event === 'ACCOUNT_DELETED')
    return { kind: 'account', severity: 3, state: 'DELETED', detail: null, since: iso(connection?.at) };
  if (p.wabaBanState === 'DISABLE')
    return { kind: 'account', severity: 3, state: 'DISABLED', detail: null, since: iso(p.wabaBanDate) };
  if (connection && ['PARTNER_APP_UNINSTALLED', 'PARTNER_REMOVED', 'ACCOUNT_OFFBOARDED'].includes(connection.event))
    return { kind: 'account', severity: 3, state: 'DISCONNECTED', detail: null, since: iso(connection.at) };
  if (p.wabaBanState === 'SCHEDULE_FOR_DISABLE')
    return { kind: 'account', severity: 3, state: 'TO_BE_DISABLED', detail: null, since: iso(p.wabaBanDate) };
  const v = p.metaAccount.violation;
  if (v && now.getTime() - Date.parse(v.at) <= r.recentDays * DAY_MS)
    return { kind: 'account', severity: 2, state: 'VIOLATION', detail: v.type, since: v.at };
  return null;
};

export const healthSignal = (p: ProjectState): RiskSignalOf<'health'> | null => {
  const seen = [
    { entity: 'number' as const, state: p.numberHealth, checkedAt: p.numberCheckedAt },
    { entity: 'account' as const, state: p.accountHealth, checkedAt: p.accountCheckedAt },
  ];
  const worst = seen.find((s) => s.state === 'BLOCKED') ?? seen.find((s) => s.state === 'LIMITED');
  if (!worst) return null;
  const state = worst.state as 'LIMITED' | 'BLOCKED';
  return {
    kind: 'health',
    severity: state === 'BLOCKED' ? 3 : 2,
    state,
    entity: worst.entity,
    checkedAt: worst.checkedAt,
  };
};

/** LOW whenever it is; falling when its last change (in the recent window) took it down a level. */
export const qualitySignal = (p: ProjectState, now: Date): RiskSignalOf<'quality'> | null => {
  const rating = riskQualityLevel(p.qualityRating);
  if (!rating) return null;
  const before = riskQualityLevel(p.qualityRatingPrevious);
  const previous = before && before !== rating ? before : null;
  const changedAt = p.qualityRatingChangedAt?.toISOString() ?? null;
  if (rating === 'LOW') return { kind: 'quality', severity: 3, rating, previous, changedAt };
  const recent =
    p.qualityRatingChangedAt && now.getTime() - p.qualityRatingChangedAt.getTime() <= r.recentDays * DAY_MS;
  if (previous && recent && level[rating] < level[previous])
    return { kind: 'quality', severity: 2, rating, previous, changedAt };
  return null;
};

/**
 * A credit that is being spent (something in the last 7 days: a project whose billing stopped, or
 * that stopped sending, puts nothing at risk) and runs out within `creditDays`, or has run out.
 */
export const creditSignal = (c: CreditForecast | undefined, now: Date): RiskSignalOf<'credit'> | null => {
  if (!c || c.burn7 <= 0 || c.zeroOn === null || c.daysToZero === null) return null;
  if (Date.parse(c.zeroOn) - now.getTime() > r.creditDays * DAY_MS) return null;
  return {
    kind: 'credit',
    severity: 3,
    balance: c.balance,
    dailyBurn: c.dailyBurn,
    daysToZero: c.daysToZero,
    zeroOn: c.zeroOn,
  };
};

export const failedRateSignal = (t: Traffic | undefined): RiskSignalOf<'failedRate'> | null => {
  if (!t || t.sent < r.failedMinSent) return null;
  // Compared in whole numbers: failed / sent > percent / 100, without a float at the line.
  if (t.failed * 100 <= r.failedPercent * t.sent) return null;
  return {
    kind: 'failedRate',
    severity: 2,
    failed: t.failed,
    sent: t.sent,
    percent: Math.round((t.failed / t.sent) * 1000) / 10,
  };
};

/** A live number on the lowest tiers, or whose busiest recent day reached most of its tier's limit. */
export const messagingLimitSignal = (
  p: ProjectState,
  t: Traffic | undefined,
): RiskSignalOf<'messagingLimit'> | null => {
  const limit = messagingLimitOf(p.messagingLimit);
  if (!p.live || limit === null || !Number.isFinite(limit)) return null;
  const peak = t?.peak ?? 0;
  const atLimit = peak * 100 >= r.limitPercent * limit;
  const lowestTier = limit <= r.lowestTierLimit;
  if (!atLimit && !lowestTier) return null;
  return {
    kind: 'messagingLimit',
    severity: atLimit ? 2 : 1,
    tier: p.messagingLimit!,
    limit,
    peak,
    peakDay: t?.peakDay ?? null,
    atLimit,
    lowestTier,
  };
};

export const templatesSignal = (t: TemplateCounts | undefined): RiskSignalOf<'templates'> | null => {
  if (!t || t.paused + t.rejected + t.recategorised === 0) return null;
  return {
    kind: 'templates',
    severity: t.paused > 0 ? 2 : 1,
    paused: t.paused,
    rejected: t.rejected,
    recategorised: t.recategorised,
    latestAt: t.latestAt.toISOString(),
  };
};

/**
 * An active project not yet live on WhatsApp whose onboarding saw nothing (no call, no sign-up)
 * for more than `stalledHours`, counted from its creation when it never started. A pending
 * project is one the partner parked: not stalled.
 */
export const onboardingSignal = (p: ProjectState, now: Date): RiskSignalOf<'onboarding'> | null => {
  if (p.status !== 'active' || (p.live && p.step >= ONBOARDING_DONE_STEP)) return null;
  const since = p.onboardingAt && p.onboardingAt > p.createdAt ? p.onboardingAt : p.createdAt;
  if (now.getTime() - since.getTime() <= r.stalledHours * HOUR_MS) return null;
  return { kind: 'onboarding', severity: 1, step: p.step, since: since.toISOString() };
};

/** Every signal of one project, most severe first (the order of the kinds breaks ties). */
export const signalsOf = (f: RiskFacts, now: Date): RiskSignal[] =>
  [
    accountSignal(f.project, now),
    healthSignal(f.project),
    qualitySignal(f.project, now),
    creditSignal(f.credit, now),
    failedRateSignal(f.traffic),
    messagingLimitSignal(f.project, f.traffic),
    templatesSignal(f.templates),
    onboardingSignal(f.project, now),
  ]
    .filter((s): s is RiskSignal => s !== null)
    .sort((a, b) => b.severity - a.severity);

export const severityOf = (signals: RiskSignal[]): RiskSeverity =>
  Math.max(...signals.map((s) => s.severity)) as RiskSeverity;
