import { z } from 'zod';
import { Currency } from '../currency.js';

/**
 * The cross-client risk board: GET /api/risk ranks the partner's projects by the revenue a problem
 * puts at risk. Each project shows its signals (the kinds below); revenue at risk is what the
 * project's clients paid over the last 30 days (the margin rollup), counted only for a project with
 * at least one signal. Money in 1/100000 of the partner's currency.
 */
export const riskKinds = [
  'account',
  'health',
  'quality',
  'credit',
  'failedRate',
  'messagingLimit',
  'templates',
  'onboarding',
] as const;
export const RiskKind = z.enum(riskKinds);
export type RiskKind = z.infer<typeof RiskKind>;

/**
 * The lines the rules draw (modules/risk/rule.ts), in one place so the page can say them. Where the
 * requirements give no figure these are ours: see docs/risk-board.md.
 */
export const riskRules = {
  /** Revenue at risk: the project's revenue over this many UTC days, today included. */
  revenueDays: 30,
  /** The failed-message rate: over this many UTC days, today included... */
  failedDays: 7,
  /** ...above this share of the messages sent, in per cent... */
  failedPercent: 5,
  /** ...once at least this many were sent (a handful of failures on a quiet project is noise). */
  failedMinSent: 100,
  /** The credit: its forecast runs it out within this many days. */
  creditDays: 3,
  /** Onboarding: not live, and nothing happened on it for longer than this. */
  stalledHours: 48,
  /** Templates paused, rejected or re-categorised, and a falling quality rating: this recent. */
  recentDays: 30,
  /** The messaging limit: the lowest tiers (this many a day or fewer)... */
  lowestTierLimit: 250,
  /** ...or a day of the failed-rate window that sent this share of the tier's limit, in per cent. */
  limitPercent: 80,
} as const;

/** 1 watch, 2 warning, 3 critical: how soon the partner should act. */
export const RiskSeverity = z.number().int().min(1).max(3);
export type RiskSeverity = 1 | 2 | 3;

export const QualityLevel = z.enum(['LOW', 'MEDIUM', 'HIGH']);
export type QualityLevel = z.infer<typeof QualityLevel>;

const at = z.iso.datetime();

export const RiskSignal = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('account'),
    severity: RiskSeverity,
    /** What Meta said on the account's webhooks: a ban, the app removed, the account deleted, a violation. */
    state: z.enum(['DISABLED', 'TO_BE_DISABLED', 'DISCONNECTED', 'DELETED', 'VIOLATION']),
    /** The violation's type, as Meta names it. */
    detail: z.string().nullable(),
    since: at.nullable(),
  }),
  z.object({
    kind: z.literal('health'),
    severity: RiskSeverity,
    state: z.enum(['LIMITED', 'BLOCKED']),
    /** Which of Meta's health checks said it: the phone number's or the WhatsApp Business Account's. */
    entity: z.enum(['number', 'account']),
    checkedAt: at.nullable(),
  }),
  z.object({
    kind: z.literal('quality'),
    severity: RiskSeverity,
    rating: QualityLevel,
    /** The rating before it changed; null when the console has not seen it change. */
    previous: QualityLevel.nullable(),
    changedAt: at.nullable(),
  }),
  z.object({
    kind: z.literal('credit'),
    severity: RiskSeverity,
    balance: z.number().int(),
    dailyBurn: z.number().int(),
    /** Days until the credit is spent at the forecast's rate, to one decimal; 0 when nothing is left. */
    daysToZero: z.number(),
    zeroOn: at,
  }),
  z.object({
    kind: z.literal('failedRate'),
    severity: RiskSeverity,
    failed: z.number().int(),
    sent: z.number().int(),
    /** Failed over sent, in per cent to one decimal. */
    percent: z.number(),
  }),
  z.object({
    kind: z.literal('messagingLimit'),
    severity: RiskSeverity,
    tier: z.string(),
    /** Messages a day the tier allows. */
    limit: z.number().int(),
    /** What the busiest UTC day of the failed-rate window sent, and that day (0 and null without traffic). */
    peak: z.number().int(),
    peakDay: z.string().nullable(),
    atLimit: z.boolean(),
    lowestTier: z.boolean(),
  }),
  z.object({
    kind: z.literal('templates'),
    severity: RiskSeverity,
    paused: z.number().int(),
    rejected: z.number().int(),
    recategorised: z.number().int(),
    /** The most recent of those changes. */
    latestAt: at,
  }),
  z.object({
    kind: z.literal('onboarding'),
    severity: RiskSeverity,
    /** The WhatsApp progress step it stopped at (9 is live). */
    step: z.number().int(),
    /** The last thing that happened on it: the onboarding's last call, or the project's creation. */
    since: at,
  }),
]);
export type RiskSignal = z.infer<typeof RiskSignal>;
export type RiskSignalOf<K extends RiskKind> = Extract<RiskSignal, { kind: K }>;

export const RiskRow = z.object({
  projectId: z.string(),
  projectName: z.string(),
  businessId: z.string(),
  businessName: z.string(),
  status: z.string(),
  revenueAtRisk: z.number().int(),
  /** The highest of its signals'. */
  severity: RiskSeverity,
  /** Most severe first. */
  signals: z.array(RiskSignal).min(1),
});
export type RiskRow = z.infer<typeof RiskRow>;

export const riskSorts = ['revenue', 'severity'] as const;
export const RiskSort = z.enum(riskSorts);
export type RiskSort = z.infer<typeof RiskSort>;

export const RISK_PAGE_SIZE = 15;

export const RiskQuery = z.object({
  /** Only projects with this signal. */
  kind: RiskKind.optional(),
  /** Only this business's projects (one of the partner's: another's is 404). */
  businessId: z.string().trim().min(1).max(64).optional(),
  /** revenue: revenue at risk, then severity; severity: severity, then revenue at risk. */
  sort: RiskSort.default('revenue'),
  skip: z.coerce.number().int().min(0).max(10_000_000).default(0),
  rowsPerPage: z.coerce.number().int().min(1).max(100).default(RISK_PAGE_SIZE),
});
export type RiskQuery = z.input<typeof RiskQuery>;

export const RiskResponse = z.object({
  currency: Currency,
  /** The instant the board was read at (its windows end there). */
  asOf: at,
  /** Projects with at least one signal (under the business filter, whatever the kind filter). */
  atRisk: z.number().int(),
  /** Their revenue at risk in all. */
  revenueAtRisk: z.number().int(),
  /** Projects with each kind of signal (under the business filter). */
  counts: z.object(Object.fromEntries(riskKinds.map((k) => [k, z.number().int()])) as Record<RiskKind, z.ZodNumber>),
  /** Rows matching the filters; `rows` is the asked page of them. */
  total: z.number().int(),
  rows: z.array(RiskRow),
});
export type RiskResponse = z.infer<typeof RiskResponse>;

/** The board's place in the page's URL (ARCHITECTURE rule 11); the page from 1. */
export const RiskUrl = z.object({
  kind: z.union([RiskKind, z.literal('')]).catch(''),
  business: z.string().max(64).catch(''),
  sort: RiskSort.catch('revenue'),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});
export type RiskUrl = z.infer<typeof RiskUrl>;
