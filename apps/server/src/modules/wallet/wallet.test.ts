import { and, eq, ne } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { EstimateResponse, Partner, WalletResponse } from '@pc/contract';
import { call, signInAs } from '../../../test/harness.js';
import { projects, walletThresholds } from '../../platform/db/schema.js';
import { runDueJobs } from '../../platform/jobs/runner.js';
import { postEntry } from '../billing/ledger.js';
import { useChargingFixture } from '../charging/fixture.js';
import { ensureWalletCheckScheduled, walletModule } from './index.js';

const { fx, newProject, setCentral } = useChargingFixture();
const DAY = 86_400_000;

const wallet = (token: string, query = '') =>
  call<WalletResponse & { message?: string }>(fx.t.app, 'GET', `/api/wallet${query}`, { token });
const runWalletJobs = () =>
  runDueJobs(fx.t.deps.db, walletModule(fx.t.deps).jobHandlers, fx.t.deps.now, { concurrency: 1 });
const profile = async (token: string) =>
  (await call<{ data: Partner }>(fx.t.app, 'POST', '/api/get-profile', { token })).body.data;

/** `days` whole days of spend from a project's credit, ending yesterday (the forecast's window). */
const spendDaily = async (projectId: string, amount: number, days: number) => {
  for (let d = 1; d <= days; d += 1)
    await postEntry(fx.t.deps.db, {
      partnerId: fx.partnerId,
      projectId,
      balance: 'WCC',
      action: 'SUBTRACT',
      amount,
      reasonCode: 'MESSAGE_DELIVERY_WCC',
      message: 'spend',
      createdAt: new Date(fx.t.clock.now.getTime() - d * DAY),
    });
};

describe('GET /api/wallet', () => {
  it('forecasts the central balance and each project credit, soonest to run out first', async () => {
    const owner = await signInAs(fx.t.app, 'owner');
    const fast = await newProject(1_000_000_000);
    await spendDaily(fast.id, 100_000_000, 7); // 7 × ₹1,000 spent, ₹3,000 left: 3 days at ₹1,000 a day
    const slow = await newProject(1_000_000_000);
    await spendDaily(slow.id, 10_000_000, 30); // ₹7,000 left at ₹100 a day: 70 days
    const idle = await newProject(500_000_000); // never spent: last
    const answer = await wallet(owner, '?limit=100');
    expect(answer.status).toBe(200);
    const rows = answer.body.projects;
    const row = (id: string) => rows.find((r) => r.projectId === id)!;
    expect(row(fast.id)).toMatchObject({ balance: 300_000_000, burn7: 100_000_000, daysToZero: 3 });
    expect(row(slow.id)).toMatchObject({ balance: 700_000_000, burn30: 10_000_000, daysToZero: 70 });
    expect(row(idle.id)).toMatchObject({ daysToZero: null, zeroOn: null });
    const order = rows.map((r) => r.projectId);
    expect(order.indexOf(fast.id)).toBeLessThan(order.indexOf(slow.id));
    expect(order.indexOf(slow.id)).toBeLessThan(order.indexOf(idle.id));
    expect(row(fast.id).projectName).toBe(fast.name);
    expect(answer.body.currency).toBe('INR');
    expect(answer.body.central.minAllowedBalance).toBeTypeOf('number');
  });

  it("places the suspended banner's date on the central balance's line", async () => {
    const owner = await signInAs(fx.t.app, 'owner');
    await setCentral(1_000_000_000);
    const before = (await wallet(owner)).body.central;
    // The demo's Acme spends from its central balance and has a minimum of ₹500: a date on its line.
    expect(before.dailyBurn).toBeGreaterThan(0);
    expect(before.minAllowedBalance).toBeGreaterThan(0);
    expect(before.balance).toBeGreaterThanOrEqual(before.minAllowedBalance);
    const days = (before.balance - before.minAllowedBalance) / before.dailyBurn;
    expect(new Date(before.suspensionOn!).getTime()).toBe(fx.t.clock.now.getTime() + Math.ceil(days * DAY));
    // ₹10,000 is above the low balance level (₹3,000): that banner is still ahead, on the same line.
    const low = (before.balance - 3000 * 100_000) / before.dailyBurn;
    expect(new Date(before.lowBalanceOn!).getTime()).toBe(fx.t.clock.now.getTime() + Math.ceil(low * DAY));
  });

  it('refuses referral users (no money figures) and answers only the session partner', async () => {
    const referral = await signInAs(fx.t.app, 'referral');
    expect((await wallet(referral)).status).toBe(403);
    const direct = await signInAs(fx.t.app, 'direct');
    const theirs = await wallet(direct, '?limit=100');
    expect(theirs.status).toBe(200);
    const acmeProjects = await fx.t.deps.db
      .select({ id: projects.id })
      .from(projects)
      .where(eq(projects.partnerId, fx.partnerId));
    const acme = new Set(acmeProjects.map((p) => p.id));
    expect(theirs.body.projects.some((p) => acme.has(p.projectId))).toBe(false);
  });
});

describe('warning levels', () => {
  it('mail once when crossed, show a banner while crossed, and clear when the balance is back above', async () => {
    const owner = await signInAs(fx.t.app, 'owner');
    const project = await newProject(500_000_000); // ₹5,000
    const put = (body: unknown) =>
      call(fx.t.app, 'PUT', `/api/wallet/projects/${project.id}/threshold`, { token: owner, body });
    expect((await put({ kind: 'AMOUNT', value: 0 })).status).toBe(400);
    expect((await put({ kind: 'DAYS', value: 400 })).status).toBe(400);
    expect((await put({ kind: 'WEEKS', value: 4 })).status).toBe(400);
    const sentBefore = fx.t.outbox.sent.length;
    // Above ₹5,000: crossed at once, its mail queued in the same transaction.
    const saved = await put({ kind: 'AMOUNT', value: 600_000_000 });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      message: 'Warning level saved',
      threshold: { kind: 'AMOUNT', value: 600_000_000 },
    });
    expect((saved.body as { threshold: { crossedAt: string | null } }).threshold.crossedAt).not.toBeNull();
    await runWalletJobs();
    const mails = fx.t.outbox.sent
      .slice(sentBefore)
      .filter((m) => m.subject === `${project.name}: below your warning level`);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('₹5,000.00');
    expect((await profile(owner)).walletWarnings).toContainEqual({
      balance: 'WCC',
      projectName: project.name,
      kind: 'AMOUNT',
      value: 600_000_000,
    });
    // Checked again: no second mail for the same crossing.
    await runWalletJobs();
    await call(fx.t.app, 'PUT', '/api/wallet/threshold', { token: owner, body: { kind: 'DAYS', value: 1 } });
    expect(fx.t.outbox.sent.slice(sentBefore).filter((m) => m.subject.startsWith(project.name))).toHaveLength(1);

    // Topped up above it: cleared by the periodic check, and no banner.
    await postEntry(fx.t.deps.db, {
      partnerId: fx.partnerId,
      projectId: project.id,
      balance: 'WCC',
      action: 'ADD',
      amount: 200_000_000,
      reasonCode: 'TRIAL_CREDIT',
      message: 'top up',
    });
    await ensureWalletCheckScheduled(fx.t.deps.db, fx.t.clock.now);
    await runWalletJobs();
    const [row] = await fx.t.deps.db
      .select()
      .from(walletThresholds)
      .where(and(eq(walletThresholds.projectId, project.id), eq(walletThresholds.partnerId, fx.partnerId)));
    expect(row!.crossedAt).toBeNull();
    expect((await profile(owner)).walletWarnings?.some((w) => w.projectName === project.name)).toBe(false);

    // Removed: gone. Referral users and another partner's project cannot set one.
    expect(
      (await call(fx.t.app, 'DELETE', `/api/wallet/projects/${project.id}/threshold`, { token: owner })).status,
    ).toBe(200);
    expect(
      await fx.t.deps.db.select().from(walletThresholds).where(eq(walletThresholds.projectId, project.id)),
    ).toHaveLength(0);
    const direct = await signInAs(fx.t.app, 'direct');
    const foreign = await call(fx.t.app, 'PUT', `/api/wallet/projects/${project.id}/threshold`, {
      token: direct,
      body: { kind: 'AMOUNT', value: 1 },
    });
    expect(foreign.status).toBe(404);
    expect(
      await fx.t.deps.db.select().from(walletThresholds).where(eq(walletThresholds.projectId, project.id)),
    ).toHaveLength(0);
    await call(fx.t.app, 'DELETE', '/api/wallet/threshold', { token: owner });
  });
});

describe('POST /api/projects/:projectId/campaign-estimate', () => {
  const estimate = (token: string, projectId: string, body: unknown) =>
    call<EstimateResponse & { message?: string }>(fx.t.app, 'POST', `/api/projects/${projectId}/campaign-estimate`, {
      token,
      body,
    });

  it("prices a campaign at the project's prices and says how charging would pay it", async () => {
    const owner = await signInAs(fx.t.app, 'owner');
    const project = await newProject(250_000); // ₹2.50 of credit
    await setCentral(300_000); // ₹3.00 central
    const answer = await estimate(owner, project.id, {
      lines: [
        { country: 'IN', category: 'marketing', recipients: 3 }, // 3 × ₹1.00
        { country: 'US', category: 'marketing', recipients: 2 }, // default: 2 × ₹2.00
        // Charged since 1 October 2026 (5 × ₹0.40; the estimate counts no free tier), free before.
        { country: 'IN', category: 'service', recipients: 5 },
      ],
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      currency: 'INR',
      total: 900_000,
      credit: 250_000,
      centralBalance: 300_000,
      // Two IN from the credit (₹0.50 left, short of ₹1.00), the third from central; one US from
      // central (₹0 left), one not covered; one service from the credit (₹0.10 left), four not covered.
      fromCredit: 240_000,
      fromCentral: 300_000,
      uncovered: 360_000,
      covered: false,
    });
    expect(answer.body.lines.map((l) => l.price)).toEqual([100_000, 200_000, 40_000]);
    const now = fx.t.clock.now;
    fx.t.clock.now = new Date('2026-09-15T10:00:00Z');
    try {
      const before = await estimate(owner, project.id, {
        lines: [{ country: 'IN', category: 'service', recipients: 5 }],
      });
      expect(before.body.lines.map((l) => l.price)).toEqual([0]);
    } finally {
      fx.t.clock.now = now;
    }
  });

  it('refuses bad input with the reason, a project without prices, and another partner’s project', async () => {
    const owner = await signInAs(fx.t.app, 'owner');
    const project = await newProject(0);
    expect((await estimate(owner, project.id, { lines: [] })).status).toBe(400);
    expect(
      (await estimate(owner, project.id, { lines: [{ country: 'India', category: 'marketing', recipients: 1 }] }))
        .status,
    ).toBe(400);
    expect(
      (await estimate(owner, project.id, { lines: [{ country: 'IN', category: 'marketing', recipients: 0 }] })).status,
    ).toBe(400);
    const noPlan = await fx.t.deps.db
      .update(projects)
      .set({ wccPlanId: null })
      .where(eq(projects.id, project.id))
      .returning({ id: projects.id });
    const none = await estimate(owner, noPlan[0]!.id, {
      lines: [{ country: 'IN', category: 'marketing', recipients: 1 }],
    });
    expect(none).toMatchObject({
      status: 400,
      body: { message: 'This project has no conversation prices: choose a WCC plan first.' },
    });
    const [foreign] = await fx.t.deps.db
      .select({ id: projects.id })
      .from(projects)
      .where(ne(projects.partnerId, fx.partnerId))
      .limit(1);
    expect(
      (await estimate(owner, foreign!.id, { lines: [{ country: 'IN', category: 'marketing', recipients: 1 }] })).status,
    ).toBe(404);
  });
});
