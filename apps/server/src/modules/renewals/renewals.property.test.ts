import { inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planPeriodOf, UNPAID_GRACE_DAYS } from '@pc/contract';
import { startTestApp, type TestContext } from '../../../test/harness.js';
import { projects } from '../../platform/db/schema.js';
import { AppError } from '../../platform/errors/app-error.js';
import { periodAfter } from './periods.js';
import { runRenewals } from './run.js';
import { renewPlanAsStaff } from './staff.js';
import {
  expectLedgerBalanced,
  INR,
  makeClient,
  partnerRow,
  recharge,
  renewalKeysUsedTwice,
  rowsOf,
} from './test-kit.js';

/**
 * Random sequences of what happens to a partner's renewing projects (time passes, the job runs, the
 * partner recharges, staff renew a plan early), each checked after every step: the ledger's rule
 * (every balance the sum of its rows), each period charged at most once, the charged periods of a
 * project following each other from its first renewal date with the date just after the last, and,
 * right after a run, no active project left due and no unpaid one past its grace.
 */
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let t: TestContext;
beforeAll(async () => {
  t = await startTestApp({ seed: false });
});
afterAll(() => t.close());
const db = () => t.deps.db;
const admin = { adminId: 'property-admin', name: 'Property Admin' };

const step = fc.oneof(
  fc.record({ kind: fc.constant('wait' as const), hours: fc.integer({ min: 1, max: 50 * 24 }) }),
  fc.record({ kind: fc.constant('run' as const) }),
  fc.record({ kind: fc.constant('recharge' as const), units: fc.integer({ min: 100, max: 20_000 }) }),
  fc.record({ kind: fc.constant('staff' as const), project: fc.nat() }),
);
const world = fc.record({
  balance: fc.integer({ min: 0, max: 30_000 }),
  plans: fc.array(
    fc.record({
      plan: fc.constantFrom('BASIC_MONTHLY', 'PRO_MONTHLY', 'BASIC_YEARLY', 'LITE'),
      dueInHours: fc.integer({ min: -90 * 24, max: 40 * 24 }),
    }),
    { minLength: 1, maxLength: 3 },
  ),
  steps: fc.array(step, { minLength: 1, maxLength: 12 }),
});

describe('renewals under random sequences', () => {
  it('keep the ledger whole and charge each period once, in order', async () => {
    let start = new Date('2027-01-01T00:00:00Z').getTime();
    await fc.assert(
      fc.asyncProperty(world, async (w) => {
        // Each sequence in its own stretch of time, after the previous ones.
        start += 5 * 365 * DAY;
        t.clock.now = new Date(start);
        const c = await makeClient(db(), { centralBalance: w.balance * INR });
        const made = await Promise.all(
          w.plans.map((p) => c.project({ activePlan: p.plan, planRenewalOn: new Date(start + p.dueInHours * HOUR) })),
        );
        const first = new Map(made.map((p) => [p.id, p.planRenewalOn!]));

        const check = async (afterRun: boolean) => {
          await expectLedgerBalanced(db());
          expect(await renewalKeysUsedTwice(db())).toEqual([]);
          expect((await partnerRow(db(), c.partner.id)).centralBalance).toBeGreaterThanOrEqual(0);
          const rows = await db()
            .select()
            .from(projects)
            .where(inArray(projects.id, [...first.keys()]));
          for (const p of rows) {
            const period = planPeriodOf(p.activePlan)!;
            const keys = (await rowsOf(db(), 'PLAN_RENEWED', { projectId: p.id })).map((r) => r.idempotencyKey);
            let date = first.get(p.id)!;
            for (const key of keys) {
              expect(key).toBe(`renewal:plan:${p.id}:${date.toISOString()}`);
              date = periodAfter(date, period);
            }
            expect(p.planRenewalOn).toEqual(date);
            if (!afterRun) continue;
            const now = t.clock.now.getTime();
            if (p.status === 'active') expect(p.planRenewalOn!.getTime()).toBeGreaterThan(now);
            if (p.status === 'unpaid') expect(now - p.planRenewalOn!.getTime()).toBeLessThan(UNPAID_GRACE_DAYS * DAY);
            if (p.status === 'stopped') expect(p.planStoppedOn).not.toBeNull();
          }
        };

        for (const s of w.steps) {
          if (s.kind === 'wait') t.clock.now = new Date(t.clock.now.getTime() + s.hours * HOUR);
          else if (s.kind === 'run') await runRenewals(t.deps);
          else if (s.kind === 'recharge') await recharge(db(), c.partner.id, s.units * INR);
          else {
            const target = made[s.project % made.length]!;
            // Refusals (yearly, stopped, short of money) change nothing; anything else is a bug.
            await renewPlanAsStaff(t.deps, admin, target.id).catch((error: unknown) => {
              if (!(error instanceof AppError) || error.httpStatus !== 400) throw error;
            });
          }
          await check(s.kind === 'run');
        }
      }),
      { numRuns: 25 },
    );
  });
});
