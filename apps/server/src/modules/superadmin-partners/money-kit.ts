import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import type { RechargeAnswer } from '@pc/contract';
import { call, signIn, signInAs, startTestApp, type TestContext } from '../../../test/harness.js';
import { adminAuditLog, billingLogs, partners, storedFiles } from '../../platform/db/schema.js';
import { makeAgent, makePartner } from '../../seed/factories.js';
import { readCentralBalance } from '../../modules/billing/central-balance.js';

export const UNIT = 100000;

/**
 * What the money tests of the partner account share (recharge.test.ts, balance-moves.test.ts): a
 * test app per file with the admin's and Acme's owner's tokens, the calls, and the ledger checks.
 */
export const useMoneyKit = () => {
  const k = {} as { t: TestContext; admin: string; owner: string; acmeId: string; adsId: string };
  beforeAll(async () => {
    k.t = await startTestApp();
    [k.admin, k.owner] = await Promise.all([signInAs(k.t.app, 'admin'), signInAs(k.t.app, 'owner')]);
    const rows = await k.t.database.db.select({ id: partners.id, name: partners.name }).from(partners);
    k.acmeId = rows.find((r) => r.name === 'Acme Messaging')!.id;
    k.adsId = rows.find((r) => r.name === 'AdsWorks')!.id;
  });
  afterAll(() => k.t.close());
  let serial = 0;
  /** Gateway-like ids, unique per call: pay_ / order_ and 14 letters or digits. */
  const ids = () => {
    serial += 1;
    const n = String(serial).padStart(4, '0');
    return { paymentId: `pay_T${n}Abcdefghi`, orderId: `order_T${n}Abcdefghi` };
  };
  const post = <T = Record<string, unknown>>(
    path: string,
    body: unknown,
    opts: { token?: string; key?: string } = {},
  ) =>
    call<T>(k.t.app, 'POST', path, {
      token: opts.token ?? k.admin,
      body,
      headers: opts.key ? { 'idempotency-key': opts.key } : {},
    });
  const recharge = (partnerId: string, body: unknown, opts: { token?: string; key?: string } = {}) =>
    post<RechargeAnswer & { message: string }>(`/superadmin/partners/${partnerId}/recharge`, body, opts);
  const correction = (partnerId: string, body: unknown, opts: { token?: string; key?: string } = {}) =>
    post(`/superadmin/partners/${partnerId}/correction`, body, opts);
  const refund = (partnerId: string, token?: string) =>
    post(`/superadmin/partners/${partnerId}/partnership-refund`, undefined, token ? { token } : {});

  const centralOf = (partnerId: string) => readCentralBalance(k.t.database.db, partnerId);
  /** The ledger invariant: the central balance is the sum of its rows. */
  const expectLedgerSums = async (partnerId: string) => {
    const [row] = await k.t.database.db
      .select({
        sum: sql<string>`coalesce(sum(case when ${billingLogs.action} = 'ADD' then ${billingLogs.amount} else -${billingLogs.amount} end), 0)`,
      })
      .from(billingLogs)
      .where(and(eq(billingLogs.partnerId, partnerId), eq(billingLogs.balance, 'CENTRAL')));
    expect(Number(row!.sum)).toBe(await centralOf(partnerId));
  };
  const state = async (partnerId: string) => ({
    central: await centralOf(partnerId),
    rows: (
      await k.t.database.db.select({ n: count() }).from(billingLogs).where(eq(billingLogs.partnerId, partnerId))
    )[0]!.n,
    audit: (await k.t.database.db.select({ n: count() }).from(adminAuditLog))[0]!.n,
    files: (
      await k.t.database.db.select({ n: count() }).from(storedFiles).where(eq(storedFiles.partnerId, partnerId))
    )[0]!.n,
  });
  const auditRows = (partnerId: string, action: string) =>
    k.t.database.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.partnerId, partnerId), eq(adminAuditLog.action, action)));

  /** A partner of its own with an OWNER, so balances start at what the test says. */
  const freshPartner = async (currency: 'INR' | 'USD' = 'INR', centralBalance = 0) => {
    serial += 1;
    const userName = `ledger${serial}`;
    const partner = await makePartner(k.t.database.db, { name: `Ledger Partner ${serial}`, currency, centralBalance });
    await makeAgent(k.t.database.db, {
      partnerId: partner.id,
      userName,
      password: 'Ledger@123',
      email: `${userName}@ledger.example`,
    });
    return { id: partner.id, token: () => signIn(k.t.app, userName, 'Ledger@123') };
  };

  return { k, ids, post, recharge, correction, refund, centralOf, expectLedgerSums, state, auditRows, freshPartner };
};
