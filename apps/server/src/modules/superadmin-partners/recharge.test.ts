import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  partnerAccountTexts as texts,
  projectBillingTexts,
  type BillingActivityListsResponse,
  type BillingDetailResponse,
  type Partner,
} from '@pc/contract';
import { call } from '../../../test/harness.js';
import { billingLogs } from '../../platform/db/schema.js';
import { UNIT, useMoneyKit } from './money-kit.js';

/** The super-admin records a partner's central-balance recharge: GST, the invoice, once per payment. */
const { k, ids, recharge, centralOf, expectLedgerSums, state, auditRows, freshPartner } = useMoneyKit();

describe('POST /superadmin/partners/:id/recharge', () => {
  it('adds the amount, keeps the GST beside it, stores the invoice, and the partner sees it all', async () => {
    const p = await freshPartner('INR', 100 * UNIT);
    const gateway = ids();
    const res = await recharge(p.id, { amount: 5000 * UNIT, ...gateway });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      message: texts.recharged,
      amount: 5000 * UNIT,
      tax: 900 * UNIT,
      amountWithTax: 5900 * UNIT,
      centralBalance: 5100 * UNIT,
      // A signed link that expires (projects/file-links.ts); the row keeps the plain path.
      invoiceLink: expect.stringMatching(/^\/api\/files\/\w+\?token=[\w-]+\.[\w-]+\.[\w-]+$/),
    });
    const storedLink = res.body.invoiceLink.split('?')[0]!;
    expect(res.body.invoiceId).toMatch(/^inv_[A-Za-z0-9]{14}$/);

    const [row] = await k.t.database.db
      .select()
      .from(billingLogs)
      .where(and(eq(billingLogs.partnerId, p.id), eq(billingLogs.reasonCode, 'CENTRAL_BALANCE_RECHARGE')))
      .orderBy(sql`${billingLogs.createdAt} desc`)
      .limit(1);
    expect(row).toMatchObject({
      balance: 'CENTRAL',
      action: 'ADD',
      amount: 5000 * UNIT,
      amountWithTax: 5900 * UNIT,
      balanceAfter: 5100 * UNIT,
      ...gateway,
      invoiceId: res.body.invoiceId,
      invoiceLink: storedLink,
    });
    await expectLedgerSums(p.id);

    // The invoice downloads without signing in through its signed link, kept by no shared cache;
    // not by its id alone, nor with a forged or expired link.
    const file = await k.t.app.inject({ method: 'GET', url: res.body.invoiceLink });
    expect(file.statusCode).toBe(200);
    expect(file.headers['cache-control']).toBe('private, no-store');
    expect((await k.t.app.inject({ method: 'GET', url: storedLink })).statusCode).toBe(404);
    expect((await k.t.app.inject({ method: 'GET', url: `${res.body.invoiceLink}x` })).statusCode).toBe(404);
    const otherFile = res.body.invoiceLink.replace(/\/api\/files\/\w+/, '/api/files/0123456789abcdef01234567');
    expect((await k.t.app.inject({ method: 'GET', url: otherFile })).statusCode).toBe(404);
    const now = k.t.clock.now;
    k.t.clock.now = new Date(now.getTime() + 16 * 60_000);
    expect((await k.t.app.inject({ method: 'GET', url: res.body.invoiceLink })).statusCode).toBe(404);
    k.t.clock.now = now;
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toContain(`${res.body.invoiceId}.pdf`);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(file.rawPayload.toString('latin1')).toContain(gateway.paymentId);

    // The partner: its balance, its Billing list (with the amount with tax) and Billing Details.
    const token = await p.token();
    const profile = await call<{ data: Partner }>(k.t.app, 'POST', '/api/get-profile', { token });
    expect(profile.body.data.centralBalance).toBe(5100 * UNIT);
    const listed = await call<BillingActivityListsResponse>(k.t.app, 'POST', '/api/partner-billing-activity-lists', {
      token,
      body: { skip: 0, rowsPerPage: 10 },
    });
    expect(listed.body.partnerBillingLogs[0]).toMatchObject({
      reasonCode: 'CENTRAL_BALANCE_RECHARGE',
      amount: 5000 * UNIT,
      amountWithTax: 5900 * UNIT,
      invoiceId: res.body.invoiceId,
    });
    // Rows without tax answer their amount.
    expect(listed.body.partnerBillingLogs[1]).toMatchObject({ amount: 100 * UNIT, amountWithTax: 100 * UNIT });
    const detail = await call<BillingDetailResponse>(
      k.t.app,
      'GET',
      `/api/:partnerId/partnerbilling-lists/${listed.body.partnerBillingLogs[0]!._id}`,
      { token },
    );
    expect(detail.body[0]).toMatchObject({ ...gateway, invoiceLink: expect.stringContaining(`${storedLink}?token=`) });
    expect((await k.t.app.inject({ method: 'GET', url: detail.body[0].invoiceLink! })).statusCode).toBe(200);

    const [audit] = await auditRows(p.id, 'partner.recharge');
    expect(audit).toMatchObject({
      targetKind: 'partner',
      targetId: p.id,
      before: { centralBalance: 100 * UNIT },
      after: {
        centralBalance: 5100 * UNIT,
        amount: 5000 * UNIT,
        tax: 900 * UNIT,
        amountWithTax: 5900 * UNIT,
        invoiceId: res.body.invoiceId,
        ...gateway,
      },
    });
  });

  it('charges no tax on a USD recharge: the row has no amount with tax of its own', async () => {
    const before = await centralOf(k.adsId);
    const res = await recharge(k.adsId, { amount: 100 * UNIT, ...ids() });
    expect(res.body).toMatchObject({ tax: 0, amountWithTax: 100 * UNIT, centralBalance: before + 100 * UNIT });
    const [row] = await k.t.database.db
      .select({ amountWithTax: billingLogs.amountWithTax })
      .from(billingLogs)
      .where(and(eq(billingLogs.partnerId, k.adsId), eq(billingLogs.invoiceId, res.body.invoiceId)));
    expect(row!.amountWithTax).toBeNull();
    await expectLedgerSums(k.adsId);
  });

  it('rounds the GST to the paisa', async () => {
    const p = await freshPartner();
    // 18 % of ₹0.05 is ₹0.009: one paisa.
    expect((await recharge(p.id, { amount: 5000, ...ids() })).body).toMatchObject({ tax: 1000, amountWithTax: 6000 });
  });

  it('records a payment once: a retry with its Idempotency-Key answers the first, another request with it is a 409', async () => {
    const p = await freshPartner();
    const gateway = ids();
    const first = await recharge(p.id, { amount: 700 * UNIT, ...gateway }, { key: 'recharge-once' });
    expect(first.status).toBe(200);
    const settled = await state(p.id);
    const again = await recharge(p.id, { amount: 700 * UNIT, ...gateway }, { key: 'recharge-once' });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await state(p.id)).toEqual(settled);

    const other = await recharge(p.id, { amount: 700 * UNIT, ...ids() }, { key: 'recharge-once' });
    expect(other.status).toBe(409);
    expect(other.body.message).toBe(projectBillingTexts.idempotencyKeyReused);
    const otherAmount = await recharge(p.id, { amount: 800 * UNIT, ...gateway }, { key: 'recharge-once' });
    expect(otherAmount.status).toBe(409);
    // The same payment without the key: already recorded.
    const twice = await recharge(p.id, { amount: 700 * UNIT, ...gateway });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(texts.paymentRecorded);
    expect(await state(p.id)).toEqual(settled);
  });

  it('moves the money once for requests sent at once with one key', async () => {
    const p = await freshPartner();
    const gateway = ids();
    const results = await Promise.all(
      Array.from({ length: 5 }, () => recharge(p.id, { amount: 300 * UNIT, ...gateway }, { key: 'recharge-burst' })),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(results.map((r) => r.body.invoiceId)).size).toBe(1);
    expect(await centralOf(p.id)).toBe(300 * UNIT);
    expect(await auditRows(p.id, 'partner.recharge')).toHaveLength(1);
    await expectLedgerSums(p.id);
  });

  it('refuses bad input with a 400 and changes nothing', async () => {
    const before = await state(k.acmeId);
    for (const body of [
      { amount: 0, ...ids() },
      { amount: -5, ...ids() },
      { amount: 1.5, ...ids() },
      { amount: '100', ...ids() },
      { ...ids(), amount: 100 * UNIT, paymentId: 'pay_short' },
      { ...ids(), amount: 100 * UNIT, paymentId: 'PAY_T0001Abcdefghi' },
      { ...ids(), amount: 100 * UNIT, orderId: 'ord_T0001Abcdefghi' },
      { amount: 100 * UNIT, paymentId: ids().paymentId },
      {},
    ]) {
      const res = await recharge(k.acmeId, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toEqual(expect.stringMatching(/\S/));
    }
    expect(await state(k.acmeId)).toEqual(before);
  });

  it('answers 404 for an unknown partner and 403 to a partner, changing nothing', async () => {
    const before = await state(k.acmeId);
    expect((await recharge('000000000000000000000000', { amount: UNIT, ...ids() })).status).toBe(404);
    expect((await recharge(k.acmeId, { amount: UNIT, ...ids() }, { token: k.owner })).status).toBe(403);
    expect(await state(k.acmeId)).toEqual(before);
  });
});
