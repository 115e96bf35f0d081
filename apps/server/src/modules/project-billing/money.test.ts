import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LedgerAction } from '@pc/contract';
import { call, signInAs, startTestApp, type TestContext } from '../../../test/harness.js';
import { billingLogs, partners, projects } from '../../platform/db/schema.js';
import { AppError } from '../../platform/errors/app-error.js';
import { makeBusiness, makeProject } from '../../seed/businesses.js';
import { makePartner } from '../../seed/factories.js';
import type { ProjectCreditKind } from '../billing/credit-transfer.js';
import { insufficientCentralBalance, insufficientCredit } from '../billing/ledger.js';
import { changeProjectCredit } from './credits.js';
import { testKit } from './test-kit.js';

/**
 * Money stays right (issue 3 point 6): every balance equals the sum of its billing-log rows after
 * any sequence of transfers; concurrent subtractions never lose an update nor go below zero; a
 * retried request moves money once. The concurrency tests bite on PostgreSQL:
 * `node scripts/with-postgres.mjs npx vitest run apps/server/src/modules/project-billing`.
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
});
afterAll(() => t.close());

const column = { WCC: 'templateCredit', PWC: 'partnerWhatsappCredit', AD_CREDIT: 'metaAdsCredit' } as const;

/** Signed sum of a balance's billing-log rows, and the balance its last row says it left. */
const fromLogs = async (partnerId: string, balance: 'CENTRAL' | ProjectCreditKind, projectId?: string) => {
  const rows = await t.database.db
    .select()
    .from(billingLogs)
    .where(and(eq(billingLogs.partnerId, partnerId), eq(billingLogs.balance, balance), projectId ? eq(billingLogs.projectId, projectId) : undefined));
  return rows.reduce((sum, r) => sum + (r.action === 'ADD' ? r.amount : -r.amount), 0);
};

describe('the ledger invariant', () => {
  type Op = { kind: ProjectCreditKind; action: LedgerAction; amount: number };
  const op: fc.Arbitrary<Op> = fc.oneof(
    fc.record({ kind: fc.constantFrom<ProjectCreditKind>('WCC', 'PWC'), action: fc.constantFrom<LedgerAction>('ADD', 'SUBTRACT'), amount: fc.integer({ min: 1, max: 400 * INR }) }),
    fc.record({ kind: fc.constant<ProjectCreditKind>('AD_CREDIT'), action: fc.constant<LedgerAction>('ADD'), amount: fc.integer({ min: 1, max: 400 * INR }) }),
  );

  it('after any sequence of ADD/SUBTRACT transfers of the three credits, every balance equals the sum of its billing-log rows and the model', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 1000 * INR }), fc.array(op, { maxLength: 25 }), async (opening, ops) => {
        run += 1;
        const partner = await makePartner(t.database.db, { name: `Ledger Partner ${run}`, centralBalance: opening });
        const business = await makeBusiness(t.database.db, { partnerId: partner.id, displayName: `Ledger Client ${run}` });
        const project = await makeProject(t.database.db, { partnerId: partner.id, businessId: business.id, name: `Ledger Project ${run}` });
        const model = { central: opening, WCC: 0, PWC: 0, AD_CREDIT: 0 };
        for (const o of ops) {
          const source = o.action === 'ADD' ? model.central : model[o.kind];
          const expected = o.amount > source ? (o.action === 'ADD' ? insufficientCentralBalance : insufficientCredit) : null;
          try {
            const { credit } = await changeProjectCredit(t.deps, { partnerId: partner.id, projectId: project.id, ...o });
            expect(expected).toBeNull();
            const delta = o.action === 'ADD' ? o.amount : -o.amount;
            model[o.kind] += delta;
            model.central -= delta;
            expect(credit).toBe(model[o.kind]);
          } catch (error) {
            if (!(error instanceof AppError)) throw error;
            expect(error.message).toBe(expected);
          }
        }
        const row = (await t.database.db.select().from(projects).where(eq(projects.id, project.id)))[0]!;
        const central = (await t.database.db.select({ b: partners.centralBalance }).from(partners).where(eq(partners.id, partner.id)))[0]!.b;
        expect(central).toBe(model.central);
        expect(await fromLogs(partner.id, 'CENTRAL')).toBe(central);
        for (const kind of ['WCC', 'PWC', 'AD_CREDIT'] as const) {
          expect(row[column[kind]]).toBe(model[kind]);
          expect(await fromLogs(partner.id, kind, project.id)).toBe(row[column[kind]]);
        }
        // Money is moved, never made: what left the central balance is in the credits.
        expect(central + model.WCC + model.PWC + model.AD_CREDIT).toBe(opening);
      }),
      { numRuns: 30 },
    );
  });
});

describe('concurrency', () => {
  const freshProject = async (name: string, credit: number) => {
    const business = await makeBusiness(t.database.db, { partnerId: acme, displayName: `${name} Client` });
    const project = await makeProject(t.database.db, { partnerId: acme, businessId: business.id, name });
    if (credit > 0) await call(t.app, 'PATCH', `/partner/x/project/${project.id}/billing/wcc`, { token: owner, body: { amount: credit, action: 'ADD' } });
    return project;
  };

  it('50 subtractions at once against a credit that covers 20: exactly 20 succeed, nothing is lost', async () => {
    const step = 10 * INR;
    const project = await freshProject('Concurrent Project', 20 * step);
    const central = await kit.central(acme);
    const results = await Promise.all(
      Array.from({ length: 50 }, () => call(t.app, 'PATCH', `/partner/x/project/${project.id}/billing/wcc`, { token: owner, body: { amount: step, action: 'SUBTRACT' } })),
    );
    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(20);
    expect(results.filter((r) => r.status === 400).every((r) => r.body.message === insufficientCredit)).toBe(true);
    expect(results.length - ok.length).toBe(30);
    expect((await kit.projectById(project.id)).templateCredit).toBe(0);
    expect(await kit.central(acme)).toBe(central + 20 * step);
    const deducts = await t.database.db.select().from(billingLogs).where(and(eq(billingLogs.projectId, project.id), eq(billingLogs.reasonCode, 'WCC_CREDIT_DEDUCT')));
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
    const results = await Promise.all(actions.map((action) => call(t.app, 'PATCH', `/partner/x/project/${project.id}/billing/wcc`, { token: owner, body: { amount: step, action } })));
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
      Array.from({ length: 10 }, () => call(t.app, 'PATCH', `/partner/x/project/${project.id}/billing/wcc`, { token: owner, body: { amount: 5 * INR, action: 'ADD' }, headers })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(results.every((r) => r.body.credit === 5 * INR)).toBe(true);
    expect((await kit.projectById(project.id)).templateCredit).toBe(5 * INR);
    expect(await kit.central(acme)).toBe(central - 5 * INR);
  });

  it('concurrent plan switches and add-on activations never take the central balance below zero', async () => {
    const poor = await makePartner(t.database.db, { name: 'Race Partner', centralBalance: 1000 * INR, addons: { FLOW_BUILDER: { name: 'FLOW_BUILDER', status: 'ACTIVE', price: { INR: 300 * INR, USD: 4 * INR } } } });
    const business = await makeBusiness(t.database.db, { partnerId: poor.id, displayName: 'Race Client' });
    const ids = await Promise.all(Array.from({ length: 8 }, (_, i) => makeProject(t.database.db, { partnerId: poor.id, businessId: business.id, name: `Race ${i}` }).then((p) => p.id)));
    const { activateAddon } = await import('./addons.js');
    const settled = await Promise.allSettled(ids.map((id) => activateAddon(t.deps, poor.id, id, { addon: 'FLOW_BUILDER' })));
    expect(settled.filter((s) => s.status === 'fulfilled')).toHaveLength(3);
    expect(await kit.central(poor.id)).toBe(100 * INR);
    expect(await fromLogs(poor.id, 'CENTRAL')).toBe(100 * INR);
  });
});
