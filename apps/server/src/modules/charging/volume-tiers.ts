import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { WccPrices } from '@pc/contract';
import type { DbOrTx, Tx } from '../../platform/db/open.js';
import { providerWccPrices, providerWccVolumeTiers, volumeTierCounts } from '../../platform/db/schema.js';
import { localDateIn } from '../../platform/time/local-date.js';
import type { ProjectInfo } from './charge.js';
import type { Category, ConversationPrice } from './price.js';

/**
 * Meta's volume tiers (pricing page, "Volume tiers"): a client business's utility and
 * authentication messages that Meta charges are counted per market and month (12 am on the 1st in
 * the account's time zone), and from a tier's first message on each costs the tier's rate: "List
 * rate for the first A messages. Tier rate 1 for messages A+1 to B". Free messages do not count.
 * The provider's catalogue holds the tiers (`provider_wcc_volume_tiers`); a family's price over a
 * tier is the tier's provider price plus the family's margin for the country and charge type.
 */

export type VolumeTier = { country: string; chargeType: 'uc' | 'ac'; fromMessages: number; INR: number; USD: number };
export type TierKey = { businessId: string; market: string; chargeType: 'uc' | 'ac'; month: string };

const tieredTypes: Partial<Record<Category, 'uc' | 'ac'>> = { utility: 'uc', authentication: 'ac' };

/**
 * The catalogue's tiers, by market, charge type and first message: the one read of the table (the
 * catalogue's screens group these rows: pricing/catalogue.ts).
 */
export const loadVolumeTiers = async (db: DbOrTx): Promise<VolumeTier[]> =>
  (
    await db
      .select()
      .from(providerWccVolumeTiers)
      .orderBy(
        asc(providerWccVolumeTiers.country),
        asc(providerWccVolumeTiers.chargeType),
        asc(providerWccVolumeTiers.fromMessages),
      )
  ).map((t) => ({
    country: t.country,
    chargeType: t.chargeType,
    fromMessages: t.fromMessages,
    INR: t.inr,
    USD: t.usd,
  }));

/**
 * Which count a charged message adds to: its business, the catalogue row that prices its country
 * (the market; the rest of the world is `default`), its category's charge type, and its month.
 * None for a category without tiers or a family that prices the category by its initiator's rate.
 */
export const tierKeyOf = (
  project: Pick<ProjectInfo, 'businessId' | 'timezone'>,
  prices: WccPrices,
  m: { country: string; category: Category; at: Date },
): TierKey | null => {
  const chargeType = tieredTypes[m.category];
  const market = prices[m.country.toUpperCase()] ? m.country.toUpperCase() : 'default';
  if (!chargeType || !prices[market]?.[chargeType]) return null;
  return { businessId: project.businessId, market, chargeType, month: localDateIn(m.at, project.timezone).slice(0, 7) };
};

/** A count's row: a partner's business, market, charge type and month. */
const countKey = [
  volumeTierCounts.partnerId,
  volumeTierCounts.businessId,
  volumeTierCounts.market,
  volumeTierCounts.chargeType,
  volumeTierCounts.month,
];

const keyText = (k: TierKey) => `${k.businessId}|${k.market}|${k.chargeType}|${k.month}`;

/** The price of the `position`-th message of the month: the tier's, with the family's margin over it. */
export const tieredPrice = (
  tiers: readonly VolumeTier[],
  currency: 'INR' | 'USD',
  key: TierKey,
  position: number,
  list: ConversationPrice,
): ConversationPrice => {
  let tier: VolumeTier | undefined;
  for (const t of tiers)
    if (t.country === key.market && t.chargeType === key.chargeType && t.fromMessages <= position)
      if (!tier || t.fromMessages > tier.fromMessages) tier = t;
  if (!tier) return list;
  const provider = Math.max(0, tier[currency]);
  const margin = Math.max(0, list.amount - list.providerAmount);
  return { amount: provider + margin, providerAmount: provider };
};

/**
 * The batch's monthly counts of the businesses at hand. It runs under the partners' row locks that
 * every charging batch takes first, so no other batch counts the same business meanwhile; the
 * count is still written as an increment (`counted + n`), never as a value read earlier. `take`
 * gives a charged message its place (never below the tier Meta said the business reached),
 * `release` takes a refunded one back out.
 */
export const volumeCounts = async (tx: Tx, partnerIds: string[], businesses: { id: string; months: string[] }[]) => {
  const base = new Map<string, { counted: number; metaFrom: number; partnerId: string }>();
  const ids = [...new Set(businesses.map((b) => b.id))];
  const months = [...new Set(businesses.flatMap((b) => b.months))];
  if (ids.length > 0 && months.length > 0)
    for (const r of await tx
      .select()
      .from(volumeTierCounts)
      .where(
        and(
          inArray(volumeTierCounts.partnerId, partnerIds),
          inArray(volumeTierCounts.businessId, ids),
          inArray(volumeTierCounts.month, months),
        ),
      ))
      base.set(keyText(r), { counted: r.counted, metaFrom: r.metaFrom, partnerId: r.partnerId });
  const added = new Map<string, { key: TierKey; partnerId: string; n: number }>();
  const move = (partnerId: string, key: TierKey, n: number) => {
    const text = keyText(key);
    const was = added.get(text) ?? { key, partnerId, n: 0 };
    was.n += n;
    added.set(text, was);
    return (base.get(text)?.counted ?? 0) + was.n;
  };
  return {
    take(partnerId: string, key: TierKey): number {
      const counted = move(partnerId, key, 1);
      return Math.max(counted, base.get(keyText(key))?.metaFrom ?? 0);
    },
    release(partnerId: string, key: TierKey): void {
      move(partnerId, key, -1);
    },
    async write(): Promise<void> {
      const rows = [...added.values()].filter((a) => a.n !== 0);
      if (rows.length === 0) return;
      await tx
        .insert(volumeTierCounts)
        // A batch's net change (a refund takes one back); a row it creates has only takes in it.
        .values(rows.map((a) => ({ partnerId: a.partnerId, ...a.key, counted: a.n })))
        .onConflictDoUpdate({
          target: countKey,
          set: { counted: sql`greatest(0, ${volumeTierCounts.counted} + excluded.counted)` },
        });
    },
  };
};

const metaCategories: Record<string, 'uc' | 'ac'> = {
  UTILITY: 'uc',
  AUTHENTICATION: 'ac',
  AUTHENTICATION_INTERNATIONAL: 'ac',
};

/**
 * Meta's word that a business reached a volume tier (`account_update`, VOLUME_BASED_PRICING_TIER_UPDATE):
 * "Volume tiers will be determined solely by Meta", which counts the portfolio's messages through
 * every provider, so from then on the month's messages are priced at that tier at least. Meta may
 * say the same switch twice; the highest tier said for the month holds. Answers whether it changed
 * anything (a region the catalogue has no row for, or a category without tiers, changes nothing).
 */
export const recordMetaTier = async (
  tx: Tx,
  project: { partnerId: string; businessId: string },
  word: { category: string; market: string | null; from: number; month: string; at: Date | null },
  receivedAt: Date,
): Promise<boolean> => {
  const chargeType = metaCategories[word.category];
  if (!chargeType || !word.market || word.from <= 1) return false;
  // The market is the catalogue row that prices the country, as for the messages (tierKeyOf).
  const [priced] = await tx
    .select({ country: providerWccPrices.country })
    .from(providerWccPrices)
    .where(eq(providerWccPrices.country, word.market))
    .limit(1);
  const market = priced ? word.market : 'default';
  const row = { partnerId: project.partnerId, businessId: project.businessId, market, chargeType, month: word.month };
  const changed = await tx
    .insert(volumeTierCounts)
    .values({ ...row, metaFrom: word.from, metaSaidAt: word.at ?? receivedAt })
    .onConflictDoUpdate({
      target: countKey,
      set: { metaFrom: sql`excluded.meta_from`, metaSaidAt: sql`excluded.meta_said_at` },
      setWhere: sql`${volumeTierCounts.metaFrom} < excluded.meta_from`,
    })
    .returning({ month: volumeTierCounts.month });
  return changed.length > 0;
};

/**
 * What the business's next charged message of the key costs, by the month's count so far (the
 * project API's credit check: a charge is still priced by the batch that records it).
 */
export const nextTieredPrice = async (
  db: DbOrTx,
  partnerId: string,
  key: TierKey,
  currency: 'INR' | 'USD',
  list: ConversationPrice,
): Promise<ConversationPrice> => {
  const tiers = (await loadVolumeTiers(db)).filter((t) => t.country === key.market && t.chargeType === key.chargeType);
  if (tiers.length === 0) return list;
  const [count] = await db
    .select({ counted: volumeTierCounts.counted, metaFrom: volumeTierCounts.metaFrom })
    .from(volumeTierCounts)
    .where(
      and(
        eq(volumeTierCounts.partnerId, partnerId),
        eq(volumeTierCounts.businessId, key.businessId),
        eq(volumeTierCounts.market, key.market),
        eq(volumeTierCounts.chargeType, key.chargeType),
        eq(volumeTierCounts.month, key.month),
      ),
    );
  const position = Math.max((count?.counted ?? 0) + 1, count?.metaFrom ?? 0);
  return tieredPrice(tiers, currency, key, position, list);
};
