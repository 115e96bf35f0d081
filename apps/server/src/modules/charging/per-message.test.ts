import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { MetaDeliveriesResponse } from '@pc/contract';
import { call, signInAs } from '../../../test/harness.js';
import { billingLogs, conversations, marginDays } from '../../platform/db/schema.js';
import { billablePricing, freeCustomerServicePricing } from '../../providers/meta/accounts/meta-payloads.js';
import { PMP_TIME, useChargingFixture } from './fixture.js';

/**
 * Per-message pricing as Meta documents it: "You are only charged when a template message is
 * delivered", "Utility templates delivered within an open customer service window are free", "All
 * non-template messages are free" (until 1 October 2026), and the status webhook's `pricing`
 * objects (https://developers.facebook.com/documentation/business-messaging/whatsapp/pricing,
 * "Updated: Mar 30, 2026"; https://developers.facebook.com/documentation/business-messaging/whatsapp/pricing/non-template-messages;
 * docs/research/meta-pricing-and-webhooks.md §1–2). Prices: fixture.ts (IN marketing 1.00, IN utility 0.20).
 */
const { fx, newProject, post, postInbound, event, creditOf, ledgerSum } = useChargingFixture();

const hours = (h: number, from = PMP_TIME) => new Date(Date.parse(from) + h * 3600_000).toISOString();
const unitsOf = (projectId: string) =>
  fx.t.deps.db
    .select()
    .from(conversations)
    .where(and(eq(conversations.partnerId, fx.partnerId), eq(conversations.projectId, projectId)));
const pmp = (projectId: string, over: Parameters<typeof event>[1] = {}) =>
  event(projectId, { timestamp: PMP_TIME, ...over });

// The pricing objects as Meta prints them (pricing page, "Billable" and the free snippets).
const freeInWindow = freeCustomerServicePricing('utility');

describe('per-message pricing (from 1 July 2025)', () => {
  it('charges every marketing template, even a second one to the same number within a day', async () => {
    const p = await newProject(1_000_000);
    const res = await post([pmp(p.id), pmp(p.id, { timestamp: hours(1) })]);
    expect(res.body).toMatchObject({ accepted: 2, conversations: 0, messages: 2 });
    expect(await creditOf(p.id)).toBe(1_000_000 - 2 * 100000);
    const units = await unitsOf(p.id);
    expect(units.map((u) => [u.pricingModel, u.billingStatus, u.pricingType])).toEqual([
      ['PMP', 'CHARGED', 'regular'],
      ['PMP', 'CHARGED', 'regular'],
    ]);
  });

  it('a message is priced once, whatever Meta repeats: sent, delivered and read charge one message', async () => {
    const p = await newProject(1_000_000);
    const sent = pmp(p.id);
    const later = (status: 'delivered' | 'read', h: number) => ({ ...sent, status, timestamp: hours(h) });
    await post([sent]);
    await post([later('delivered', 1), sent]);
    await post([later('read', 2), later('delivered', 1)]);
    expect(await creditOf(p.id)).toBe(1_000_000 - 100000);
    expect(await unitsOf(p.id)).toHaveLength(1);
  });

  it('a utility template is free inside the customer service window a user opens, charged outside it', async () => {
    const p = await newProject(1_000_000);
    const utility = (h: number) => pmp(p.id, { category: 'utility', timestamp: hours(h) });
    await post([utility(0)]);
    expect(await creditOf(p.id)).toBe(1_000_000 - 20000);
    expect((await postInbound(p.id, hours(1))).body).toMatchObject({ inbound: 1 });
    await post([utility(2), utility(24.9)]);
    expect(await creditOf(p.id)).toBe(1_000_000 - 20000);
    await post([utility(25.1)]);
    expect(await creditOf(p.id)).toBe(1_000_000 - 40000);
    const types = (await unitsOf(p.id)).map((u) => u.pricingType).sort();
    expect(types).toEqual(['free_customer_service', 'free_customer_service', 'regular', 'regular']);
  });

  it('service messages are free until 30 September 2026, then beyond a number’s 1,000 free a month; utility in the window is charged', async () => {
    const p = await newProject(1_000_000);
    const before = '2026-09-30T10:00:00.000Z';
    const after = '2026-10-01T10:00:00.000Z';
    const service = (i: number, at: string) =>
      event(p.id, { category: 'service', initiator: 'user', recipient: `9198${10_000_000 + i}`, timestamp: at });
    await postInbound(p.id, before);
    await postInbound(p.id, after);
    await post([service(0, hours(1, before)), event(p.id, { category: 'utility', timestamp: hours(2, before) })]);
    expect(await creditOf(p.id)).toBe(1_000_000);
    await post([event(p.id, { category: 'utility', timestamp: hours(2, after) })]);
    expect(await creditOf(p.id)).toBe(1_000_000 - 20000);
    // The month's free tier: 1,000 service messages, then each is charged (IN service 0.40).
    await post(Array.from({ length: 1000 }, (_, i) => service(i + 1, hours(3, after))));
    expect(await creditOf(p.id)).toBe(1_000_000 - 20000);
    await post([service(2000, hours(4, after))]);
    expect(await creditOf(p.id)).toBe(1_000_000 - 20000 - 40000);
  });

  it('switches from conversations at 12 am on 1 July 2025 in the business’s time zone (Asia/Calcutta)', async () => {
    const p = await newProject(1_000_000);
    await post([
      pmp(p.id, { timestamp: '2025-06-30T18:29:59.000Z' }),
      pmp(p.id, { timestamp: '2025-06-30T18:30:00.000Z' }),
      pmp(p.id, { timestamp: '2025-06-30T19:00:00.000Z' }),
    ]);
    const models = (await unitsOf(p.id)).map((u) => u.pricingModel).sort();
    // The conversation's window does not take the later messages: each is charged on its own.
    expect(models).toEqual(['CBP', 'PMP', 'PMP']);
    expect(await creditOf(p.id)).toBe(1_000_000 - 3 * 100000);
  });
});

describe('reconciling with what Meta says', () => {
  it('Meta’s pricing object decides: billable false is not charged, a billable service message is', async () => {
    const p = await newProject(1_000_000);
    await post([
      pmp(p.id, { category: 'utility', pricing: freeInWindow }),
      pmp(p.id, { category: 'service', initiator: 'user', pricing: billablePricing('service') }),
    ]);
    expect(await creditOf(p.id)).toBe(1_000_000 - 40000);
  });

  it('a message that fails undelivered is refunded once, to the balance that paid it; delivered after all, charged again', async () => {
    const p = await newProject(1_000_000);
    const sent = pmp(p.id, { pricing: billablePricing('marketing') });
    const failed = { ...sent, status: 'failed' as const, timestamp: hours(1) };
    await post([sent]);
    expect(await creditOf(p.id)).toBe(900_000);
    await post([failed]);
    await post([failed]);
    expect(await creditOf(p.id)).toBe(1_000_000);
    const refunds = await fx.t.deps.db
      .select()
      .from(billingLogs)
      .where(and(eq(billingLogs.projectId, p.id), eq(billingLogs.reasonCode, 'MESSAGE_DELIVERY_REFUND')));
    expect(refunds).toMatchObject([{ action: 'ADD', balance: 'WCC', amount: 100000 }]);
    expect((await unitsOf(p.id))[0]).toMatchObject({ billingStatus: 'FAILED', refundLogId: refunds[0]!.id });

    // A user with several devices: delivered after failed means delivered, and Meta charges it.
    await post([{ ...sent, status: 'delivered', timestamp: hours(2) }]);
    expect(await creditOf(p.id)).toBe(900_000);
    expect(await ledgerSum('WCC', p.id)).toBe(900_000);
  });

  it('a failure reported before the sent status charges nothing', async () => {
    const p = await newProject(1_000_000);
    const sent = pmp(p.id);
    await post([{ ...sent, status: 'failed', timestamp: hours(1) }]);
    await post([sent]);
    expect(await creditOf(p.id)).toBe(1_000_000);
  });

  it('what Meta says after the console priced a message reprices it', async () => {
    const p = await newProject(1_000_000);
    const sent = pmp(p.id, { category: 'utility' });
    await post([sent]);
    expect(await creditOf(p.id)).toBe(1_000_000 - 20000);
    await post([{ ...sent, status: 'delivered', timestamp: hours(1), pricing: freeInWindow }]);
    expect(await creditOf(p.id)).toBe(1_000_000);
    expect((await unitsOf(p.id))[0]).toMatchObject({ billingStatus: 'FREE', pricingType: 'free_customer_service' });
  });

  it('a category Meta names that the console does not know is kept, not charged, and shown to the super-admin', async () => {
    const p = await newProject(1_000_000);
    await post([
      pmp(p.id, { pricing: billablePricing('general_purpose_ai') }),
      pmp(p.id, { pricing: billablePricing(' Utility ') }),
    ]);
    expect(await creditOf(p.id)).toBe(1_000_000 - 20000);
    expect((await unitsOf(p.id)).map((u) => [u.billingStatus, u.metaCategoryUnknown]).sort()).toEqual([
      ['CHARGED', false],
      ['FREE', true],
    ]);
    const admin = await signInAs(fx.t.app, 'admin');
    const seen = await call<MetaDeliveriesResponse>(fx.t.app, 'GET', '/superadmin/meta-deliveries', { token: admin });
    expect(seen.body.unknownCategories).toContainEqual(
      expect.objectContaining({ category: 'general_purpose_ai', projectName: p.name, messages: 1 }),
    );
  });

  it('the margin report’s day rows follow the refund: what a failed message counted is taken back', async () => {
    const p = await newProject(1_000_000);
    const sent = pmp(p.id, { country: 'GB', pricing: billablePricing('marketing') });
    await post([sent, pmp(p.id, { country: 'GB', recipient: '447700900001' })]);
    await post([{ ...sent, status: 'failed', timestamp: hours(1) }]);
    const [day] = await fx.t.deps.db.select().from(marginDays).where(eq(marginDays.projectId, p.id));
    // default marketing: 2.00 to the client, 1.80 to the provider; one message left.
    expect(day).toMatchObject({ conversations: 1, charged: 1, revenue: 200000, providerCost: 180000 });
  });
});
