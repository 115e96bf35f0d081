import { sql } from 'drizzle-orm';
import type { RateCardChoice, WccPrices } from '@pc/contract';
import type { DbOrTx } from '../../platform/db/open.js';
import {
  businesses,
  projects,
  rateCardFamilies,
  rateCards,
  wccFamilies,
  type RateCardPrices,
} from '../../platform/db/schema.js';
import { textArray } from '../../platform/db/unnest.js';
import { ofPartners } from '../../platform/db/tenant-joins.js';
import { pricesAtInstant } from '../rate-cards/transform.js';
import type { ProjectInfo } from './charge.js';

type ScheduledRow = { effectiveAt: string; prices: RateCardPrices; choice: RateCardChoice };
type AppliedRow = { effectiveAt: string; pricesBefore: WccPrices };
type BatchRow = {
  id: string;
  partner_id: string;
  name: string;
  currency: 'INR' | 'USD';
  business_id: string;
  business_name: string;
  timezone: string;
  prices: WccPrices | string | null;
  scheduled: ScheduledRow[] | string;
  applied: AppliedRow[] | string;
};
/** A jsonb read by the statement: parsed by both drivers, text if one ever hands it back unparsed. */
const jsonOf = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

/**
 * The projects of a batch with what charging needs, in ONE statement (naming their partners in
 * each part, so that a distributed database runs one partner's on that partner's node), so that the prices it reads
 * are one snapshot even when a rate card's apply job commits meanwhile: each project's WCC family
 * prices; the SCHEDULED rate cards of its currency with the family's answer (no row: PASS); and the
 * APPLIED cards of its currency whose instant comes after the batch's earliest event, with the
 * family's prices just before each. A conversation is then priced by the card in force at its start
 * (`pricesAtInstant`), whether the apply job has run or not, and an event arriving late is priced as
 * it would have been on time.
 */
export const projectsOf = async (
  db: DbOrTx,
  partnerIds: readonly string[],
  ids: string[],
  earliest: Date,
): Promise<Map<string, ProjectInfo>> => {
  if (ids.length === 0) return new Map();
  const batch = textArray(ids);
  // The cards are joined and grouped by project rather than read by a subquery per project: Citus
  // answered such a subquery's aggregate of a distributed table's column with NULL.
  const { rows } = (await db.execute(sql`
    select p.id, p.partner_id, p.name, p.currency, p.business_id, b.display_name as business_name, b.timezone,
      w.prices, coalesce(s.cards, '[]'::jsonb) as scheduled, coalesce(a.cards, '[]'::jsonb) as applied
    from ${projects} p
    join ${businesses} b on b.id = p.business_id and b.partner_id = p.partner_id
    left join ${wccFamilies} w on w.id = p.wcc_plan_id and w.partner_id = p.partner_id
    left join (
      select p.partner_id, p.id, jsonb_agg(jsonb_build_object(
          'effectiveAt', c.effective_at, 'prices', c.prices, 'choice', coalesce(f.choice, 'PASS')
        ) order by c.effective_at) as cards
      from ${projects} p
      join ${rateCards} c on c.status = 'SCHEDULED' and c.currency = p.currency
      left join ${rateCardFamilies} f on f.card_id = c.id and f.partner_id = p.partner_id and f.family_id = p.wcc_plan_id
      where ${ofPartners(sql`p.partner_id`, partnerIds)} and p.id = any(${batch})
      group by p.partner_id, p.id
    ) s on s.partner_id = p.partner_id and s.id = p.id
    left join (
      select p.partner_id, p.id, jsonb_agg(jsonb_build_object(
          'effectiveAt', c.effective_at, 'pricesBefore', f.prices_before
        ) order by c.effective_at) as cards
      from ${projects} p
      join ${rateCards} c on c.status = 'APPLIED' and c.currency = p.currency
        and c.effective_at > ${earliest.toISOString()}::timestamptz
      join ${rateCardFamilies} f on f.card_id = c.id and f.partner_id = p.partner_id and f.family_id = p.wcc_plan_id
        and f.prices_before is not null
      where ${ofPartners(sql`p.partner_id`, partnerIds)} and p.id = any(${batch})
      group by p.partner_id, p.id
    ) a on a.partner_id = p.partner_id and a.id = p.id
    where ${ofPartners(sql`p.partner_id`, partnerIds)} and p.id = any(${batch})`)) as { rows: BatchRow[] };
  return new Map(
    rows.map(({ prices, scheduled, applied, ...p }) => [
      p.id,
      {
        id: p.id,
        partnerId: p.partner_id,
        name: p.name,
        currency: p.currency,
        businessId: p.business_id,
        businessName: p.business_name,
        timezone: p.timezone,
        pricesAt: prices
          ? pricesAtInstant(
              jsonOf(prices),
              p.currency,
              jsonOf(applied).map((a) => ({
                effectiveAt: new Date(a.effectiveAt),
                pricesBefore: a.pricesBefore,
              })),
              jsonOf(scheduled).map((s) => ({
                effectiveAt: new Date(s.effectiveAt),
                prices: s.prices,
                choice: s.choice,
              })),
            )
          : null,
      },
    ]),
  );
};
