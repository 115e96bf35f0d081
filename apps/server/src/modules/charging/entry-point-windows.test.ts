import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { conversations } from '../../platform/db/schema.js';
import { PMP_TIME, useChargingFixture } from './fixture.js';

/**
 * Free entry point windows as Meta's pricing page words them
 * (https://developers.facebook.com/documentation/business-messaging/whatsapp/pricing, "Free entry point windows";
 * docs/research/meta-pricing-and-webhooks.md §1.3): a user writes through a click-to-WhatsApp ad (the
 * `messages` webhook's `referral`); "If you respond within 24 hours using any type of message, the
 * message will be free, and a Free Entry Point ("FEP") window will be opened, starting from the time
 * when you responded. FEP windows remain open for 72 hours. While open, you can send any type of
 * message to the user at no charge." Prices: fixture.ts (IN marketing 1.00, IN service 0.40).
 */
const { fx, newProject, post, postInbound, event, creditOf } = useChargingFixture();

const hours = (h: number, from = PMP_TIME) => new Date(Date.parse(from) + h * 3600_000).toISOString();
const typesOf = async (projectId: string) =>
  (
    await fx.t.deps.db
      .select({ at: conversations.startedAt, type: conversations.pricingType, status: conversations.billingStatus })
      .from(conversations)
      .where(and(eq(conversations.partnerId, fx.partnerId), eq(conversations.projectId, projectId)))
  )
    .sort((a, b) => a.at.getTime() - b.at.getTime())
    .map((u) => [u.type, u.status]);

describe('free entry point windows (the console’s own model, when Meta’s pricing object is absent)', () => {
  it('the reply within 24 hours opens 72 free hours from that reply; after them a template is charged', async () => {
    const p = await newProject(1_000_000);
    const marketing = (h: number) => event(p.id, { timestamp: hours(h) });
    await postInbound(p.id, hours(0), { entryPoint: true });
    await post([marketing(2)]);
    await post([marketing(60), marketing(73.9)]);
    await post([marketing(74.1)]);
    expect(await typesOf(p.id)).toEqual([
      ['free_entry_point', 'FREE'],
      ['free_entry_point', 'FREE'],
      ['free_entry_point', 'FREE'],
      ['regular', 'CHARGED'],
    ]);
    expect(await creditOf(p.id)).toBe(1_000_000 - 100000);
  });

  it('no reply within 24 hours: no window, the template is charged', async () => {
    const p = await newProject(1_000_000);
    await postInbound(p.id, hours(0), { entryPoint: true });
    await post([event(p.id, { timestamp: hours(24.5) })]);
    expect(await typesOf(p.id)).toEqual([['regular', 'CHARGED']]);
  });

  it('a user’s ordinary message opens no such window; another user’s ad opens none for this one', async () => {
    const p = await newProject(1_000_000);
    await postInbound(p.id, hours(0));
    await postInbound(p.id, hours(0), { from: '919800000002', entryPoint: true });
    await post([event(p.id, { timestamp: hours(1) })]);
    expect(await typesOf(p.id)).toEqual([['regular', 'CHARGED']]);
  });

  it('the reply and a later message in one batch, in any order; the number written otherwise is the same user', async () => {
    const p = await newProject(1_000_000);
    await postInbound(p.id, hours(0), { entryPoint: true });
    await post([
      event(p.id, { timestamp: hours(50), recipient: '+91 98000 00001' }),
      event(p.id, { timestamp: hours(3) }),
    ]);
    expect(await typesOf(p.id)).toEqual([
      ['free_entry_point', 'FREE'],
      ['free_entry_point', 'FREE'],
    ]);
  });

  it('frees service messages too once Meta charges them (from 1 October 2026)', async () => {
    const p = await newProject(1_000_000);
    const after = '2026-10-01T10:00:00.000Z';
    await postInbound(p.id, after, { entryPoint: true });
    await post([event(p.id, { category: 'service', initiator: 'user', timestamp: hours(1, after) })]);
    expect(await typesOf(p.id)).toEqual([['free_entry_point', 'FREE']]);
  });

  it('Meta’s pricing object, when a status carries one, decides over the window', async () => {
    const p = await newProject(1_000_000);
    await postInbound(p.id, hours(0), { entryPoint: true });
    const pricing = { billable: true, pricing_model: 'PMP', type: 'regular', category: 'marketing' };
    await post([event(p.id, { timestamp: hours(1), pricing })]);
    expect(await typesOf(p.id)).toEqual([['regular', 'CHARGED']]);
    expect(await creditOf(p.id)).toBe(1_000_000 - 100000);
  });
});
