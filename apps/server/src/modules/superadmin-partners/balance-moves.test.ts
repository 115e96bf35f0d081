import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { partnerAccountTexts as texts, type BillingActivityListsResponse } from '@pc/contract';
import { billingLogs } from '../../platform/db/schema.js';
import { insufficientCentralBalance, postEntry } from '../billing/ledger.js';
import { UNIT, useMoneyKit } from './money-kit.js';

/** The super-admin's corrections and partnership refunds of a central balance, and the partner's billing rows. */
const { k, post, correction, refund, centralOf, expectLedgerSums, state, auditRows, freshPartner } = useMoneyKit();

describe('POST /superadmin/partners/:id/correction', () => {
  it('adds or subtracts with the reason as the message, and audits it', async () => {
    const p = await freshPartner('INR', 1000 * UNIT);
    const add = await correction(p.id, { action: 'ADD', amount: 250 * UNIT, reason: 'Refund of a double charge' });
    expect(add.status).toBe(200);
    expect(add.body).toEqual({ message: texts.corrected, amount: 250 * UNIT, centralBalance: 1250 * UNIT });
    const sub = await correction(p.id, { action: 'SUBTRACT', amount: 1250 * UNIT, reason: '  Test money back  ' });
    expect(sub.body).toMatchObject({ centralBalance: 0 });
    const rows = await k.t.database.db
      .select({ action: billingLogs.action, amount: billingLogs.amount, message: billingLogs.message })
      .from(billingLogs)
      .where(and(eq(billingLogs.partnerId, p.id), eq(billingLogs.reasonCode, 'CENTRAL_BALANCE_UPDATE')));
    expect(rows).toEqual(
      expect.arrayContaining([
        { action: 'ADD', amount: 250 * UNIT, message: 'Refund of a double charge' },
        { action: 'SUBTRACT', amount: 1250 * UNIT, message: 'Test money back' },
      ]),
    );
    const audit = await auditRows(p.id, 'partner.correction');
    expect(audit.map((a) => [a.before, a.after])).toEqual(
      expect.arrayContaining([
        [
          { centralBalance: 1000 * UNIT },
          { centralBalance: 1250 * UNIT, action: 'ADD', amount: 250 * UNIT, reason: 'Refund of a double charge' },
        ],
        [
          { centralBalance: 1250 * UNIT },
          { centralBalance: 0, action: 'SUBTRACT', amount: 1250 * UNIT, reason: 'Test money back' },
        ],
      ]),
    );
    await expectLedgerSums(p.id);
  });

  it('never takes the balance below zero: 400, nothing changed, also when several run at once', async () => {
    const p = await freshPartner('INR', 100 * UNIT);
    const before = await state(p.id);
    const res = await correction(p.id, { action: 'SUBTRACT', amount: 101 * UNIT, reason: 'Too much' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(insufficientCentralBalance);
    expect(await state(p.id)).toEqual(before);

    const results = await Promise.all(
      Array.from({ length: 6 }, () => correction(p.id, { action: 'SUBTRACT', amount: 30 * UNIT, reason: 'Split' })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    expect(results.filter((r) => r.status === 400)).toHaveLength(3);
    expect(await centralOf(p.id)).toBe(10 * UNIT);
    expect(await auditRows(p.id, 'partner.correction')).toHaveLength(3);
    await expectLedgerSums(p.id);
  });

  it('answers a retry with its Idempotency-Key from the first', async () => {
    const p = await freshPartner();
    const body = { action: 'ADD', amount: 40 * UNIT, reason: 'Goodwill' };
    const first = await correction(p.id, body, { key: 'correction-once' });
    expect((await correction(p.id, body, { key: 'correction-once' })).body).toEqual(first.body);
    expect(await centralOf(p.id)).toBe(40 * UNIT);
    expect((await correction(p.id, { ...body, reason: 'Other' }, { key: 'correction-once' })).status).toBe(409);
  });

  it('refuses bad input (400), an unknown partner (404) and a partner (403), changing nothing', async () => {
    const before = await state(k.acmeId);
    for (const body of [
      { action: 'ADD', amount: 10 * UNIT, reason: '   ' },
      { action: 'ADD', amount: 10 * UNIT },
      { action: 'MULTIPLY', amount: 10 * UNIT, reason: 'x' },
      { action: 'ADD', amount: 0, reason: 'x' },
    ]) {
      const res = await correction(k.acmeId, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toEqual(expect.stringMatching(/\S/));
    }
    const ok = { action: 'ADD', amount: UNIT, reason: 'x' };
    expect((await correction('000000000000000000000000', ok)).status).toBe(404);
    expect((await correction(k.acmeId, ok, { token: k.owner })).status).toBe(403);
    expect(await state(k.acmeId)).toEqual(before);
  });
});

describe('POST /superadmin/partners/:id/partnership-refund', () => {
  const chargeFee = (partnerId: string, amount: number, at: Date) =>
    postEntry(k.t.database.db, {
      partnerId,
      balance: 'CENTRAL',
      action: 'SUBTRACT',
      amount,
      reasonCode: 'PARTNERSHIP_FEE',
      message: 'Partnership fee',
      createdAt: at,
    });

  it('refunds the latest fee not refunded yet, whole and once, then the one before, then 400', async () => {
    const p = await freshPartner('INR', 50_000 * UNIT);
    await chargeFee(p.id, 20_000 * UNIT, new Date('2024-01-10T00:00:00Z'));
    await chargeFee(p.id, 25_000 * UNIT, new Date('2025-01-10T00:00:00Z'));
    expect(await centralOf(p.id)).toBe(5_000 * UNIT);

    const first = await refund(p.id);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ message: texts.refunded, amount: 25_000 * UNIT, centralBalance: 30_000 * UNIT });
    const second = await refund(p.id);
    expect(second.body).toMatchObject({ amount: 20_000 * UNIT, centralBalance: 50_000 * UNIT });
    const before = await state(p.id);
    const third = await refund(p.id);
    expect(third.status).toBe(400);
    expect(third.body.message).toBe(texts.noFeeToRefund);
    expect(await state(p.id)).toEqual(before);

    const rows = await k.t.database.db
      .select({ amount: billingLogs.amount, key: billingLogs.idempotencyKey })
      .from(billingLogs)
      .where(and(eq(billingLogs.partnerId, p.id), eq(billingLogs.reasonCode, 'PARTNERSHIP_RENEWAL_REFUND')));
    expect(rows.map((r) => r.key)).toEqual(rows.map(() => expect.stringMatching(/^partnership-refund:\w+$/)));
    const audit = await auditRows(p.id, 'partner.partnership-refund');
    expect(audit).toHaveLength(2);
    expect(audit.find((a) => a.after?.amount === 25_000 * UNIT)).toMatchObject({
      before: { centralBalance: 5_000 * UNIT },
      after: { centralBalance: 30_000 * UNIT, feeBillingLogId: expect.any(String) },
    });
    await expectLedgerSums(p.id);
  });

  it('refunds one fee once however many ask at once', async () => {
    const p = await freshPartner('INR', 1_000 * UNIT);
    await chargeFee(p.id, 1_000 * UNIT, new Date('2025-02-01T00:00:00Z'));
    const results = await Promise.all(Array.from({ length: 4 }, () => refund(p.id)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400, 400]);
    expect(await centralOf(p.id)).toBe(1_000 * UNIT);
    await expectLedgerSums(p.id);
  });

  it('answers 400 without a fee, 404 for an unknown partner, 403 to a partner', async () => {
    const p = await freshPartner('INR', 10 * UNIT);
    const before = await state(p.id);
    expect((await refund(p.id)).status).toBe(400);
    expect((await refund('000000000000000000000000')).status).toBe(404);
    expect((await refund(k.acmeId, k.owner)).status).toBe(403);
    expect(await state(p.id)).toEqual(before);
  });
});

describe('POST /superadmin/partners/:id/billing-logs', () => {
  it("answers the partner's billing rows, newest first; 404 for an unknown partner", async () => {
    const res = await post<BillingActivityListsResponse>(`/superadmin/partners/${k.acmeId}/billing-logs`, {
      skip: 0,
      rowsPerPage: 5,
    });
    expect(res.status).toBe(200);
    expect(res.body.partnerBillingLogs).toHaveLength(5);
    expect(res.body.partnerBillingLogs.every((log) => log.partnerId === k.acmeId)).toBe(true);
    const times = res.body.partnerBillingLogs.map((log) => log.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    expect((await post(`/superadmin/partners/000000000000000000000000/billing-logs`, { skip: 0 })).status).toBe(404);
    expect((await post(`/superadmin/partners/${k.acmeId}/billing-logs`, { skip: 0 }, { token: k.owner })).status).toBe(
      403,
    );
  });
});
