import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn, startTestApp, type TestContext } from '../../../test/harness.js';
import type { ProjectAddonState } from '../../platform/db/schema/projects.js';
import { partners } from '../../platform/db/schema.js';
import { makeAgent } from '../../seed/factories.js';
import { earliestAddonRenewal } from './periods.js';
import type { Fault } from './fault.js';
import { runRenewals } from './run.js';
import {
  activeAddon,
  expectLedgerBalanced,
  INR,
  makeClient,
  partnerRow,
  projectRow,
  renewalKeysUsedTwice,
  rowsOf,
} from './test-kit.js';

let t: TestContext;
beforeAll(async () => {
  t = await startTestApp({ seed: false });
});
afterAll(() => t.close());

const db = () => t.deps.db;
const at = (iso: string) => new Date(iso);
const setClock = (iso: string) => {
  t.clock.now = at(iso);
};
const run = (opts: { fault?: Fault; datePeriods?: boolean } = {}) => runRenewals(t.deps, opts);
const renewed = (projectId: string) => rowsOf(db(), 'ADDON_RENEWAL', { projectId });
/** Add-ons as the console writes them: with the earliest renewal date beside them. */
const holding = (addons: Record<string, ProjectAddonState>) => ({
  addons,
  addonRenewalOn: earliestAddonRenewal(addons),
});

describe('add-on renewal dates kept by the console', () => {
  it('activation starts a period (Monthly or Yearly) and dates it; removal pauses it undated', async () => {
    const c = await makeClient(db(), { centralBalance: 50_000 * INR });
    await makeAgent(db(), { partnerId: c.partner.id, userName: 'renewals-owner', password: 'Owner@1234' });
    const token = await signIn(t.app, 'renewals-owner', 'Owner@1234');
    const p = await c.project();
    const url = `/partner/:partnerId/project/${p.id}/addon`;
    setClock('2026-01-31T08:30:00Z');
    expect((await call(t.app, 'POST', url, { token, body: { addon: 'WEBHOOKS' } })).status).toBe(200);
    const flows = { addon: 'FLOW_BUILDER', flowCount: 15, partnerPlans: { plan: 'Yearly' } };
    expect((await call(t.app, 'POST', url, { token, body: flows })).status).toBe(200);
    let row = await projectRow(db(), p.id);
    expect(row.addons.WEBHOOKS).toMatchObject({ status: 'ACTIVE', renewalOn: '2026-02-28T08:30:00.000Z' });
    expect(row.addons.FLOW_BUILDER).toMatchObject({ status: 'ACTIVE', renewalOn: '2027-01-31T08:30:00.000Z' });
    expect(row.addonRenewalOn).toEqual(at('2026-02-28T08:30:00Z'));

    // A modify keeps the period; a removal pauses the add-on and takes it out of the earliest date.
    expect((await call(t.app, 'PATCH', url, { token, body: { addon: 'FLOW_BUILDER', flowCount: 25 } })).status).toBe(
      200,
    );
    expect((await call(t.app, 'DELETE', url, { token, body: { addon: 'WEBHOOKS' } })).status).toBe(200);
    row = await projectRow(db(), p.id);
    expect(row.addons.WEBHOOKS).toEqual({ status: 'PAUSED', partnerPlans: { plan: 'Monthly' } });
    expect(row.addons.FLOW_BUILDER).toMatchObject({ flowCount: 25, renewalOn: '2027-01-31T08:30:00.000Z' });
    expect(row.addonRenewalOn).toEqual(at('2027-01-31T08:30:00Z'));
    expect((await call(t.app, 'DELETE', url, { token, body: { addon: 'FLOW_BUILDER' } })).status).toBe(200);
    expect((await projectRow(db(), p.id)).addonRenewalOn).toBeNull();
  });
});

describe('the renewals job: add-ons', () => {
  it("renews each due add-on at the partner's current price of its plan, one period at a time", async () => {
    const c = await makeClient(db(), { centralBalance: 50_000 * INR });
    const p = await c.project(
      holding({
        WEBHOOKS: activeAddon(at('2026-02-10T00:00:00Z')),
        FLOW_BUILDER: activeAddon(at('2026-03-05T00:00:00Z'), { flowCount: 15, partnerPlans: { plan: 'Yearly' } }),
        // Not due yet.
        WHATSAPP_PAY: activeAddon(at('2026-09-01T00:00:00Z')),
      }),
    );
    // The partner raised its Webhooks price since: the renewal charges today's price.
    const offers = (await partnerRow(db(), c.partner.id)).addons;
    offers.WEBHOOKS!.partnerPlans = {
      Monthly: { INR: 349 * INR, USD: 5 * INR },
      Yearly: { INR: 2990 * INR, USD: 40 * INR },
    };
    await db().update(partners).set({ addons: offers }).where(eq(partners.id, c.partner.id));
    setClock('2026-04-01T00:00:00Z');
    await run();
    // The provider's Webhooks, Monthly (migration 0009), beside the partner's price.
    const webhooksAtCost = 249 * INR;
    const rows = await renewed(p.id);
    expect(rows.map((r) => [r.message, r.amount, r.providerAmount, r.idempotencyKey])).toEqual([
      ['Add-on WEBHOOKS renewed', 349 * INR, webhooksAtCost, `renewal:addon:${p.id}:WEBHOOKS:2026-02-10T00:00:00.000Z`],
      [
        'Add-on FLOW_BUILDER renewed with 15 flows, Yearly',
        (4990 + 7990) * INR,
        (3990 + 6990) * INR,
        `renewal:addon:${p.id}:FLOW_BUILDER:2026-03-05T00:00:00.000Z`,
      ],
      ['Add-on WEBHOOKS renewed', 349 * INR, webhooksAtCost, `renewal:addon:${p.id}:WEBHOOKS:2026-03-10T00:00:00.000Z`],
    ]);
    const row = await projectRow(db(), p.id);
    expect(row.addons.WEBHOOKS!.renewalOn).toBe('2026-04-10T00:00:00.000Z');
    expect(row.addons.FLOW_BUILDER!.renewalOn).toBe('2027-03-05T00:00:00.000Z');
    expect(row.addons.WHATSAPP_PAY!.renewalOn).toBe('2026-09-01T00:00:00.000Z');
    expect(row.addonRenewalOn).toEqual(at('2026-04-10T00:00:00Z'));
    await Promise.all([run(), run()]);
    expect(await renewed(p.id)).toHaveLength(3);
  });

  it('pauses an add-on the central balance cannot pay, at once', async () => {
    const c = await makeClient(db(), { centralBalance: 100 * INR });
    const p = await c.project(holding({ WEBHOOKS: activeAddon(at('2026-04-20T00:00:00Z')) }));
    setClock('2026-04-20T00:00:01Z');
    await run();
    expect(await renewed(p.id)).toHaveLength(0);
    const row = await projectRow(db(), p.id);
    expect(row.addons.WEBHOOKS).toEqual({ status: 'PAUSED', partnerPlans: { plan: 'Monthly' } });
    expect(row.addonRenewalOn).toBeNull();
    expect((await partnerRow(db(), c.partner.id)).centralBalance).toBe(100 * INR);
  });

  it("pauses a stopped project's add-ons at their date, and renews one the partner does not sell without a charge", async () => {
    const c = await makeClient(db(), { centralBalance: 50_000 * INR });
    const due = at('2026-05-01T00:00:00Z');
    const stopped = await c.project({
      status: 'stopped',
      planStoppedOn: at('2026-04-01T00:00:00Z'),
      ...holding({ WEBHOOKS: activeAddon(due) }),
    });
    const given = await c.project(holding({ META_ADS: activeAddon(due, { dashboardKey: 'k' }) }));
    setClock('2026-05-02T00:00:00Z');
    await run();
    expect(await renewed(stopped.id)).toHaveLength(0);
    expect((await projectRow(db(), stopped.id)).addons.WEBHOOKS!.status).toBe('PAUSED');
    expect(await renewed(given.id)).toHaveLength(0);
    expect((await projectRow(db(), given.id)).addons.META_ADS).toEqual({
      status: 'ACTIVE',
      partnerPlans: { plan: 'Monthly' },
      dashboardKey: 'k',
      renewalOn: '2026-06-01T00:00:00.000Z',
    });
  });

  it('gives an active add-on without a date one a period from now, without a charge', async () => {
    const c = await makeClient(db(), { centralBalance: 50_000 * INR });
    const p = await c.project({
      addons: {
        WEBHOOKS: { status: 'ACTIVE' },
        FLOW_BUILDER: { status: 'ACTIVE', flowCount: 5, partnerPlans: { plan: 'Yearly' } },
        WHATSAPP_PAY: { status: 'PAUSED' },
      },
    });
    setClock('2026-06-15T12:00:00Z');
    const outcome = await run({ datePeriods: true });
    expect(outcome.addons.dated).toBeGreaterThanOrEqual(1);
    const row = await projectRow(db(), p.id);
    expect(row.addons.WEBHOOKS!.renewalOn).toBe('2026-07-15T12:00:00.000Z');
    expect(row.addons.FLOW_BUILDER!.renewalOn).toBe('2027-06-15T12:00:00.000Z');
    expect(row.addons.WHATSAPP_PAY).toEqual({ status: 'PAUSED' });
    expect(row.addonRenewalOn).toEqual(at('2026-07-15T12:00:00Z'));
    expect(await renewed(p.id)).toHaveLength(0);
  });

  it('charges every add-on period once after a run that failed half-way', async () => {
    const c = await makeClient(db(), { centralBalance: 50_000 * INR });
    const due = at('2026-07-01T00:00:00Z');
    const [a, b] = await Promise.all([1, 2].map(() => c.project(holding({ WEBHOOKS: activeAddon(due) }))));
    setClock('2026-08-02T00:00:00Z');
    // Its second period's transaction fails each time it is tried in this run: rolled back.
    let tried = 0;
    const fault: Fault = ({ kind, id }) => {
      if (kind === 'addon' && id === b!.id && ++tried >= 2) throw new Error('the process died here');
    };
    await expect(run({ fault })).rejects.toThrow('the process died here');
    expect(await renewed(b!.id)).toHaveLength(1);
    expect(await renewed(a!.id)).toHaveLength(2);
    await run();
    for (const p of [a!, b!]) {
      expect((await renewed(p.id)).map((r) => r.idempotencyKey)).toEqual([
        `renewal:addon:${p.id}:WEBHOOKS:2026-07-01T00:00:00.000Z`,
        `renewal:addon:${p.id}:WEBHOOKS:2026-08-01T00:00:00.000Z`,
      ]);
      expect((await projectRow(db(), p.id)).addonRenewalOn).toEqual(at('2026-09-01T00:00:00Z'));
    }
  });

  it('mends a renewal date out of step with the add-ons', async () => {
    const c = await makeClient(db(), { centralBalance: 50_000 * INR });
    const p = await c.project({
      addons: { WEBHOOKS: activeAddon(at('2026-12-01T00:00:00Z')) },
      addonRenewalOn: at('2026-08-01T00:00:00Z'),
    });
    setClock('2026-08-05T00:00:00Z');
    await run();
    expect(await renewed(p.id)).toHaveLength(0);
    expect((await projectRow(db(), p.id)).addonRenewalOn).toEqual(at('2026-12-01T00:00:00Z'));
  });

  it('keeps every balance the sum of its rows, each renewal key used once', async () => {
    await expectLedgerBalanced(db());
    expect(await renewalKeysUsedTwice(db())).toEqual([]);
    const [undated] = (
      (await db().execute(
        sql`select count(*)::int as n from projects where addons <> '{}'::jsonb and addon_renewal_on is distinct from (
          select min((a.state->>'renewalOn')::timestamptz) from jsonb_each(addons) as a(name, state) where a.state->>'status' = 'ACTIVE')`,
      )) as { rows: { n: number }[] }
    ).rows;
    expect(undated!.n).toBe(0);
  });
});
