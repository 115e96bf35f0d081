import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LedgerAction } from '@pc/contract';
import { projects } from '../../platform/db/schema.js';
import { AppError } from '../../platform/errors/app-error.js';
import { makeBusiness, makeProject } from '../../seed/businesses.js';
import { makeWccFamily, makePlanFamily } from '../../seed/catalogue.js';
import { makePartner } from '../../seed/factories.js';
import type { ProjectCreditKind } from '../billing/credit-transfer.js';
import { insufficientCentralBalance, insufficientCredit, postEntry } from '../billing/ledger.js';
import { ingestMessageEvents } from '../charging/ingest.js';
import { activateAddon, removeAddon } from './addons.js';
import { changeProjectCredit } from './credits.js';
import { INR, memberOf, useMoneyFixture } from './money-fixture.js';
import { switchPlan } from './plans.js';
import { readCentralBalance } from '../../modules/billing/central-balance.js';

/**
 * Money stays right: every balance equals the sum of its billing-log rows after any sequence of
 * charges, credits, debits and adjustments. (Concurrent money operations: money.test.ts.)
 */
const { fx, fromLogs } = useMoneyFixture();

const column = { WCC: 'templateCredit', PWC: 'partnerWhatsappCredit', AD_CREDIT: 'metaAdsCredit' } as const;

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
          const db = fx.t.database.db;
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
                changeProjectCredit(fx.t.deps, { by: memberOf(partner.id), projectId: project.id, ...o }),
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
                switchPlan(fx.t.deps, memberOf(partner.id), project.id, { newFamilyId: family.id, newPlanId: target }),
              );
              expect(refused).toBe(plans[target] > model.central ? insufficientCentralBalance : null);
              if (refused) continue;
              model.plan = target;
              model.central -= plans[target];
              outside -= plans[target];
            } else if (model.addon) {
              await removeAddon(fx.t.deps, memberOf(partner.id), project.id, 'FLOW_BUILDER');
              model.addon = false;
            } else {
              const refused = await rejection(() =>
                activateAddon(fx.t.deps, memberOf(partner.id), project.id, { addon: 'FLOW_BUILDER' }),
              );
              expect(refused).toBe(ADDON > model.central ? insufficientCentralBalance : null);
              if (refused) continue;
              model.addon = true;
              model.central -= ADDON;
              outside -= ADDON;
            }
          }
          const row = (await db.select().from(projects).where(eq(projects.id, project.id)))[0]!;
          const central = await readCentralBalance(db, partner.id);
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
