import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { and, eq, sql } from 'drizzle-orm';
import type { MessageEvent, MetaPricing } from '@pc/contract';
import { marginDays } from '../../platform/db/schema.js';
import { billablePricing, freeCustomerServicePricing } from '../../providers/meta/accounts/meta-payloads.js';
import { PMP_TIME, useChargingFixture } from './fixture.js';

/**
 * Per-message charging against random status streams: Meta's statuses of each message arrive in
 * several deliveries, in any order, some twice, some messages failing (before or after their
 * delivery), with or without Meta's `pricing` object (as the status webhook reference prints it:
 * https://developers.facebook.com/documentation/business-messaging/whatsapp/webhooks/reference/messages/status),
 * to users who wrote in (an open service window) or not. Whatever the stream, the ledger charged
 * exactly what Meta bills: the price of every message that was delivered or did not fail, and that
 * Meta's pricing object (else Meta's documented rule) says is billable; and the margin rows agree.
 */
const { fx, newProject, post, postInbound, creditOf, ledgerSum } = useChargingFixture();

const OPENING = 10_000_000;
/** fixture.ts: IN marketing 1.00, utility 0.20, service 0.40. */
const PRICE = { marketing: 100000, utility: 20000, service: 40000 } as const;
type Category = keyof typeof PRICE;
type Status = MessageEvent['status'];
const WROTE_IN = '919811100001';
const SILENT = '919811100002';

type Message = {
  category: Category;
  pricing: 'none' | 'billable' | 'free';
  wroteIn: boolean;
  statuses: { status: Status; delivery: number }[];
};

const message: fc.Arbitrary<Message> = fc.record({
  category: fc.constantFrom<Category>('marketing', 'utility', 'service'),
  pricing: fc.constantFrom<Message['pricing']>('none', 'billable', 'free'),
  wroteIn: fc.boolean(),
  // Each status with the delivery (0, 1 or 2) it comes in; repeats are Meta's retries.
  statuses: fc.array(
    fc.record({ status: fc.constantFrom<Status>('sent', 'delivered', 'read', 'failed'), delivery: fc.nat(2) }),
    { minLength: 1, maxLength: 6 },
  ),
});

const minutesAfter = (iso: string, m: number) => new Date(Date.parse(iso) + m * 60_000).toISOString();
const offset: Record<Status, number> = { sent: 0, delivered: 1, read: 2, failed: 1 };

/** What Meta bills for a message, from all its statuses (Meta's pricing page and status reference). */
const billed = (m: Message): number => {
  const seen = new Set(m.statuses.map((s) => s.status));
  const delivered = seen.has('delivered') || seen.has('read');
  const live = [...seen].some((s) => s !== 'failed') && (delivered || !seen.has('failed'));
  if (!live) return 0;
  const billable =
    m.pricing === 'billable' ||
    (m.pricing === 'none' &&
      // Before 1 October 2026: utility free in an open window, service (non-template) free.
      (m.category === 'marketing' || (m.category === 'utility' && !m.wroteIn)));
  return billable ? PRICE[m.category] : 0;
};

describe('per-message charging, property', () => {
  it('charges exactly what Meta bills, through any order, repeat and failure of statuses', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(message, { minLength: 1, maxLength: 6 }), async (messages) => {
        const p = await newProject(OPENING);
        // The user who wrote in did so an hour before the first message: a window open for all of them.
        await postInbound(p.id, minutesAfter(PMP_TIME, -60), { from: WROTE_IN });
        const events = messages.flatMap((m, i) => {
          // Meta's pricing objects (pricing page, "Billable" and the free snippets).
          const pricing: MetaPricing | undefined =
            m.pricing === 'none'
              ? undefined
              : m.pricing === 'billable'
                ? billablePricing(m.category)
                : freeCustomerServicePricing(m.category);
          return m.statuses.map((s) => ({
            delivery: s.delivery,
            event: {
              messageId: `${p.id}-m${i}`,
              projectId: p.id,
              status: s.status,
              category: m.category,
              initiator: m.category === 'service' ? ('user' as const) : ('business' as const),
              country: 'IN',
              recipient: m.wroteIn ? WROTE_IN : SILENT,
              // Meta's object is on sent and on delivered or read; never on a failure.
              ...(pricing && s.status !== 'failed' ? { pricing } : {}),
              timestamp: minutesAfter(PMP_TIME, i * 10 + offset[s.status]),
            } satisfies MessageEvent,
          }));
        });
        for (const delivery of [0, 1, 2]) {
          const batch = events.filter((e) => e.delivery === delivery).map((e) => e.event);
          if (batch.length > 0) expect((await post(batch)).status).toBe(200);
        }
        const expected = messages.reduce((sum, m) => sum + billed(m), 0);
        expect(OPENING - (await creditOf(p.id))).toBe(expected);
        expect(await ledgerSum('WCC', p.id)).toBe(await creditOf(p.id));
        const [margin] = await fx.t.deps.db
          .select({ revenue: sql<string>`coalesce(sum(${marginDays.revenue}), 0)` })
          .from(marginDays)
          .where(and(eq(marginDays.partnerId, fx.partnerId), eq(marginDays.projectId, p.id)));
        expect(Number(margin!.revenue)).toBe(expected);
      }),
      { numRuns: 30 },
    );
  });
});
