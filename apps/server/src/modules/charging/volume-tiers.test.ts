import { describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { conversations, providerWccVolumeTiers, volumeTierCounts } from '../../platform/db/schema.js';
import { postMetaWebhook } from '../../../test/meta-webhook.js';
import { makeBusiness, makeProject } from '../../seed/businesses.js';
import { volumeTierUpdate } from '../../providers/meta/accounts/meta-payloads.js';
import { metaAppSecret } from '../../providers/meta/templates/create.js';
import { signMetaPayload } from '../../providers/meta/templates/signature.js';
import { useChargingFixture } from './fixture.js';

/**
 * Meta's volume tiers (pricing page, "Volume tiers", https://developers.facebook.com/documentation/
 * business-messaging/whatsapp/pricing; docs/research/meta-pricing-and-webhooks.md §3): "Only
 * messages that are charged count toward the tiers" (not "Utility templates delivered to WhatsApp
 * users within an open customer service window"), counted per business portfolio and market-category
 * pair, "Tiers reset monthly — At the start of the next month (12am WABA timezone)", and graduated:
 * "List rate for the first A messages. Tier rate 1 for messages A+1 to B".
 *
 * The catalogue here: IN utility at the list price (provider 0.15) for the first 2 messages of a
 * month, 0.10 from the 3rd, 0.08 from the 5th. The fixture's family adds a margin of 0.05 to IN
 * utility: a message costs the client 0.20, then 0.15, then 0.13 (INR, in 1/100000).
 */
const { fx, post, postInbound, event, creditOf } = useChargingFixture();
const LIST = 20000;
const TIER_1 = 15000;
const TIER_2 = 13000;

let seq = 0;
/** A project of a business of its own, so that each test counts from 0. */
const freshProject = async (over: { wabaAppId?: string } = {}) => {
  if (seq === 0)
    await fx.t.deps.db.insert(providerWccVolumeTiers).values([
      { country: 'IN', chargeType: 'uc', fromMessages: 3, inr: 10000, usd: 120 },
      { country: 'IN', chargeType: 'uc', fromMessages: 5, inr: 8000, usd: 100 },
    ]);
  const business = await makeBusiness(fx.t.deps.db, { partnerId: fx.partnerId, displayName: `Tiers ${++seq}` });
  return makeProject(fx.t.deps.db, {
    partnerId: fx.partnerId,
    businessId: business.id,
    name: `Tiers ${seq}`,
    wccPlanId: fx.familyId,
    isWhatsappVerified: true,
    openingCredit: 1_000_000,
    ...over,
  });
};

const utility = (projectId: string, timestamp: string, over: Parameters<typeof event>[1] = {}) =>
  event(projectId, { category: 'utility', recipient: `9198${++seq}`, timestamp, ...over });
const at = (day: string, hour = 10) => `2025-09-${day}T${String(hour).padStart(2, '0')}:00:00.000Z`;
const pricesOf = async (projectId: string) =>
  (
    await fx.t.deps.db
      .select({ amount: conversations.amount, provider: conversations.providerAmount, n: conversations.volumeCount })
      .from(conversations)
      .where(and(eq(conversations.partnerId, fx.partnerId), eq(conversations.projectId, projectId)))
      .orderBy(asc(conversations.startedAt))
  ).map((r) => [r.amount, r.provider, r.n]);

describe('volume tiers of utility and authentication messages', () => {
  it('prices the month’s messages graduated: the list price, then each tier from its first message', async () => {
    const p = await freshProject();
    const sent = [1, 2, 3, 4, 5, 6].map((d) => utility(p.id, at(`1${d}`)));
    await post(sent.slice(0, 3));
    await post(sent.slice(3));
    expect(await pricesOf(p.id)).toEqual([
      [LIST, 15000, 1],
      [LIST, 15000, 2],
      [TIER_1, 10000, 3],
      [TIER_1, 10000, 4],
      [TIER_2, 8000, 5],
      [TIER_2, 8000, 6],
    ]);
    expect(await creditOf(p.id)).toBe(1_000_000 - 2 * LIST - 2 * TIER_1 - 2 * TIER_2);
  });

  it('counts only charged messages: free ones inside a window do not move the count; a refund takes one out', async () => {
    const p = await freshProject();
    const [a, b] = [utility(p.id, at('11')), utility(p.id, at('12'))];
    await post([a, b]);
    // A user's message opens a window: the utility message inside it is free and not counted.
    await postInbound(p.id, at('13', 9), { from: b.recipient });
    await post([utility(p.id, at('13'), { recipient: b.recipient })]);
    // The second charged message fails undelivered: refunded, and its place in the count is free again.
    await post([{ ...b, status: 'failed', timestamp: at('13', 11) }]);
    await post([utility(p.id, at('14')), utility(p.id, at('15'))]);
    expect(await pricesOf(p.id)).toEqual([
      [LIST, 15000, 1],
      [LIST, 15000, null],
      [0, 0, null],
      [LIST, 15000, 2],
      [TIER_1, 10000, 3],
    ]);
    const [count] = await fx.t.deps.db
      .select()
      .from(volumeTierCounts)
      .where(and(eq(volumeTierCounts.partnerId, fx.partnerId), eq(volumeTierCounts.businessId, p.businessId)));
    expect(count).toMatchObject({ market: 'IN', chargeType: 'uc', month: '2025-09', counted: 3 });
  });

  it('starts each month at the list price again, from 12 am in the business’s time zone (IST)', async () => {
    const p = await freshProject();
    const september = [1, 2, 3].map((d) => utility(p.id, at(`2${d}`)));
    // 30 September 18:31 UTC is 1 October 00:01 in India: October's first message.
    const october = utility(p.id, '2025-09-30T18:31:00.000Z');
    const lastOfSeptember = utility(p.id, '2025-09-30T18:29:00.000Z');
    await post([...september, october, lastOfSeptember]);
    expect((await pricesOf(p.id)).map(([amount, , n]) => [amount, n])).toEqual([
      [LIST, 1],
      [LIST, 2],
      [TIER_1, 3],
      [TIER_1, 4],
      [LIST, 1],
    ]);
  });

  it('has no tiers before per-message pricing, nor for marketing', async () => {
    const p = await freshProject();
    const cbp = [1, 2, 3].map((h) => utility(p.id, `2025-03-20T1${h}:00:00.000Z`));
    const marketing = [1, 2, 3].map((d) => event(p.id, { recipient: `9197${++seq}`, timestamp: at(`1${d}`) }));
    await post([...cbp, ...marketing]);
    const rows = await pricesOf(p.id);
    expect(rows.map(([amount, , n]) => [amount, n])).toEqual([
      ...cbp.map(() => [LIST, null]),
      ...marketing.map(() => [100000, null]),
    ]);
  });

  it('prices from the tier Meta says the business reached (its account_update webhook), whatever the console counted', async () => {
    const p = await freshProject({ wabaAppId: '102290129340398' });
    // Meta's example payload, for September 2025 and a tier whose first message is the 5th.
    const raw = JSON.stringify(volumeTierUpdate('102290129340398', 1757000000, '5:50000000', '2025-09'));
    const res = await postMetaWebhook(fx.t, raw, signMetaPayload(metaAppSecret(fx.t.deps.env), raw));
    expect(res.statusCode).toBe(200);
    // The same switch said twice, and a lower tier said late, change nothing.
    const again = JSON.stringify(volumeTierUpdate('102290129340398', 1757000060, '3:4', '2025-09'));
    await postMetaWebhook(fx.t, again, signMetaPayload(metaAppSecret(fx.t.deps.env), again));
    await post([utility(p.id, at('20')), utility(p.id, at('21'))]);
    expect(await pricesOf(p.id)).toEqual([
      [TIER_2, 8000, 5],
      [TIER_2, 8000, 5],
    ]);
    // October is a month of its own: the list price again.
    await post([utility(p.id, '2025-10-10T10:00:00.000Z')]);
    expect((await pricesOf(p.id)).at(-1)).toEqual([LIST, 15000, 1]);
  });
});
