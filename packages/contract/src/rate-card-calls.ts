import { z } from 'zod';
import { Currency } from './currency.js';
import type { WccChargeType } from './pricing.js';

/**
 * Rate cards with dates: the super-admin loads the provider's new conversation prices (a CSV of
 * country, category, price) with a future effective instant; until then every partner sees what it
 * would do to each WCC family and chooses to KEEP its prices (the margin takes the change) or PASS
 * the change through (the margin stays, the default). At the instant the catalogue and every family
 * move, and charging prices each conversation by the card in force at its start. Money in 1/100000
 * of the card's currency.
 */

/** A category of the CSV and the charge type it prices (the two initiator charges under their long names). */
export const rateCardCategoryCharge = {
  marketing: 'mc',
  utility: 'uc',
  authentication: 'ac',
  service: 'sc',
  business_initiated: 'bic',
  user_initiated: 'uic',
} as const satisfies Record<string, WccChargeType>;
export type RateCardCategory = keyof typeof rateCardCategoryCharge;
export const rateCardCategories = Object.keys(rateCardCategoryCharge) as RateCardCategory[];
export const RateCardCategory = z.enum(rateCardCategories as [RateCardCategory, ...RateCardCategory[]]);
/** The category a charge type is written as in a card's rows. */
export const categoryOfCharge = Object.fromEntries(
  Object.entries(rateCardCategoryCharge).map(([category, charge]) => [charge, category]),
) as Record<WccChargeType, RateCardCategory>;

export const RateCardStatus = z.enum(['SCHEDULED', 'APPLIED', 'CANCELLED']);
export type RateCardStatus = z.infer<typeof RateCardStatus>;
export const RateCardChoice = z.enum(['KEEP', 'PASS']);
export type RateCardChoice = z.infer<typeof RateCardChoice>;

/** A file of at most this many characters, and lines after its header. */
export const RATE_CARD_MAX_CHARS = 512 * 1024;
export const RATE_CARD_MAX_LINES = 5000;
/** A card's price: at most 10,000,000 in currency units (the catalogue's bound). */
export const RATE_CARD_MAX_PRICE = 1_000_000_000_000;
/** Days of conversations the simulation measures each family's volume over. */
export const RATE_CARD_VOLUME_DAYS = 30;

export const rateCardTexts = {
  title: 'Rate Cards',
  partnerTitle: 'Rate cards',
  intro:
    'New provider prices with the instant they take effect. Until then every partner sees what the card does to each WCC family and chooses to keep its prices or pass the change through.',
  partnerIntro:
    'The provider changes its conversation prices. Before the new card takes effect, choose for each WCC family: keep your prices (your margin takes the change) or pass the change through (your margin stays). Not chosen: passed through.',
  load: 'Load rate card',
  loaded: 'Rate card loaded: it takes effect at its instant.',
  cancelled: 'Rate card cancelled.',
  cancel: 'Cancel card',
  cancelConfirm: 'Cancel this rate card? Partners’ choices for it are kept but it will never apply.',
  choiceSaved: 'Choice saved.',
  keep: 'Keep prices',
  pass: 'Pass through',
  // The CSV, line by line (line 1 is the header).
  header: 'The first line must be the header country,category,price.',
  noRows: 'The file has no prices: one line per country and category after the header.',
  tooManyLines: 'The file has more than 5,000 lines of prices.',
  tooLong: 'The file is too large (at most 512 KB).',
  chooseFile: 'Choose a CSV file.',
  cells: (found: number) => `expected 3 values (country, category, price), found ${found}`,
  country: (value: string) => `"${value}" is not a country (a two-letter code such as IN, or default)`,
  category: (value: string) =>
    `"${value}" is not a category (marketing, utility, authentication, service, business_initiated, user_initiated)`,
  price: (value: string) => `"${value}" is not a price (an amount such as 0.8473)`,
  negative: (value: string) => `the price ${value} is negative`,
  decimals: (value: string) => `the price ${value} has more than 5 decimals`,
  tooHigh: (value: string) => `the price ${value} is above 10,000,000`,
  duplicate: (country: string, category: string, first: number) =>
    `${country} ${category} is already priced on line ${first}`,
  notInCatalogue: (country: string, category: string) =>
    `the provider catalogue has no ${country} ${category} price (a card changes prices the catalogue has: add a market in Provider Catalogue)`,
  line: (n: number, problem: string) => `Line ${n}: ${problem}`,
  linesToFix: (first: string, more: number) =>
    more > 0 ? `${first} (and ${more} more line${more === 1 ? '' : 's'} to fix)` : first,
  pastInstant: 'The effective date must be in the future.',
  oneScheduled: (currency: string, effectiveAt: string) =>
    `A ${currency} rate card is already scheduled (effective ${effectiveAt}): cancel it before loading another.`,
  notScheduled: 'This rate card is no longer scheduled.',
  inForce: 'This rate card is in force already: it can no longer be cancelled or answered.',
  notFound: 'Rate card not found.',
  familyNotFound: 'WCC family not found.',
  loadFailed: 'Unable to load rate cards',
  saveFailed: 'Unable to save the choice',
} as const;

// ---- The super-admin's calls ----

export const LoadRateCardRequest = z.object({
  currency: Currency,
  /** The instant the card takes effect, in the future (an ISO date-time with its offset). */
  effectiveAt: z.iso.datetime({ offset: true, error: 'Enter the date and time it takes effect.' }),
  fileName: z.string().trim().min(1, rateCardTexts.chooseFile).max(200),
  /** The CSV's text: country,category,price. */
  csv: z.string().min(1, rateCardTexts.chooseFile).max(RATE_CARD_MAX_CHARS, rateCardTexts.tooLong),
});
export type LoadRateCardRequest = z.infer<typeof LoadRateCardRequest>;

export const RateCardSummary = z.object({
  _id: z.string(),
  currency: Currency,
  effectiveAt: z.string(),
  status: RateCardStatus,
  fileName: z.string(),
  /** Prices the card sets (country and category pairs). */
  rowCount: z.number().int(),
  createdBy: z.string(),
  createdAt: z.string(),
  appliedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
});
export type RateCardSummary = z.infer<typeof RateCardSummary>;

export const RateCardsQuery = z.object({
  skip: z.coerce.number().int().min(0).max(1_000_000).default(0),
  rowsPerPage: z.coerce.number().int().min(1).max(100).default(25),
});
export type RateCardsQuery = z.input<typeof RateCardsQuery>;
export const RateCardsResponse = z.object({ rateCards: z.array(RateCardSummary), total: z.number().int() });
export type RateCardsResponse = z.infer<typeof RateCardsResponse>;

/** One price of a card beside the catalogue's price now (null: the catalogue has none). */
export const RateCardRow = z.object({
  country: z.string(),
  category: RateCardCategory,
  current: z.number().int().nullable(),
  price: z.number().int(),
  /** price − current; null without a current price. */
  change: z.number().int().nullable(),
});
export type RateCardRow = z.infer<typeof RateCardRow>;
export const RateCardDetail = z.object({ rateCard: RateCardSummary, rows: z.array(RateCardRow) });
export type RateCardDetail = z.infer<typeof RateCardDetail>;
export const RateCardAnswer = z.object({ message: z.string(), rateCard: RateCardSummary });
export type RateCardAnswer = z.infer<typeof RateCardAnswer>;
export const RateCardIdParams = z.object({ id: z.string().min(1).max(100) });

// ---- The partner's calls ----

/** One price the card changes in a family, with the family's volume of it and its prices each way. */
export const RateCardEffectRow = z.object({
  country: z.string(),
  category: RateCardCategory,
  conversations: z.number().int(),
  providerToday: z.number().int(),
  providerNew: z.number().int(),
  partnerToday: z.number().int(),
  partnerIfKept: z.number().int(),
  partnerIfPassed: z.number().int(),
  /** False where keeping the price would sell below the new cost: the price rises to the cost (margin 0). */
  keepHolds: z.boolean(),
});
export type RateCardEffectRow = z.infer<typeof RateCardEffectRow>;

/**
 * What a card does to one family over its last 30 days of conversations (projects now on it, in
 * the card's currency): the provider cost at today's and the card's prices, the margin if it keeps
 * its prices and if it passes the change through (today's margin).
 */
export const RateCardFamilyEffect = z.object({
  familyId: z.string(),
  name: z.string(),
  projects: z.number().int(),
  choice: RateCardChoice,
  chosenAt: z.string().nullable(),
  conversations: z.number().int(),
  oldCost: z.number().int(),
  newCost: z.number().int(),
  revenueToday: z.number().int(),
  marginIfKept: z.number().int(),
  marginIfPassed: z.number().int(),
  rows: z.array(RateCardEffectRow),
});
export type RateCardFamilyEffect = z.infer<typeof RateCardFamilyEffect>;

export const UpcomingRateCard = z.object({
  _id: z.string(),
  currency: Currency,
  effectiveAt: z.string(),
  /** Choices may still be made (before the instant). */
  open: z.boolean(),
  families: z.array(RateCardFamilyEffect),
});
export type UpcomingRateCard = z.infer<typeof UpcomingRateCard>;

export const UpcomingRateCardsResponse = z.object({
  /** The partner may choose (its own pricing agents; not DIRECT, ADS or referral users). */
  canChoose: z.boolean(),
  /** The UTC days the volume is measured over. */
  startDate: z.string(),
  endDate: z.string(),
  rateCards: z.array(UpcomingRateCard),
});
export type UpcomingRateCardsResponse = z.infer<typeof UpcomingRateCardsResponse>;

export const RateCardFamilyParams = z.object({ id: z.string().min(1).max(100), familyId: z.string().min(1).max(100) });
export const SetRateCardChoiceRequest = z.object({ choice: RateCardChoice });
export type SetRateCardChoiceRequest = z.infer<typeof SetRateCardChoiceRequest>;
export const SetRateCardChoiceAnswer = z.object({
  message: z.string(),
  familyId: z.string(),
  choice: RateCardChoice,
  chosenAt: z.string(),
});
export type SetRateCardChoiceAnswer = z.infer<typeof SetRateCardChoiceAnswer>;

/** The super-admin's list of cards keeps its page in the URL (from 1), and the card opened. */
export const RateCardListUrl = z.object({
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
  card: z.string().max(100).catch(''),
});
export type RateCardListUrl = z.infer<typeof RateCardListUrl>;

/** The partner's page keeps the family whose prices are opened in the URL, with its card. */
export const RateCardPageUrl = z.object({
  card: z.string().max(100).catch(''),
  family: z.string().max(100).catch(''),
});
export type RateCardPageUrl = z.infer<typeof RateCardPageUrl>;
