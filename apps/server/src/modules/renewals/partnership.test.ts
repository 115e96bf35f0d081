import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bannersFor } from '@pc/contract';
import { startTestApp, type TestContext } from '../../../test/harness.js';
import { jobs } from '../../platform/db/schema.js';
import { runDueJobs } from '../../platform/jobs/runner.js';
import { makePartner } from '../../seed/factories.js';
import { ensureRenewalsScheduled, RENEWALS_JOB, runRenewals } from './run.js';
import {
  expectLedgerBalanced,
  INR,
  makeClient,
  partnerRow,
  projectRow,
  recharge,
  renewalKeysUsedTwice,
  rowsOf,
} from './test-kit.js';

let t: TestContext;
beforeAll(async () => {
  t = await startTestApp({ seed: false });
});
afterAll(() => t.close());

const db = () => t.deps.db;
const setClock = (iso: string) => {
  t.clock.now = new Date(iso);
};
const run = () => runRenewals(t.deps);
const fees = (partnerId: string) => rowsOf(db(), 'PARTNERSHIP_FEE', { partnerId });
/** The partner's banners as its console shows them. */
const banners = async (partnerId: string) => bannersFor(await partnerRow(db(), partnerId), t.clock.now);

describe('the renewals job: partnership fees', () => {
  it('charges the fee on the renewal date (UTC) and moves the date a year on', async () => {
    const p = await makePartner(db(), {
      name: 'Fee Partner',
      centralBalance: 30_000 * INR,
      partnershipFee: 25_000 * INR,
      partnershipRenewalOn: '2026-03-10',
      planType: 'DIAMOND',
    });
    setClock('2026-03-09T23:59:59Z');
    await run();
    expect(await fees(p.id)).toHaveLength(0);
    setClock('2026-03-10T00:30:00Z');
    await run();
    await run();
    expect(await fees(p.id)).toEqual([
      expect.objectContaining({
        balance: 'CENTRAL',
        action: 'SUBTRACT',
        amount: 25_000 * INR,
        projectId: null,
        message: 'Partnership fee: DIAMOND, one year from 2026-03-10',
        idempotencyKey: `renewal:partnership:${p.id}:2026-03-10`,
      }),
    ]);
    expect(await partnerRow(db(), p.id)).toMatchObject({
      partnershipRenewalOn: '2027-03-10',
      centralBalance: 5000 * INR,
    });
  });

  it('leaves an unpaid fee due, says so in the banner, and charges it once the balance covers it', async () => {
    const p = await makePartner(db(), {
      name: 'Short Partner',
      currency: 'USD',
      centralBalance: 100 * INR,
      partnershipFee: 250 * INR,
      partnershipRenewalOn: '2026-04-01',
    });
    setClock('2026-04-03T10:00:00Z');
    await run();
    expect(await fees(p.id)).toHaveLength(0);
    expect(await partnerRow(db(), p.id)).toMatchObject({
      partnershipRenewalOn: '2026-04-01',
      centralBalance: 100 * INR,
    });
    const [overdue] = await banners(p.id);
    expect(overdue).toMatchObject({ kind: 'renewalToday', severity: 'warning' });
    expect(overdue!.text).toContain('overdue by 2 days');
    expect(overdue!.text).toContain('$250.00');

    await recharge(db(), p.id, 200 * INR);
    setClock('2026-04-03T11:00:00Z');
    await run();
    expect((await fees(p.id)).map((r) => r.idempotencyKey)).toEqual([`renewal:partnership:${p.id}:2026-04-01`]);
    expect(await partnerRow(db(), p.id)).toMatchObject({
      partnershipRenewalOn: '2027-04-01',
      centralBalance: 50 * INR,
    });
    expect((await banners(p.id)).map((b) => b.kind)).not.toContain('renewalToday');
  });

  it('charges each year it is behind, once; 29 February renews on 28 February; no fee, nothing', async () => {
    const behind = await makePartner(db(), {
      name: 'Behind Partner',
      centralBalance: 10_000 * INR,
      partnershipFee: 1000 * INR,
      partnershipRenewalOn: '2024-02-29',
    });
    const free = await makePartner(db(), {
      name: 'Free Partner',
      partnershipFee: 0,
      partnershipRenewalOn: '2025-01-01',
    });
    setClock('2026-03-01T00:00:00Z');
    await Promise.all([run(), run()]);
    // Two runs at once: each year once, whichever run charged it (so in no particular row order).
    expect((await fees(behind.id)).map((r) => r.idempotencyKey!.split(':').at(-1)).sort()).toEqual([
      '2024-02-29',
      '2025-02-28',
      '2026-02-28',
    ]);
    expect((await partnerRow(db(), behind.id)).partnershipRenewalOn).toBe('2027-02-28');
    expect(await fees(free.id)).toHaveLength(0);
    expect((await partnerRow(db(), free.id)).partnershipRenewalOn).toBe('2025-01-01');
  });
});

describe('the renewals job on the jobs table', () => {
  // Only the renewals job: earlier tests' recharges queued resumes of their own partners (resume.test.ts).
  const renewalsOnly = () => ({ [RENEWALS_JOB]: t.app.jobHandlers[RENEWALS_JOB]! });

  it('is scheduled once, runs, asks to run again in RENEWALS_MINUTES, and dates undated add-ons on its first run', async () => {
    setClock('2026-10-01T00:00:00Z');
    const c = await makeClient(db(), { centralBalance: 10_000 * INR });
    const due = await c.project({ planRenewalOn: new Date('2026-09-30T00:00:00Z') });
    const undated = await c.project({ addons: { WEBHOOKS: { status: 'ACTIVE' } } });
    expect(await ensureRenewalsScheduled(db(), t.clock.now)).toBe(true);
    expect(await ensureRenewalsScheduled(db(), t.clock.now)).toBe(false);
    const pending = () => db().select().from(jobs).where(eq(jobs.kind, RENEWALS_JOB));
    expect(await pending()).toHaveLength(1);

    expect(await runDueJobs(db(), renewalsOnly(), () => t.clock.now)).toMatchObject({ ran: 1, failed: 0 });
    expect(await rowsOf(db(), 'PLAN_RENEWED', { projectId: due.id })).toHaveLength(1);
    expect((await projectRow(db(), undated.id)).addons.WEBHOOKS!.renewalOn).toBe('2026-11-01T00:00:00.000Z');
    const [job] = await pending();
    expect(job).toMatchObject({ runAt: new Date('2026-10-01T01:00:00Z'), lockedUntil: null, failedAt: null });

    // Not due before its hour; then again, without dating add-ons (once per process).
    expect((await runDueJobs(db(), renewalsOnly(), () => t.clock.now)).ran).toBe(0);
    const later = await c.project({ addons: { WEBHOOKS: { status: 'ACTIVE' } } });
    setClock('2026-10-01T01:00:00Z');
    expect((await runDueJobs(db(), renewalsOnly(), () => t.clock.now)).ran).toBe(1);
    expect((await projectRow(db(), later.id)).addons.WEBHOOKS!.renewalOn).toBeUndefined();
  });

  it('keeps every balance the sum of its rows, each renewal key used once', async () => {
    await expectLedgerBalanced(db());
    expect(await renewalKeysUsedTwice(db())).toEqual([]);
  });
});
