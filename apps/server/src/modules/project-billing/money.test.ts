import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LedgerAction } from '@pc/contract';
import { call, signInAs, startTestApp, type TestContext } from '../../../test/harness.js';
import { billingLogs, partners, projects, providerAddonPrices } from '../../platform/db/schema.js';
import { AppError } from '../../platform/errors/app-error.js';
import { makeBusiness, makeProject, makeProjects } from '../../seed/businesses.js';
import { makeWccFamily, makePlanFamily } from '../../seed/catalogue.js';
import { makePartner } from '../../seed/factories.js';
import type { ProjectCreditKind } from '../billing/credit-transfer.js';
import { insufficientCentralBalance, insufficientCredit, postEntry } from '../billing/ledger.js';
import { ingestMessageEvents } from '../charging/ingest.js';
import { activateAddon, removeAddon } from './addons.js';
import { changeProjectCredit } from './credits.js';
import { switchPlan } from './plans.js';
import { testKit } from './test-kit.js';

/**
 * Money stays right: every balance equals the sum of its billing-log rows after any sequence of
 * charges, credits, debits and adjustments; concurrent money operations never lose an update nor go
 * below zero; a retried request moves money once. The concurrency tests bite on PostgreSQL: `node
 * scripts/with-postgres.mjs npx vitest run apps/server/src/modules/project-billing`.
 */
const INR = 100000;
let t: TestContext;
let kit: ReturnType<typeof testKit>;
let owner: string;
let acme: string;

beforeAll(async () => {
  t = await startTestApp();
  kit = testKit(t.database.db);
  owner = await signInAs(t.app, 'owner');
  acme = await kit.partnerId('Acme Messaging');
  // A provider that gives the flow builder away: the partners' add-on prices here are all margin,
  // so each activation costs exactly the price the test gives its partner.
  await t.database.db
    .update(providerAddonPrices)
    .set({ inr: 0, usd: 0 })
    .where(eq(providerAddonPrices.addon, 'FLOW_BUILDER'));
});
afterAll(() => t.close());

const column = { WCC: 'templateCredit', PWC: 'partnerWhatsappCredit', AD_CREDIT: 'metaAdsCredit' } as const;

/** Signed sum of a balance's billing-log rows, and the balance its last row says it left. */
const fromLogs = async (partnerId: string, balance: 'CENTRAL' | ProjectCreditKind, projectId?: string) => {
  const rows = await t.database.db
    .select()
    .from(billingLogs)
    .where(
      and(
        eq(billingLogs.partnerId, partnerId),
        eq(billingLogs.balance, balance),
        projectId ? eq(billingLogs.projectId, projectId) : undefined,
      ),
    );
  return rows.reduce((sum, r) => sum + (r.action === 'ADD' ? r.amount : -r.amount), 0);
};

describe('the ledger invariant', () => {
  // Prices of this test's own catalogue, in 1/100000 INR: a conversation (IN marketing, provider 0.90 + margin 0.10), two plans, an add-on.
  const CONVERSATION = 1 * INR;
  const plans = { BASIC_MONTHLY: 3 * INR, PRO_MONTHLY: 5 * INR } as const;
  const ADDON = 2 * INR;
  const wccPrices = { IN: { mc: { INR: 90000, USD: 1000, inrMargin: 10000, usdMargin: 0 } } };
  const planPrices = {
    BASIC_MONTHLY: { INR: plans.BASIC_MONTHLY, USD: 1 },
    PRO_MONTHLY: { INR: plans.PRO_MONTHLY, USD: 1 },
  };

  type Op =
    | { op: 'transfer'; kind: ProjectCreditKind; action: LedgerAction; amount: number } // credits and debits of a project's credit
    | { op: 'charge'; conversations: number } // message delivery
    | { op: 'adjust'; action: LedgerAction; amount: number } // a staff correction of the central balance
    | { op: 'switch' } // a plan switch to the other plan, paid from the central balance
    | { op: 'addon' }; // activate the add-on (paid) or, when active, remove it (free)
  const amount = fc.integer({ min: 1, max: 400 * INR });
  const op: fc.Arbitrary<Op> = fc.oneof(
    fc.record({
      op: fc.constant('transfer' as const),
      kind: fc.constantFrom<ProjectCreditKind>('WCC', 'PWC'),
      action: fc.constantFrom<LedgerAction>('ADD', 'SUBTRACT'),
      amount,
    }),
    fc.record({
      op: fc.constant('transfer' as const),
      kind: fc.constant<ProjectCreditKind>('AD_CREDIT'),
      action: fc.constant<LedgerAction>('ADD'),
      amount,
    }),
    fc.record({ op: fc.constant('charge' as const), conversations: fc.integer({ min: 1, max: 4 }) }),
    fc.record({ op: fc.constant('adjust' as const), action: fc.constantFrom<LedgerAction>('ADD', 'SUBTRACT'), amount }),
    fc.constant({ op: 'switch' as const }),
    fc.constant({ op: 'addon' as const }),
  );
  const rejection = async (run: () => Promise<unknown>): Promise<string | null> => {
    try {
      await run();
      return null;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return error.message;
    }
  };

  it('through any sequence of charges, credits, debits and adjustments, every balance equals the sum of its billing-log rows and the model, never below zero', async () => {
    let run = 0;
    let message = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 1000 * INR }),
        fc.array(op, { maxLength: 25 }),
        async (opening, ops) => {
          run += 1;
          const db = t.database.db;
          const partner = await makePartner(db, {
            name: `Ledger Partner ${run}`,
            centralBalance: opening,
            addons: { FLOW_BUILDER: { name: 'FLOW_BUILDER', status: 'ACTIVE', price: { INR: ADDON, USD: 1 } } },
          });
          const business = await makeBusiness(db, { partnerId: partner.id, displayName: `Ledger Client ${run}` });
          const family = await makePlanFamily(db, partner.id, `Ledger Plans ${run}`, planPrices);
          const wcc = await makeWccFamily(db, partner.id, `Ledger WCC ${run}`, wccPrices);
          const project = await makeProject(db, {
            partnerId: partner.id,
            businessId: business.id,
            name: `Ledger Project ${run}`,
            familyId: family.id,
            activePlan: 'BASIC_MONTHLY',
            wccPlanId: wcc.id,
            // Live, so ad credit may be added (doc 3 section 6).
            isWhatsappVerified: true,
          });
          const model = {
            central: opening,
            WCC: 0,
            PWC: 0,
            AD_CREDIT: 0,
            plan: 'BASIC_MONTHLY' as keyof typeof plans,
            addon: false,
          };
          // Money from outside the partner's balances: adjustments in, conversations, plans and add-ons out.
          let outside = 0;
          for (const o of ops) {
            if (o.op === 'transfer') {
              const source = o.action === 'ADD' ? model.central : model[o.kind];
              const refused = await rejection(() =>
                changeProjectCredit(t.deps, { partnerId: partner.id, projectId: project.id, ...o }),
              );
              expect(refused).toBe(
                o.amount > source ? (o.action === 'ADD' ? insufficientCentralBalance : insufficientCredit) : null,
              );
              if (refused) continue;
              const delta = o.action === 'ADD' ? o.amount : -o.amount;
              model[o.kind] += delta;
              model.central -= delta;
            } else if (o.op === 'charge') {
              const at = new Date(Date.UTC(2026, 0, 1, 0, 0, run)).toISOString();
              const events = Array.from({ length: o.conversations }, () => ({
                messageId: `ledger-${++message}`,
                projectId: project.id,
                status: 'sent' as const,
                category: 'marketing' as const,
                initiator: 'business' as const,
                country: 'IN',
                recipient: `r-${message}`,
                timestamp: at,
              }));
              expect((await ingestMessageEvents(db, events)).messages).toBe(o.conversations);
              // The template credit pays when it covers the whole price, else the central balance; else it stays unbilled.
              for (let i = 0; i < o.conversations; i += 1) {
                if (model.WCC >= CONVERSATION) model.WCC -= CONVERSATION;
                else if (model.central >= CONVERSATION) model.central -= CONVERSATION;
                else continue;
                outside -= CONVERSATION;
              }
            } else if (o.op === 'adjust') {
              const refused = await rejection(() =>
                postEntry(db, {
                  partnerId: partner.id,
                  balance: 'CENTRAL',
                  action: o.action,
                  amount: o.amount,
                  reasonCode: 'CENTRAL_BALANCE_UPDATE',
                  message: 'Correction',
                }),
              );
              expect(refused).toBe(
                o.action === 'SUBTRACT' && o.amount > model.central ? insufficientCentralBalance : null,
              );
              if (refused) continue;
              model.central += o.action === 'ADD' ? o.amount : -o.amount;
              outside += o.action === 'ADD' ? o.amount : -o.amount;
            } else if (o.op === 'switch') {
              const target = model.plan === 'BASIC_MONTHLY' ? 'PRO_MONTHLY' : 'BASIC_MONTHLY';
              const refused = await rejection(() =>
                switchPlan(t.deps, partner.id, project.id, { newFamilyId: family.id, newPlanId: target }),
              );
              expect(refused).toBe(plans[target] > model.central ? insufficientCentralBalance : null);
              if (refused) continue;
              model.plan = target;
              model.central -= plans[target];
              outside -= plans[target];
            } else if (model.addon) {
              await removeAddon(t.deps, partner.id, project.id, 'FLOW_BUILDER');
              model.addon = false;
            } else {
              const refused = await rejection(() =>
                activateAddon(t.deps, partner.id, project.id, { addon: 'FLOW_BUILDER' }),
              );
              expect(refused).toBe(ADDON > model.central ? insufficientCentralBalance : null);
              if (refused) continue;
              model.addon = true;
              model.central -= ADDON;
              outside -= ADDON;
            }
          }
          const row = (await db.select().from(projects).where(eq(projects.id, project.id)))[0]!;
          const central = (
            await db.select({ b: partners.centralBalance }).from(partners).where(eq(partners.id, partner.id))
          )[0]!.b;
          expect(central).toBe(model.central);
          expect(await fromLogs(partner.id, 'CENTRAL')).toBe(central);
          expect(central).toBeGreaterThanOrEqual(0);
          for (const kind of ['WCC', 'PWC', 'AD_CREDIT'] as const) {
            expect(row[column[kind]]).toBe(model[kind]);
            expect(await fromLogs(partner.id, kind, project.id)).toBe(row[column[kind]]);
            expect(row[column[kind]]).toBeGreaterThanOrEqual(0);
          }
          // Money is moved between the partner's balances, never made: only outside money changes the total.
          expect(central + model.WCC + model.PWC + model.AD_CREDIT).toBe(opening + outside);
        },
      ),
      { numRuns: 30 },
    );
  });
});

describe('concurrency', () => {
  const freshProject = async (name: string, credit: number) => {
    const business = await makeBusiness(t.database.db, { partnerId: acme, displayName: `${name} Client` });
    const project = await makeProject(t.database.db, { partnerId: acme, businessId: business.id, name });
    if (credit > 0)
      await call(t.app, 'PATCH', `/partner/:partnerId/project/${project.id}/billing/wcc`, {
        token: owner,
        body: { amount: credit, action: 'ADD' },
      });
    return project;
  };

  it('50 subtractions at once against a credit that covers 20: exactly 20 succeed, nothing is lost', async () => {
    const step = 10 * INR;
    const project = await freshProject('Concurrent Project', 20 * step);
    const central = await kit.central(acme);
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        call(t.app, 'PATCH', `/partner/:partnerId/project/${project.id}/billing/wcc`, {
          token: owner,
          body: { amount: step, action: 'SUBTRACT' },
        }),
      ),
    );
    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(20);
    expect(results.filter((r) => r.status === 400).every((r) => r.body.message === insufficientCredit)).toBe(true);
    expect(results.length - ok.length).toBe(30);
    expect((await kit.projectById(project.id)).templateCredit).toBe(0);
    expect(await kit.central(acme)).toBe(central + 20 * step);
    const deducts = await t.database.db
      .select()
      .from(billingLogs)
      .where(and(eq(billingLogs.projectId, project.id), eq(billingLogs.reasonCode, 'WCC_CREDIT_DEDUCT')));
    expect(deducts.filter((r) => r.balance === 'WCC')).toHaveLength(20);
    expect(deducts.filter((r) => r.balance === 'CENTRAL')).toHaveLength(20);
    // Each success left a distinct balance: no two read the same starting value.
    expect(new Set(deducts.filter((r) => r.balance === 'WCC').map((r) => r.balanceAfter)).size).toBe(20);
    expect(await fromLogs(acme, 'WCC', project.id)).toBe(0);
  });

  it('ADDs and SUBTRACTs on one project at once never deadlock nor lose an update', async () => {
    const step = 10 * INR;
    const project = await freshProject('Mixed Project', 10 * step);
    const central = await kit.central(acme);
    const actions = Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? 'ADD' : 'SUBTRACT'));
    const results = await Promise.all(
      actions.map((action) =>
        call(t.app, 'PATCH', `/partner/:partnerId/project/${project.id}/billing/wcc`, {
          token: owner,
          body: { amount: step, action },
        }),
      ),
    );
    expect(results.map((r) => r.status).filter((s) => s !== 200)).toEqual([]);
    expect((await kit.projectById(project.id)).templateCredit).toBe(10 * step);
    expect(await kit.central(acme)).toBe(central);
    expect(await fromLogs(acme, 'WCC', project.id)).toBe(10 * step);
  });

  it('the same Idempotency-Key sent 10 times at once moves money once', async () => {
    const project = await freshProject('Retried Project', 0);
    const central = await kit.central(acme);
    const headers = { 'idempotency-key': `burst-${project.id}` };
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        call(t.app, 'PATCH', `/partner/:partnerId/project/${project.id}/billing/wcc`, {
          token: owner,
          body: { amount: 5 * INR, action: 'ADD' },
          headers,
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(results.every((r) => r.body.credit === 5 * INR)).toBe(true);
    expect((await kit.projectById(project.id)).templateCredit).toBe(5 * INR);
    expect(await kit.central(acme)).toBe(central - 5 * INR);
  });

  it('200 money operations of every kind at once (credits both ways, plan switches, add-ons, retried keys) lose no update', async () => {
    const db = t.database.db;
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
        await changeProjectCredit(t.deps, {
          partnerId: partner.id,
          projectId: p.id,
          kind,
          action: 'ADD',
          amount: 100 * INR,
        });
    const start = await kit.central(partner.id);

    const transfers = Array.from({ length: 120 }, (_, i) => ({
      projectId: shared[i % 4]!.id,
      kind: (i % 2 ? 'WCC' : 'PWC') as ProjectCreditKind,
      action: (i % 3 ? 'ADD' : 'SUBTRACT') as LedgerAction,
      amount: (1 + (i % 5)) * INR,
      idempotencyKey: `busy-${i}`,
    }));
    const operations = [
      ...transfers.map((o) => changeProjectCredit(t.deps, { partnerId: partner.id, ...o })),
      // 20 of the transfers sent again with their key: they must move nothing.
      ...transfers.slice(0, 20).map((o) => changeProjectCredit(t.deps, { partnerId: partner.id, ...o })),
      ...switching.map((p) =>
        switchPlan(t.deps, partner.id, p.id, { newFamilyId: family.id, newPlanId: 'PRO_MONTHLY' }),
      ),
      ...buying.map((p) => activateAddon(t.deps, partner.id, p.id, { addon: 'FLOW_BUILDER' })),
    ];
    const settled = await Promise.allSettled(operations);
    expect(settled).toHaveLength(200);
    expect(settled.filter((s) => s.status === 'rejected')).toEqual([]);

    const expected = new Map(shared.map((p) => [p.id, { WCC: 100 * INR, PWC: 100 * INR }]));
    for (const o of transfers)
      expected.get(o.projectId)![o.kind as 'WCC' | 'PWC'] += o.action === 'ADD' ? o.amount : -o.amount;
    const moved = transfers.reduce((sum, o) => sum + (o.action === 'ADD' ? o.amount : -o.amount), 0);
    const spent = 40 * family.plans.PRO_MONTHLY!.INR + 20 * 7 * INR;
    expect(await kit.central(partner.id)).toBe(start - moved - spent);
    expect(await fromLogs(partner.id, 'CENTRAL')).toBe(start - moved - spent);
    for (const p of shared) {
      const row = await kit.projectById(p.id);
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
    const poor = await makePartner(t.database.db, {
      name: 'Race Partner',
      centralBalance: 1000 * INR,
      addons: { FLOW_BUILDER: { name: 'FLOW_BUILDER', status: 'ACTIVE', price: { INR: 300 * INR, USD: 4 * INR } } },
    });
    const business = await makeBusiness(t.database.db, { partnerId: poor.id, displayName: 'Race Client' });
    const ids = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        makeProject(t.database.db, { partnerId: poor.id, businessId: business.id, name: `Race ${i}` }).then(
          (p) => p.id,
        ),
      ),
    );
    const { activateAddon } = await import('./addons.js');
    const settled = await Promise.allSettled(
      ids.map((id) => activateAddon(t.deps, poor.id, id, { addon: 'FLOW_BUILDER' })),
    );
    expect(settled.filter((s) => s.status === 'fulfilled')).toHaveLength(3);
    expect(await kit.central(poor.id)).toBe(100 * INR);
    expect(await fromLogs(poor.id, 'CENTRAL')).toBe(100 * INR);
  });
});
