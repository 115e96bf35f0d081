import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { LedgerAction } from '@pc/contract';
import { call } from '../../../test/harness.js';
import { billingLogs } from '../../platform/db/schema.js';
import { makeBusiness, makeProject, makeProjects } from '../../seed/businesses.js';
import { makePlanFamily } from '../../seed/catalogue.js';
import { makePartner } from '../../seed/factories.js';
import type { ProjectCreditKind } from '../billing/credit-transfer.js';
import { insufficientCredit } from '../billing/ledger.js';
import { activateAddon } from './addons.js';
import { changeProjectCredit } from './credits.js';
import { INR, memberOf, useMoneyFixture } from './money-fixture.js';
import { switchPlan } from './plans.js';

/**
 * Money stays right under load: concurrent money operations never lose an update nor go below zero;
 * a retried request moves money once. (The ledger invariant over any sequence: money-invariant.test.ts.)
 * These tests bite on PostgreSQL: `node scripts/with-postgres.mjs npx vitest run
 * apps/server/src/modules/project-billing`.
 */
const { fx, fromLogs } = useMoneyFixture();

describe('concurrency', () => {
  const freshProject = async (name: string, credit: number) => {
    const business = await makeBusiness(fx.t.database.db, { partnerId: fx.acme, displayName: `${name} Client` });
    const project = await makeProject(fx.t.database.db, { partnerId: fx.acme, businessId: business.id, name });
    if (credit > 0)
      await call(fx.t.app, 'PATCH', `/partner/:partnerId/project/${project.id}/billing/wcc`, {
        token: fx.owner,
        body: { amount: credit, action: 'ADD' },
      });
    return project;
  };

  it('50 subtractions at once against a credit that covers 20: exactly 20 succeed, nothing is lost', async () => {
    const step = 10 * INR;
    const project = await freshProject('Concurrent Project', 20 * step);
    const central = await fx.kit.central(fx.acme);
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        call(fx.t.app, 'PATCH', `/partner/:partnerId/project/${project.id}/billing/wcc`, {
          token: fx.owner,
          body: { amount: step, action: 'SUBTRACT' },
        }),
      ),
    );
    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(20);
    expect(results.filter((r) => r.status === 400).every((r) => r.body.message === insufficientCredit)).toBe(true);
    expect(results.length - ok.length).toBe(30);
    expect((await fx.kit.projectById(project.id)).templateCredit).toBe(0);
    expect(await fx.kit.central(fx.acme)).toBe(central + 20 * step);
    const deducts = await fx.t.database.db
      .select()
      .from(billingLogs)
      .where(and(eq(billingLogs.projectId, project.id), eq(billingLogs.reasonCode, 'WCC_CREDIT_DEDUCT')));
    expect(deducts.filter((r) => r.balance === 'WCC')).toHaveLength(20);
    expect(deducts.filter((r) => r.balance === 'CENTRAL')).toHaveLength(20);
    // Each success left a distinct balance: no two read the same starting value.
    expect(new Set(deducts.filter((r) => r.balance === 'WCC').map((r) => r.balanceAfter)).size).toBe(20);
    expect(await fromLogs(fx.acme, 'WCC', project.id)).toBe(0);
  });

  it('ADDs and SUBTRACTs on one project at once never deadlock nor lose an update', async () => {
    const step = 10 * INR;
    const project = await freshProject('Mixed Project', 10 * step);
    const central = await fx.kit.central(fx.acme);
    const actions = Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? 'ADD' : 'SUBTRACT'));
    const results = await Promise.all(
      actions.map((action) =>
        call(fx.t.app, 'PATCH', `/partner/:partnerId/project/${project.id}/billing/wcc`, {
          token: fx.owner,
          body: { amount: step, action },
        }),
      ),
    );
    expect(results.map((r) => r.status).filter((s) => s !== 200)).toEqual([]);
    expect((await fx.kit.projectById(project.id)).templateCredit).toBe(10 * step);
    expect(await fx.kit.central(fx.acme)).toBe(central);
    expect(await fromLogs(fx.acme, 'WCC', project.id)).toBe(10 * step);
  });

  it('the same Idempotency-Key sent 10 times at once moves money once', async () => {
    const project = await freshProject('Retried Project', 0);
    const central = await fx.kit.central(fx.acme);
    const headers = { 'idempotency-key': `burst-${project.id}` };
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        call(fx.t.app, 'PATCH', `/partner/:partnerId/project/${project.id}/billing/wcc`, {
          token: fx.owner,
          body: { amount: 5 * INR, action: 'ADD' },
          headers,
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(results.every((r) => r.body.credit === 5 * INR)).toBe(true);
    expect((await fx.kit.projectById(project.id)).templateCredit).toBe(5 * INR);
    expect(await fx.kit.central(fx.acme)).toBe(central - 5 * INR);
  });

  it('200 money operations of every kind at once (credits both ways, plan switches, add-ons, retried keys) lose no update', async () => {
    const db = fx.t.database.db;
    const partner = await makePartner(db, {
      name: 'Busy Partner',
      centralBalance: 1_000_000 * INR,
      addons: { FLOW_BUILDER: { name: 'FLOW_BUILDER', status: 'ACTIVE', price: { INR: 7 * INR, USD: 1 } } },
    });
    const family = await makePlanFamily(db, partner.id, 'Busy Plans');
    const business = await makeBusiness(db, { partnerId: partner.id, displayName: 'Busy Client' });
    const projectsOf = (n: number, name: string) =>
      makeProjects(db, n, name, {
        partnerId: partner.id,
        businessId: business.id,
        familyId: family.id,
        activePlan: 'BASIC_MONTHLY',
      });
    const [shared, switching, buying] = [
      await projectsOf(4, 'Busy'),
      await projectsOf(40, 'Busy switch'),
      await projectsOf(20, 'Busy add-on'),
    ];
    // Enough WCC and PWC on the shared projects for any order of the subtractions.
    for (const p of shared)
      for (const kind of ['WCC', 'PWC'] as const)
        await changeProjectCredit(fx.t.deps, {
          by: memberOf(partner.id),
          projectId: p.id,
          kind,
          action: 'ADD',
          amount: 100 * INR,
        });
    const start = await fx.kit.central(partner.id);

    const transfers = Array.from({ length: 120 }, (_, i) => ({
      projectId: shared[i % 4]!.id,
      kind: (i % 2 ? 'WCC' : 'PWC') as ProjectCreditKind,
      action: (i % 3 ? 'ADD' : 'SUBTRACT') as LedgerAction,
      amount: (1 + (i % 5)) * INR,
      idempotencyKey: `busy-${i}`,
    }));
    const operations = [
      ...transfers.map((o) => changeProjectCredit(fx.t.deps, { by: memberOf(partner.id), ...o })),
      // 20 of the transfers sent again with their key: they must move nothing.
      ...transfers.slice(0, 20).map((o) => changeProjectCredit(fx.t.deps, { by: memberOf(partner.id), ...o })),
      ...switching.map((p) =>
        switchPlan(fx.t.deps, memberOf(partner.id), p.id, { newFamilyId: family.id, newPlanId: 'PRO_MONTHLY' }),
      ),
      ...buying.map((p) => activateAddon(fx.t.deps, memberOf(partner.id), p.id, { addon: 'FLOW_BUILDER' })),
    ];
    const settled = await Promise.allSettled(operations);
    expect(settled).toHaveLength(200);
    expect(settled.filter((s) => s.status === 'rejected')).toEqual([]);

    const expected = new Map(shared.map((p) => [p.id, { WCC: 100 * INR, PWC: 100 * INR }]));
    for (const o of transfers)
      expected.get(o.projectId)![o.kind as 'WCC' | 'PWC'] += o.action === 'ADD' ? o.amount : -o.amount;
    const moved = transfers.reduce((sum, o) => sum + (o.action === 'ADD' ? o.amount : -o.amount), 0);
    const spent = 40 * family.plans.PRO_MONTHLY!.INR + 20 * 7 * INR;
    expect(await fx.kit.central(partner.id)).toBe(start - moved - spent);
    expect(await fromLogs(partner.id, 'CENTRAL')).toBe(start - moved - spent);
    for (const p of shared) {
      const row = await fx.kit.projectById(p.id);
      expect([row.templateCredit, row.partnerWhatsappCredit]).toEqual([
        expected.get(p.id)!.WCC,
        expected.get(p.id)!.PWC,
      ]);
      expect([await fromLogs(partner.id, 'WCC', p.id), await fromLogs(partner.id, 'PWC', p.id)]).toEqual([
        row.templateCredit,
        row.partnerWhatsappCredit,
      ]);
    }
  });

  it('concurrent plan switches and add-on activations never take the central balance below zero', async () => {
    const poor = await makePartner(fx.t.database.db, {
      name: 'Race Partner',
      centralBalance: 1000 * INR,
      addons: { FLOW_BUILDER: { name: 'FLOW_BUILDER', status: 'ACTIVE', price: { INR: 300 * INR, USD: 4 * INR } } },
    });
    const business = await makeBusiness(fx.t.database.db, { partnerId: poor.id, displayName: 'Race Client' });
    const ids = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        makeProject(fx.t.database.db, { partnerId: poor.id, businessId: business.id, name: `Race ${i}` }).then(
          (p) => p.id,
        ),
      ),
    );
    const { activateAddon } = await import('./addons.js');
    const settled = await Promise.allSettled(
      ids.map((id) => activateAddon(fx.t.deps, memberOf(poor.id), id, { addon: 'FLOW_BUILDER' })),
    );
    expect(settled.filter((s) => s.status === 'fulfilled')).toHaveLength(3);
    expect(await fx.kit.central(poor.id)).toBe(100 * INR);
    expect(await fromLogs(poor.id, 'CENTRAL')).toBe(100 * INR);
  });
});
