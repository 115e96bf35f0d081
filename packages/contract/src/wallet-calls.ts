import { z } from 'zod';

/**
 * The wallet: each balance's burn and when it runs out, the partner's own warning levels, and the
 * campaign pre-flight. Money in 1/100000 of the partner's currency.
 */
export const WALLET_PAGE_SIZE = 15;
/** A campaign pre-flight has at most this many lines (country and category) and recipients a line. */
export const ESTIMATE_MAX_LINES = 50;
export const ESTIMATE_MAX_RECIPIENTS = 10_000_000;

export const walletTexts = {
  title: 'Wallet',
  central: 'Central balance',
  credits: 'Project credits',
  balance: 'Balance',
  burn7: 'Burn (7 days)',
  burn30: 'Burn (30 days)',
  perDay: 'a day',
  daysToZero: 'Days to zero',
  runsOutOn: 'Runs out on',
  never: 'Not at this burn',
  now: 'Now',
  ranOut: 'Ran out',
  suspensionOn: 'Suspension banner on',
  lowBalanceOn: 'Low balance banner on',
  noMinimum: 'No minimum balance',
  warnAt: 'Warn me at',
  noWarning: 'No warning level',
  setWarning: 'Set warning',
  editWarning: 'Edit warning',
  removeWarning: 'Remove warning',
  warningSaved: 'Warning level saved',
  warningRemoved: 'Warning level removed',
  warningKind: { AMOUNT: 'Balance below', DAYS: 'Days left below' },
  valueRequired: 'Enter a value above 0',
  daysTooMany: 'At most 365 days',
  crossed: 'Below your warning level',
  loadFailed: 'Unable to load the wallet',
  saveFailed: 'Unable to save the warning level',
  empty: 'No project credits yet.',
  explainRates:
    'Burn is the average spend a day over the whole days before today; days to zero use the higher of the two rates.',
  estimate: 'Estimate campaign',
  estimateTitle: 'Estimate a campaign',
  country: 'Country',
  category: 'Category',
  recipients: 'Recipients',
  addLine: 'Add line',
  removeLine: 'Remove line',
  price: 'Price',
  amount: 'Cost',
  total: 'Total',
  fromCredit: 'From project credit',
  fromCentral: 'From central balance',
  uncovered: 'Not covered',
  covered: 'Covered',
  notCovered: 'Not covered: recharge or add credit first',
  estimateFailed: 'Unable to estimate the campaign',
  noPrices: 'This project has no conversation prices: choose a WCC plan first.',
  noPrice: (country: string, category: string) => `The project's plan has no ${category} price for ${country}.`,
  tooManyLines: `At most ${ESTIMATE_MAX_LINES} lines`,
  freeNote: 'Service messages are free.',
} as const;

export const WalletForecast = z.object({
  balance: z.number().int(),
  burn7: z.number().int(),
  burn30: z.number().int(),
  dailyBurn: z.number().int(),
  /** Days until spent at the higher rate, to a tenth; 0 when nothing is left; null: not at this burn. */
  daysToZero: z.number().nullable(),
  zeroOn: z.string().nullable(),
});
export type WalletForecast = z.infer<typeof WalletForecast>;

export const ThresholdKind = z.enum(['AMOUNT', 'DAYS']);
export type ThresholdKind = z.infer<typeof ThresholdKind>;

export const WalletThreshold = z.object({
  id: z.string(),
  kind: ThresholdKind,
  /** 1/100000 of the currency (AMOUNT) or whole days (DAYS). */
  value: z.number().int(),
  /** When the balance went below it (its mail sent); null while above. */
  crossedAt: z.string().nullable(),
});
export type WalletThreshold = z.infer<typeof WalletThreshold>;

export const CentralWallet = WalletForecast.extend({
  minAllowedBalance: z.number().int(),
  /** When the suspended banner appears (the balance below the minimum allowed); null: not at this burn. */
  suspensionOn: z.string().nullable(),
  /** When the low balance banner appears (doc 1: under 3000 INR / 48 USD). */
  lowBalanceOn: z.string().nullable(),
  threshold: WalletThreshold.nullable(),
});
export type CentralWallet = z.infer<typeof CentralWallet>;

export const ProjectWallet = WalletForecast.extend({
  projectId: z.string(),
  projectName: z.string(),
  businessName: z.string(),
  threshold: WalletThreshold.nullable(),
});
export type ProjectWallet = z.infer<typeof ProjectWallet>;

export const WalletQuery = z.object({
  skip: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(WALLET_PAGE_SIZE),
  /** Only the project credits below their warning level. */
  crossed: z.enum(['true', 'false']).default('false'),
});
export type WalletQuery = z.input<typeof WalletQuery>;

export const WalletResponse = z.object({
  currency: z.enum(['INR', 'USD']),
  central: CentralWallet,
  /** Soonest to run out first; those that never run out at this burn last, by name. */
  projects: z.array(ProjectWallet),
  total: z.number().int(),
});
export type WalletResponse = z.infer<typeof WalletResponse>;

/** A warning level: money in 1/100000 of the currency, or whole days (1 to 365). */
export const SetThresholdRequest = z
  .object({ kind: ThresholdKind, value: z.number().int().positive(walletTexts.valueRequired) })
  .strict()
  .refine((t) => t.kind !== 'DAYS' || t.value <= 365, { message: walletTexts.daysTooMany, path: ['value'] });
export type SetThresholdRequest = z.infer<typeof SetThresholdRequest>;

export const ThresholdResponse = z.object({ message: z.string(), threshold: WalletThreshold.nullable() });

export const WalletProjectParams = z.object({ projectId: z.string().min(1).max(100) });

export const estimateCategories = ['marketing', 'utility', 'authentication', 'service'] as const;

export const EstimateLine = z.object({
  country: z.string().regex(/^[A-Z]{2}$/, 'Country is a two-letter code.'),
  category: z.enum(estimateCategories),
  recipients: z.number().int().min(1).max(ESTIMATE_MAX_RECIPIENTS),
});
export type EstimateLine = z.infer<typeof EstimateLine>;

export const EstimateRequest = z
  .object({ lines: z.array(EstimateLine).min(1).max(ESTIMATE_MAX_LINES, walletTexts.tooManyLines) })
  .strict();
export type EstimateRequest = z.infer<typeof EstimateRequest>;

export const EstimateResponse = z.object({
  currency: z.enum(['INR', 'USD']),
  lines: z.array(EstimateLine.extend({ price: z.number().int(), amount: z.number().int() })),
  total: z.number().int(),
  credit: z.number().int(),
  centralBalance: z.number().int(),
  /** How charging would pay it, conversation by conversation: the credit when it covers the whole price, else the central balance. */
  fromCredit: z.number().int(),
  fromCentral: z.number().int(),
  /** What neither would cover (those conversations would be left unbilled). */
  uncovered: z.number().int(),
  covered: z.boolean(),
});
export type EstimateResponse = z.infer<typeof EstimateResponse>;

/** A crossed warning level, for the shell's banner (get-profile carries them). */
export const WalletWarning = z.object({
  balance: z.enum(['CENTRAL', 'WCC']),
  projectName: z.string().nullable(),
  kind: ThresholdKind,
  value: z.number().int(),
});
export type WalletWarning = z.infer<typeof WalletWarning>;
