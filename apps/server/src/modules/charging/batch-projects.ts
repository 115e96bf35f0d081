import { and, eq, inArray, sql } from 'drizzle-orm';
import type { RateCardChoice, WccPrices } from '@pc/contract';
import type { DbOrTx } from '../../platform/db/open.js';
import { businesses, projects, wccFamilies, type RateCardPrices } from '../../platform/db/schema.js';
import { pricesAtInstant } from '../rate-cards/transform.js';
import type { ProjectInfo } from './charge.js';

type ScheduledRow = { effectiveAt: string; prices: RateCardPrices; choice: RateCardChoice };
type AppliedRow = { effectiveAt: string; pricesBefore: WccPrices };
/** A jsonb built by the statement: parsed by both drivers, text if one ever hands it back unparsed. */
const jsonOf = <T>(value: T[] | string): T[] => (typeof value === 'string' ? (JSON.parse(value) as T[]) : value);

/**
 * The projects of a batch with what charging needs, in ONE statement, so that the prices it reads
 * are one snapshot even when a rate card's apply job commits meanwhile: each project's WCC family
 * prices; the SCHEDULED rate cards of its currency with the family's answer (no row: PASS); and the
 * APPLIED cards of its currency whose instant comes after the batch's earliest event, with the
 * family's prices just before each. A conversation is then priced by the card in force at its start
 * (`pricesAtInstant`), whether the apply job has run or not, and an event arriving late is priced as
 * it would have been on time.
 */
export const projectsOf = async (db: DbOrTx, ids: string[], earliest: Date): Promise<Map<string, ProjectInfo>> => {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: projects.id,
      partnerId: projects.partnerId,
      name: projects.name,
      currency: projects.currency,
      businessId: projects.businessId,
      businessName: businesses.displayName,
      timezone: businesses.timezone,
      prices: wccFamilies.prices,
      scheduled: sql<ScheduledRow[] | string>`(
        select coalesce(jsonb_agg(jsonb_build_object(
          'effectiveAt', c.effective_at, 'prices', c.prices, 'choice', coalesce(f.choice, 'PASS')
        ) order by c.effective_at), '[]'::jsonb)
        from rate_cards c
        left join rate_card_families f
          on f.card_id = c.id and f.partner_id = ${projects.partnerId} and f.family_id = ${projects.wccPlanId}
        where c.status = 'SCHEDULED' and c.currency = ${projects.currency})`,
      applied: sql<AppliedRow[] | string>`(
        select coalesce(jsonb_agg(jsonb_build_object(
          'effectiveAt', c.effective_at, 'pricesBefore', f.prices_before
        ) order by c.effective_at), '[]'::jsonb)
        from rate_cards c
        join rate_card_families f
          on f.card_id = c.id and f.partner_id = ${projects.partnerId} and f.family_id = ${projects.wccPlanId}
        where c.status = 'APPLIED' and c.currency = ${projects.currency}
          and c.effective_at > ${earliest.toISOString()}::timestamptz and f.prices_before is not null)`,
    })
    .from(projects)
    .innerJoin(businesses, and(eq(businesses.id, projects.businessId), eq(businesses.partnerId, projects.partnerId)))
    .leftJoin(wccFamilies, and(eq(wccFamilies.id, projects.wccPlanId), eq(wccFamilies.partnerId, projects.partnerId)))
    .where(inArray(projects.id, ids));
  return new Map(
    rows.map(({ prices, scheduled, applied, ...project }) => [
      project.id,
      {
        ...project,
        pricesAt: prices
          ? pricesAtInstant(
              prices,
              project.currency,
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
