import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNPAID_GRACE_DAYS } from '@pc/contract';
import { startTestApp, type TestContext } from '../../../test/harness.js';
import { projects } from '../../platform/db/schema.js';
import { makeProjects } from '../../seed/businesses.js';
import { PAGE } from './queries.js';
import { readPlanCatalogue } from '../pricing/catalogue.js';
import type { Fault } from './fault.js';
import { runRenewals } from './run.js';
import {
  expectLedgerBalanced,
  INR,
  makeClient,
  partnerRow,
  PRICE,
  projectRow,
  recharge,
  renewalKeysUsedTwice,
  rowsOf,
} from './test-kit.js';

const DAY = 86_400_000;
let t: TestContext;
beforeAll(async () => {
  t = await startTestApp({ seed: false });
});
afterAll(() => t.close());

const db = () => t.deps.db;
const at = (iso: string) => new Date(iso);
const setClock = (when: Date | string) => {
  t.clock.now = typeof when === 'string' ? at(when) : when;
};
const run = (opts: { fault?: Fault } = {}) => runRenewals(t.deps, opts);
const renewed = (projectId: string) => rowsOf(db(), 'PLAN_RENEWED', { projectId });

describe('the renewals job: plans', () => {
  it("renews a due plan once, at its family's price, the next period starting where the last ended", async () => {
    const c = await makeClient(db(), { centralBalance: 10_000 * INR });
    const p = await c.project({ planRenewalOn: at('2026-01-31T10:00:00Z') });
    setClock('2026-01-31T12:00:00Z');
    await run();
    const provider = (await readPlanCatalogue(db())).BASIC_MONTHLY!.INR;
    expect(await renewed(p.id)).toEqual([
      expect.objectContaining({
        partnerId: c.partner.id,
        balance: 'CENTRAL',
        action: 'SUBTRACT',
        amount: PRICE.BASIC_MONTHLY,
        providerAmount: provider,
        message: `Plan renewed: ${c.family.name} BASIC_MONTHLY`,
        projectName: p.name,
        businessName: c.business.displayName,
        idempotencyKey: `renewal:plan:${p.id}:2026-01-31T10:00:00.000Z`,
      }),
    ]);
    expect((await partnerRow(db(), c.partner.id)).centralBalance).toBe(10_000 * INR - PRICE.BASIC_MONTHLY);
    // A calendar month on: the 31st becomes February's last day, and the periods follow from there.
    expect((await projectRow(db(), p.id)).planRenewalOn).toEqual(at('2026-02-28T10:00:00Z'));

    await run();
    expect(await renewed(p.id)).toHaveLength(1);
    setClock('2026-02-28T10:00:00Z');
    await run();
    await run();
    expect((await renewed(p.id)).map((r) => r.idempotencyKey)).toEqual([
      `renewal:plan:${p.id}:2026-01-31T10:00:00.000Z`,
      `renewal:plan:${p.id}:2026-02-28T10:00:00.000Z`,
    ]);
    expect((await projectRow(db(), p.id)).planRenewalOn).toEqual(at('2026-03-28T10:00:00Z'));
  });

  it('charges a period once when two runs go at once', async () => {
    const c = await makeClient(db(), { centralBalance: 10_000 * INR });
    const projects = await Promise.all([1, 2, 3].map(() => c.project({ planRenewalOn: at('2026-03-01T00:00:00Z') })));
    setClock('2026-03-02T00:00:00Z');
    await Promise.all([run(), run(), run()]);
    for (const p of projects) {
      expect(await renewed(p.id)).toHaveLength(1);
      expect((await projectRow(db(), p.id)).planRenewalOn).toEqual(at('2026-04-01T00:00:00Z'));
    }
    expect((await partnerRow(db(), c.partner.id)).centralBalance).toBe(10_000 * INR - 3 * PRICE.BASIC_MONTHLY);
  });

  it('charges every period once after a run that failed half-way', async () => {
    const c = await makeClient(db(), { centralBalance: 10_000 * INR });
    const [first, second, third] = await Promise.all(
      ['2026-04-01T08:00:00Z', '2026-04-01T09:00:00Z', '2026-04-01T10:00:00Z'].map((when) =>
        c.project({ planRenewalOn: at(when) }),
      ),
    );
    setClock('2026-04-02T00:00:00Z');
    // The second project's transaction fails after its charge and date move were written: rolled back.
    const fault: Fault = ({ kind, id }) => {
      if (kind === 'plan' && id === second!.id) throw new Error('the process died here');
    };
    await expect(run({ fault })).rejects.toThrow('the process died here');
    expect(await renewed(first!.id)).toHaveLength(1);
    expect(await renewed(second!.id)).toHaveLength(0);
    expect((await projectRow(db(), second!.id)).planRenewalOn).toEqual(at('2026-04-01T09:00:00Z'));
    expect(await renewed(third!.id)).toHaveLength(1);

    await run();
    for (const p of [first!, second!, third!]) expect(await renewed(p.id), p.name).toHaveLength(1);
    expect((await partnerRow(db(), c.partner.id)).centralBalance).toBe(10_000 * INR - 3 * PRICE.BASIC_MONTHLY);
  });

  it('charges a project several periods behind one period at a time until it is current', async () => {
    const c = await makeClient(db(), { centralBalance: 10_000 * INR });
    const p = await c.project({ planRenewalOn: at('2025-11-15T09:00:00Z') });
    setClock('2026-02-20T00:00:00Z');
    await run();
    expect((await renewed(p.id)).map((r) => r.idempotencyKey)).toEqual(
      ['2025-11-15', '2025-12-15', '2026-01-15', '2026-02-15'].map((d) => `renewal:plan:${p.id}:${d}T09:00:00.000Z`),
    );
    expect((await projectRow(db(), p.id)).planRenewalOn).toEqual(at('2026-03-15T09:00:00Z'));
  });

  it('makes a project unpaid when the central balance is short, tries again each run, and makes it active once paid', async () => {
    const c = await makeClient(db(), { centralBalance: 1000 * INR });
    const p = await c.project({ planRenewalOn: at('2026-05-10T06:00:00Z') });
    setClock('2026-05-10T07:00:00Z');
    await run();
    expect(await renewed(p.id)).toHaveLength(0);
    expect(await projectRow(db(), p.id)).toMatchObject({
      status: 'unpaid',
      disabledOn: at('2026-05-10T07:00:00Z'),
      planRenewalOn: at('2026-05-10T06:00:00Z'),
    });
    expect((await partnerRow(db(), c.partner.id)).centralBalance).toBe(1000 * INR);

    setClock('2026-05-11T07:00:00Z');
    await run();
    expect(await projectRow(db(), p.id)).toMatchObject({ status: 'unpaid', disabledOn: at('2026-05-10T07:00:00Z') });

    await recharge(db(), c.partner.id, 1000 * INR);
    setClock('2026-05-12T07:00:00Z');
    await run();
    expect(await renewed(p.id)).toHaveLength(1);
    expect(await projectRow(db(), p.id)).toMatchObject({
      status: 'active',
      disabledOn: null,
      // The period paid is the one that was due: its dates do not move with the late payment.
      planRenewalOn: at('2026-06-10T06:00:00Z'),
    });
    expect((await partnerRow(db(), c.partner.id)).centralBalance).toBe(2000 * INR - PRICE.BASIC_MONTHLY);
  });

  it(`stops an unpaid plan ${UNPAID_GRACE_DAYS} days after its renewal date`, async () => {
    const c = await makeClient(db());
    const due = at('2026-06-01T00:00:00Z');
    const p = await c.project({ planRenewalOn: due });
    setClock(new Date(due.getTime() + DAY));
    await run();
    expect((await projectRow(db(), p.id)).status).toBe('unpaid');
    setClock(new Date(due.getTime() + UNPAID_GRACE_DAYS * DAY - 1));
    await run();
    expect((await projectRow(db(), p.id)).status).toBe('unpaid');
    const stoppedAt = new Date(due.getTime() + UNPAID_GRACE_DAYS * DAY);
    setClock(stoppedAt);
    await run();
    expect(await projectRow(db(), p.id)).toMatchObject({
      status: 'stopped',
      planStoppedOn: stoppedAt,
      // Disabled since it turned unpaid.
      disabledOn: new Date(due.getTime() + DAY),
    });
    // Stopped billing renews nothing, money or not: the partner reactivates it from Plan Setup.
    await recharge(db(), c.partner.id, 5000 * INR);
    setClock(new Date(stoppedAt.getTime() + 40 * DAY));
    await run();
    expect(await renewed(p.id)).toHaveLength(0);
    expect((await projectRow(db(), p.id)).status).toBe('stopped');
  });

  it('leaves alone free plans, trials, stopped, deleted and terminated projects; renews pending and suspended ones as they are', async () => {
    const c = await makeClient(db(), { centralBalance: 10_000 * INR });
    const due = at('2026-07-01T00:00:00Z');
    const untouched = await Promise.all([
      c.project({ planRenewalOn: due, activePlan: 'FREE_FOREVER' }),
      c.project({ planRenewalOn: due, activePlan: 'FREE' }),
      c.project({ planRenewalOn: due, activePlan: 'TRIAL' }),
      c.project({ planRenewalOn: due, activePlan: 'NONE' }),
      c.project({ planRenewalOn: due, isTrial: true }),
      c.project({ planRenewalOn: due, isApiTrial: true }),
      c.project({ planRenewalOn: due, status: 'stopped', planStoppedOn: due }),
      c.project({ planRenewalOn: due, status: 'archived', partnerArchived: true }),
      c.project({ planRenewalOn: due, status: 'terminated' }),
    ]);
    const pending = await c.project({ planRenewalOn: due, status: 'pending' });
    const suspended = await c.project({ planRenewalOn: due, status: 'suspended' });
    setClock('2026-07-02T00:00:00Z');
    await run();
    for (const p of untouched) {
      expect(await renewed(p.id), p.activePlan).toHaveLength(0);
      expect((await projectRow(db(), p.id)).planRenewalOn, p.name).toEqual(due);
    }
    for (const p of [pending, suspended]) {
      expect(await renewed(p.id)).toHaveLength(1);
      expect(await projectRow(db(), p.id)).toMatchObject({
        status: p.status,
        planRenewalOn: at('2026-08-01T00:00:00Z'),
      });
    }
  });

  it('prices yearly plans and the super-admin names by their family plan; no price renews without a row', async () => {
    const c = await makeClient(db(), { centralBalance: 100_000 * INR });
    const due = at('2026-08-15T12:00:00Z');
    const yearly = await c.project({ planRenewalOn: due, activePlan: 'BASIC_YEARLY' });
    const lite = await c.project({ planRenewalOn: due, activePlan: 'LITE' });
    const tier = await c.project({ planRenewalOn: due, activePlan: 'BASIC_YEARLY_TIER_2' });
    const premium = await c.project({ planRenewalOn: due, activePlan: 'PREMIUM' });
    const noFamily = await c.project({ planRenewalOn: due, familyId: null });
    setClock('2026-08-15T13:00:00Z');
    await run();
    const one = async (id: string) => (await renewed(id))[0];
    expect(await one(yearly.id)).toMatchObject({ amount: PRICE.BASIC_YEARLY });
    expect((await projectRow(db(), yearly.id)).planRenewalOn).toEqual(at('2027-08-15T12:00:00Z'));
    expect(await one(lite.id)).toMatchObject({
      amount: PRICE.BASIC_MONTHLY,
      message: `Plan renewed: ${c.family.name} LITE (BASIC_MONTHLY)`,
    });
    expect((await projectRow(db(), lite.id)).planRenewalOn).toEqual(at('2026-09-15T12:00:00Z'));
    expect(await one(tier.id)).toMatchObject({ amount: PRICE.BASIC_YEARLY });
    expect((await projectRow(db(), tier.id)).planRenewalOn).toEqual(at('2027-08-15T12:00:00Z'));
    expect(await one(premium.id)).toMatchObject({ amount: 9999 * INR });
    expect(await renewed(noFamily.id)).toHaveLength(0);
    expect((await projectRow(db(), noFamily.id)).planRenewalOn).toEqual(at('2026-09-15T12:00:00Z'));
  });

  it('does not charge again a period already in the ledger when the date is set back', async () => {
    const c = await makeClient(db(), { centralBalance: 10_000 * INR });
    const due = at('2026-09-01T00:00:00Z');
    const p = await c.project({ planRenewalOn: due });
    setClock('2026-09-01T01:00:00Z');
    await run();
    await db().update(projects).set({ planRenewalOn: due }).where(eq(projects.id, p.id));
    await run();
    expect(await renewed(p.id)).toHaveLength(1);
    expect((await projectRow(db(), p.id)).planRenewalOn).toEqual(at('2026-10-01T00:00:00Z'));
  });

  it('reads every due project page after page, dates to the microsecond and equal ones by id', async () => {
    const c = await makeClient(db());
    const made = await makeProjects(db(), PAGE + 5, 'Paged', {
      partnerId: c.partner.id,
      businessId: c.business.id,
      familyId: c.family.id,
      activePlan: 'BASIC_MONTHLY',
    });
    // One instant for all, finer than a JavaScript Date holds.
    await db().execute(
      sql`update projects set plan_renewal_on = '2026-10-01T00:00:00.123456Z' where partner_id = ${c.partner.id}`,
    );
    setClock('2026-10-01T01:00:00Z');
    const outcome = await run();
    expect(outcome.plans.unpaid).toBeGreaterThanOrEqual(made.length);
    const statuses = await db()
      .select({ status: projects.status })
      .from(projects)
      .where(eq(projects.partnerId, c.partner.id));
    expect(statuses.map((s) => s.status)).toEqual(made.map(() => 'unpaid'));
  });

  it('keeps every balance the sum of its rows, each renewal key used once', async () => {
    await expectLedgerBalanced(db());
    expect(await renewalKeysUsedTwice(db())).toEqual([]);
  });
});
