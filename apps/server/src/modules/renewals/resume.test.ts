import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestContext } from '../../../test/harness.js';
import { jobs } from '../../platform/db/schema.js';
import { runDueJobs } from '../../platform/jobs/runner.js';
import { postEntry } from '../billing/ledger.js';
import { RESUME_JOB } from './resume-queue.js';
import { resumeJobs } from './resume.js';
import { runRenewals } from './run.js';
import { INR, makeClient, partnerRow, PRICE, projectRow, recharge, rowsOf } from './test-kit.js';

let t: TestContext;
beforeAll(async () => {
  t = await startTestApp({ seed: false });
});
afterAll(() => t.close());

const db = () => t.deps.db;
const queued = (partnerId: string) =>
  db()
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, RESUME_JOB), eq(jobs.payload, { partnerId })));
const runResumes = () => runDueJobs(db(), resumeJobs(t.deps), t.deps.now, { concurrency: 1 });

/** A project whose renewal found the central balance short: unpaid, its period still due. */
const unpaidProject = async (centralBalance: number) => {
  const c = await makeClient(db(), { centralBalance });
  const p = await c.project({ planRenewalOn: new Date('2026-05-10T06:00:00Z') });
  t.clock.now = new Date('2026-05-10T07:00:00Z');
  await runRenewals(t.deps);
  expect((await projectRow(db(), p.id)).status).toBe('unpaid');
  return { c, p };
};

describe('a project short of money resumes as soon as money comes in', () => {
  it('a recharge that covers the period pays it at once and the project is active again', async () => {
    const { c, p } = await unpaidProject(1000 * INR);
    await recharge(db(), c.partner.id, 1000 * INR);
    expect(await queued(c.partner.id)).toHaveLength(1);
    t.clock.now = new Date('2026-05-10T07:01:00Z');
    await runResumes();
    expect(await projectRow(db(), p.id)).toMatchObject({
      status: 'active',
      disabledOn: null,
      planRenewalOn: new Date('2026-06-10T06:00:00Z'),
    });
    expect(await rowsOf(db(), 'PLAN_RENEWED', { projectId: p.id })).toHaveLength(1);
    expect((await partnerRow(db(), c.partner.id)).centralBalance).toBe(2000 * INR - PRICE.BASIC_MONTHLY);
    expect(await queued(c.partner.id)).toHaveLength(0);
    // The hourly run finds nothing left to charge.
    await runRenewals(t.deps);
    expect(await rowsOf(db(), 'PLAN_RENEWED', { projectId: p.id })).toHaveLength(1);
  });

  it('a recharge that does not cover it changes nothing; credit taken back from a project that does, resumes it', async () => {
    const { c, p } = await unpaidProject(0);
    await recharge(db(), c.partner.id, 100 * INR);
    await runResumes();
    expect((await projectRow(db(), p.id)).status).toBe('unpaid');
    expect(await rowsOf(db(), 'PLAN_RENEWED', { projectId: p.id })).toHaveLength(0);

    // Another project's credit, moved back into the central balance: a transfer.
    const q = await c.project({ activePlan: 'FREE' });
    const move = {
      partnerId: c.partner.id,
      projectId: q.id,
      amount: 2000 * INR,
      reasonCode: 'WCC_CREDIT_DEDUCT',
      message: 'Back',
    } as const;
    await postEntry(db(), { ...move, balance: 'WCC', action: 'ADD', reasonCode: 'TRIAL_CREDIT' });
    await postEntry(db(), { ...move, balance: 'WCC', action: 'SUBTRACT' });
    await postEntry(db(), { ...move, balance: 'CENTRAL', action: 'ADD' });
    await runResumes();
    expect((await projectRow(db(), p.id)).status).toBe('active');
  });

  it('a recharge with nothing waiting writes no job; an overdue partnership fee is paid by the next recharge', async () => {
    const c = await makeClient(db(), { centralBalance: 10 * INR });
    await recharge(db(), c.partner.id, 10 * INR);
    expect(await queued(c.partner.id)).toHaveLength(0);

    const d = await makeClient(db(), {
      centralBalance: 0,
      partnershipFee: 5000 * INR,
      partnershipRenewalOn: '2026-05-01',
    });
    t.clock.now = new Date('2026-05-10T07:00:00Z');
    await runRenewals(t.deps);
    expect((await partnerRow(db(), d.partner.id)).partnershipRenewalOn).toBe('2026-05-01');
    await recharge(db(), d.partner.id, 6000 * INR);
    await runResumes();
    expect(await partnerRow(db(), d.partner.id)).toMatchObject({
      partnershipRenewalOn: '2027-05-01',
      centralBalance: 1000 * INR,
    });
  });
});
