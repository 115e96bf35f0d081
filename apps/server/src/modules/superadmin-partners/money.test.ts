import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  partnerAccountTexts as texts,
  projectBillingTexts,
  type BillingActivityListsResponse,
  type BillingDetailResponse,
  type Partner,
  type RechargeAnswer,
} from '@pc/contract';
import { call, signIn, signInAs, startTestApp, type TestContext } from '../../../test/harness.js';
import { adminAuditLog, billingLogs, partners, storedFiles } from '../../platform/db/schema.js';
import { makeAgent, makePartner } from '../../seed/factories.js';
import { insufficientCentralBalance, postEntry } from '../billing/ledger.js';

const UNIT = 100000;
let t: TestContext;
let admin: string;
let owner: string;
let acmeId: string;
let adsId: string;

beforeAll(async () => {
  t = await startTestApp();
  [admin, owner] = await Promise.all([signInAs(t.app, 'admin'), signInAs(t.app, 'owner')]);
  const rows = await t.database.db.select({ id: partners.id, name: partners.name }).from(partners);
  acmeId = rows.find((r) => r.name === 'Acme Messaging')!.id;
  adsId = rows.find((r) => r.name === 'AdsWorks')!.id;
});
afterAll(() => t.close());

let serial = 0;
/** Gateway-like ids, unique per call: pay_ / order_ and 14 letters or digits. */
const ids = () => {
  serial += 1;
  const n = String(serial).padStart(4, '0');
  return { paymentId: `pay_T${n}Abcdefghi`, orderId: `order_T${n}Abcdefghi` };
};
const post = <T = Record<string, unknown>>(path: string, body: unknown, opts: { token?: string; key?: string } = {}) =>
  call<T>(t.app, 'POST', path, {
    token: opts.token ?? admin,
    body,
    headers: opts.key ? { 'idempotency-key': opts.key } : {},
  });
const recharge = (partnerId: string, body: unknown, opts: { token?: string; key?: string } = {}) =>
  post<RechargeAnswer & { message: string }>(`/superadmin/partners/${partnerId}/recharge`, body, opts);
const correction = (partnerId: string, body: unknown, opts: { token?: string; key?: string } = {}) =>
  post(`/superadmin/partners/${partnerId}/correction`, body, opts);
const refund = (partnerId: string, token = admin) =>
  post(`/superadmin/partners/${partnerId}/partnership-refund`, undefined, { token });

const centralOf = async (partnerId: string) =>
  (await t.database.db.select({ b: partners.centralBalance }).from(partners).where(eq(partners.id, partnerId)))[0]!.b;
/** The ledger invariant: the central balance is the sum of its rows. */
const expectLedgerSums = async (partnerId: string) => {
  const [row] = await t.database.db
    .select({
      sum: sql<string>`coalesce(sum(case when ${billingLogs.action} = 'ADD' then ${billingLogs.amount} else -${billingLogs.amount} end), 0)`,
    })
    .from(billingLogs)
    .where(and(eq(billingLogs.partnerId, partnerId), eq(billingLogs.balance, 'CENTRAL')));
  expect(Number(row!.sum)).toBe(await centralOf(partnerId));
};
const state = async (partnerId: string) => ({
  central: await centralOf(partnerId),
  rows: (await t.database.db.select({ n: count() }).from(billingLogs).where(eq(billingLogs.partnerId, partnerId)))[0]!
    .n,
  audit: (await t.database.db.select({ n: count() }).from(adminAuditLog))[0]!.n,
  files: (await t.database.db.select({ n: count() }).from(storedFiles).where(eq(storedFiles.partnerId, partnerId)))[0]!
    .n,
});
const auditRows = (partnerId: string, action: string) =>
  t.database.db
    .select()
    .from(adminAuditLog)
    .where(and(eq(adminAuditLog.partnerId, partnerId), eq(adminAuditLog.action, action)));

/** A partner of its own with an OWNER, so balances start at what the test says. */
const freshPartner = async (currency: 'INR' | 'USD' = 'INR', centralBalance = 0) => {
  serial += 1;
  const userName = `ledger${serial}`;
  const partner = await makePartner(t.database.db, { name: `Ledger Partner ${serial}`, currency, centralBalance });
  await makeAgent(t.database.db, {
    partnerId: partner.id,
    userName,
    password: 'Ledger@123',
    email: `${userName}@ledger.example`,
  });
  return { id: partner.id, token: () => signIn(t.app, userName, 'Ledger@123') };
};

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
      invoiceLink: expect.stringMatching(/^\/api\/files\/\w+$/),
    });
    expect(res.body.invoiceId).toMatch(/^inv_[A-Za-z0-9]{14}$/);

    const [row] = await t.database.db
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
      invoiceLink: res.body.invoiceLink,
    });
    await expectLedgerSums(p.id);

    // The invoice downloads without signing in, like a gateway's invoice link.
    const file = await t.app.inject({ method: 'GET', url: res.body.invoiceLink });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toContain(`${res.body.invoiceId}.pdf`);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(file.rawPayload.toString('latin1')).toContain(gateway.paymentId);

    // The partner: its balance, its Billing list (with the amount with tax) and Billing Details.
    const token = await p.token();
    const profile = await call<{ data: Partner }>(t.app, 'POST', '/api/get-profile', { token });
    expect(profile.body.data.centralBalance).toBe(5100 * UNIT);
    const listed = await call<BillingActivityListsResponse>(t.app, 'POST', '/api/partner-billing-activity-lists', {
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
      t.app,
      'GET',
      `/api/:partnerId/partnerbilling-lists/${listed.body.partnerBillingLogs[0]!._id}`,
      { token },
    );
    expect(detail.body[0]).toMatchObject({ ...gateway, invoiceLink: res.body.invoiceLink });

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
    const before = await centralOf(adsId);
    const res = await recharge(adsId, { amount: 100 * UNIT, ...ids() });
    expect(res.body).toMatchObject({ tax: 0, amountWithTax: 100 * UNIT, centralBalance: before + 100 * UNIT });
    const [row] = await t.database.db
      .select({ amountWithTax: billingLogs.amountWithTax })
      .from(billingLogs)
      .where(and(eq(billingLogs.partnerId, adsId), eq(billingLogs.invoiceId, res.body.invoiceId)));
    expect(row!.amountWithTax).toBeNull();
    await expectLedgerSums(adsId);
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
    const before = await state(acmeId);
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
      const res = await recharge(acmeId, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toEqual(expect.stringMatching(/\S/));
    }
    expect(await state(acmeId)).toEqual(before);
  });

  it('answers 404 for an unknown partner and 403 to a partner, changing nothing', async () => {
    const before = await state(acmeId);
    expect((await recharge('000000000000000000000000', { amount: UNIT, ...ids() })).status).toBe(404);
    expect((await recharge(acmeId, { amount: UNIT, ...ids() }, { token: owner })).status).toBe(403);
    expect(await state(acmeId)).toEqual(before);
  });
});

describe('POST /superadmin/partners/:id/correction', () => {
  it('adds or subtracts with the reason as the message, and audits it', async () => {
    const p = await freshPartner('INR', 1000 * UNIT);
    const add = await correction(p.id, { action: 'ADD', amount: 250 * UNIT, reason: 'Refund of a double charge' });
    expect(add.status).toBe(200);
    expect(add.body).toEqual({ message: texts.corrected, amount: 250 * UNIT, centralBalance: 1250 * UNIT });
    const sub = await correction(p.id, { action: 'SUBTRACT', amount: 1250 * UNIT, reason: '  Test money back  ' });
    expect(sub.body).toMatchObject({ centralBalance: 0 });
    const rows = await t.database.db
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
    const before = await state(acmeId);
    for (const body of [
      { action: 'ADD', amount: 10 * UNIT, reason: '   ' },
      { action: 'ADD', amount: 10 * UNIT },
      { action: 'MULTIPLY', amount: 10 * UNIT, reason: 'x' },
      { action: 'ADD', amount: 0, reason: 'x' },
    ]) {
      const res = await correction(acmeId, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toEqual(expect.stringMatching(/\S/));
    }
    const ok = { action: 'ADD', amount: UNIT, reason: 'x' };
    expect((await correction('000000000000000000000000', ok)).status).toBe(404);
    expect((await correction(acmeId, ok, { token: owner })).status).toBe(403);
    expect(await state(acmeId)).toEqual(before);
  });
});

describe('POST /superadmin/partners/:id/partnership-refund', () => {
  const chargeFee = (partnerId: string, amount: number, at: Date) =>
    postEntry(t.database.db, {
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

    const rows = await t.database.db
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
    expect((await refund(acmeId, owner)).status).toBe(403);
    expect(await state(p.id)).toEqual(before);
  });
});

describe('POST /superadmin/partners/:id/billing-logs', () => {
  it("answers the partner's billing rows, newest first; 404 for an unknown partner", async () => {
    const res = await post<BillingActivityListsResponse>(`/superadmin/partners/${acmeId}/billing-logs`, {
      skip: 0,
      rowsPerPage: 5,
    });
    expect(res.status).toBe(200);
    expect(res.body.partnerBillingLogs).toHaveLength(5);
    expect(res.body.partnerBillingLogs.every((log) => log.partnerId === acmeId)).toBe(true);
    const times = res.body.partnerBillingLogs.map((log) => log.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    expect((await post(`/superadmin/partners/000000000000000000000000/billing-logs`, { skip: 0 })).status).toBe(404);
    expect((await post(`/superadmin/partners/${acmeId}/billing-logs`, { skip: 0 }, { token: owner })).status).toBe(403);
  });
});
