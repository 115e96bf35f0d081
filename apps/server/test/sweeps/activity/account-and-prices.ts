import { asc, eq } from 'drizzle-orm';
import type {
  BillingAddress,
  PaymentsPlanAnswer,
  PlanFamilyAnswer,
  UpcomingRateCardsResponse,
  WccFamilyAnswer,
} from '@pc/contract';
import { decideOnSandbox, gatewayCalls } from '../../../src/modules/payment-gateway/test-flow.js';
import { findLiveConnection } from '../../../src/modules/payment-gateway/queries.js';
import { partners, projects } from '../../../src/platform/db/schema.js';
import { call } from '../../harness.js';
import { activityCase, made, send, type ActivityCases, type Sweep } from './case.js';

/** Prices are kept in 1/100000 of the currency. */
const U = 100000;
const planPrices = { BASIC_MONTHLY: { INR: 1299 * U, USD: 15 * U }, PRO_MONTHLY: { INR: 2399 * U, USD: 29 * U } };
const noMargins = {
  business_initiated: {},
  user_initiated: {},
  service: {},
  authentication: {},
  marketing: {},
  utility: {},
};
const paymentSlabs = (fee: number) => [
  { startAmount: 0, INR: { fee: 180000 } },
  { startAmount: 10000000000, INR: { fee } },
];

const acmeRow = async (s: Sweep) =>
  (
    await s.t.database.db
      .select()
      .from(partners)
      .where(eq(partners.id, (await s.idsOf('owner')).partnerId))
  )[0]!;

/** One of Acme's projects, for its WCC credit's warning level. */
const acmeProject = async (s: Sweep) =>
  (
    await s.t.database.db
      .select({ id: projects.id })
      .from(projects)
      .where(eq(projects.partnerId, (await s.idsOf('owner')).partnerId))
      .orderBy(asc(projects.id))
      .limit(1)
  )[0]!.id;

const gateway = async (s: Sweep) => gatewayCalls(s.t.app, (await s.idsOf('owner')).partnerId);

/** Razorpay's callback for a fresh authorisation of Acme, through the sandbox's Allow. */
const razorpayCallback = async (s: Sweep) => {
  const authorized = await (await gateway(s)).authorize(await s.token('owner'));
  return decideOnSandbox(s.t.app, made(authorized, 'authorize').url);
};

/** The partner's account and configuration, the wallet's warning levels, and its prices over the provider's. */
export const cases: ActivityCases = {
  'PATCH /api/update-partner-config': activityCase({
    action: 'partner.config',
    setup: async (s) => (await acmeRow(s)).trialAmount,
    run: (s, trialAmount: number) =>
      send(s, 'PATCH', '/api/update-partner-config', { trialAmount: trialAmount + 123 * U }),
  }),
  'POST /api/update-partner-billing-details': activityCase({
    action: 'partner.billing-details',
    // Acme's saved details with another first line (the payment gateway's cases need them saved).
    setup: async (s) => {
      const address = (await acmeRow(s)).billingAddress;
      if (!address) throw new Error('the demo gives Acme billing details');
      return address;
    },
    run: (s, address: BillingAddress) =>
      send(s, 'POST', '/api/update-partner-billing-details', {
        billingAddress: { ...address, line1: `${address.line1} (Sweep wing)` },
      }),
  }),
  'POST /api/update-profile-color': activityCase({
    action: 'partner.brand',
    run: (s) =>
      send(s, 'POST', '/api/update-profile-color', { colorObj: { primary: '#1a5e3c', background: '#fafaf5' } }),
  }),

  'POST /razorpay/partner/t1/authorize': activityCase({
    action: 'payment-gateway.authorize',
    run: async (s) => (await gateway(s)).authorize(await s.token('owner')),
  }),
  'POST /razorpay/partner/t1/connect': activityCase({
    action: 'payment-gateway.connect',
    setup: razorpayCallback,
    run: async (s, callback: Record<string, string>) => (await gateway(s)).connect(await s.token('owner'), callback),
  }),
  'POST /razorpay/partner/t1/disconnect': activityCase({
    action: 'payment-gateway.disconnect',
    setup: async (s) => {
      if (await findLiveConnection(s.t.database.db, (await s.idsOf('owner')).partnerId)) return;
      made(await (await gateway(s)).connect(await s.token('owner'), await razorpayCallback(s)), 'connect');
    },
    run: async (s) => (await gateway(s)).disconnect(await s.token('owner')),
  }),

  'PUT /api/wallet/threshold': activityCase({
    action: 'wallet.threshold',
    run: (s) => send(s, 'PUT', '/api/wallet/threshold', { kind: 'AMOUNT', value: 1234 * U }),
  }),
  'DELETE /api/wallet/threshold': activityCase({
    action: 'wallet.threshold',
    setup: async (s) => made(await send(s, 'PUT', '/api/wallet/threshold', { kind: 'DAYS', value: 17 }), 'level'),
    run: (s) => send(s, 'DELETE', '/api/wallet/threshold'),
  }),
  'PUT /api/wallet/projects/:projectId/threshold': activityCase({
    action: 'wallet.project-threshold',
    setup: acmeProject,
    run: (s, projectId: string) =>
      send(s, 'PUT', `/api/wallet/projects/${projectId}/threshold`, { kind: 'AMOUNT', value: 321 * U }),
  }),
  'DELETE /api/wallet/projects/:projectId/threshold': activityCase({
    action: 'wallet.project-threshold',
    setup: async (s) => {
      const projectId = await acmeProject(s);
      const body = { kind: 'DAYS', value: 11 };
      made(await send(s, 'PUT', `/api/wallet/projects/${projectId}/threshold`, body), 'level');
      return projectId;
    },
    run: (s, projectId: string) => send(s, 'DELETE', `/api/wallet/projects/${projectId}/threshold`),
  }),

  'POST /api/update-addon-plan': activityCase({
    action: 'addon-plan.update',
    run: (s) =>
      send(s, 'POST', '/api/update-addon-plan', {
        key: 'WEBHOOKS',
        partnerPlans: { Monthly: { INR: 351 * U, USD: 5 * U }, Yearly: { INR: 3510 * U, USD: 50 * U } },
      }),
  }),

  'POST /api/create-partner-plan-family': activityCase({
    action: 'plan-family.create',
    run: (s) =>
      send(s, 'POST', '/api/create-partner-plan-family', {
        name: 'Sweep Plans',
        plans: planPrices,
        defaultPlan: 'BASIC_MONTHLY',
      }),
  }),
  'PATCH /api/update-partner-plan-families': activityCase({
    action: 'plan-family.update',
    setup: async (s) =>
      made(
        (await send(s, 'POST', '/api/create-partner-plan-family', {
          name: 'Sweep Editable Plans',
          plans: planPrices,
          defaultPlan: 'BASIC_MONTHLY',
        })) as { status: number; body: PlanFamilyAnswer },
        'plan family',
      ).planFamily._id,
    run: (s, planId: string) =>
      send(s, 'PATCH', '/api/update-partner-plan-families', {
        planId,
        plans: { ...planPrices, BASIC_MONTHLY: { INR: 1499 * U, USD: 18 * U } },
      }),
  }),
  'POST /api/create-partner-wcc-plan': activityCase({
    action: 'wcc-family.create',
    run: (s) =>
      send(s, 'POST', '/api/create-partner-wcc-plan', {
        ...noMargins,
        name: 'Sweep WCC',
        marketing: { IN: { inrMargin: 20000, usdMargin: 300 } },
      }),
  }),
  'PATCH /api/update-partner-wcc-families': activityCase({
    action: 'wcc-family.update',
    setup: async (s) =>
      made(
        (await send(s, 'POST', '/api/create-partner-wcc-plan', {
          ...noMargins,
          name: 'Sweep Editable WCC',
          marketing: { IN: { inrMargin: 10000, usdMargin: 0 } },
        })) as { status: number; body: WccFamilyAnswer },
        'WCC family',
      ).partnerWccPlan._id,
    run: (s, wccPlanId: string) =>
      send(s, 'PATCH', '/api/update-partner-wcc-families', {
        wccPlanId,
        mc: { IN: { inrMargin: 30000, usdMargin: 0 } },
      }),
  }),
  'POST /api/whatsapp-payments-plans': activityCase({
    action: 'payment-plan.create',
    run: (s) => send(s, 'POST', '/api/whatsapp-payments-plans', { name: 'Sweep Pay', slabs: paymentSlabs(120000) }),
  }),
  'PATCH /api/whatsapp-payments-plans/:id': activityCase({
    action: 'payment-plan.update',
    setup: async (s) =>
      made(
        (await send(s, 'POST', '/api/whatsapp-payments-plans', {
          name: 'Sweep Editable Pay',
          slabs: paymentSlabs(120000),
        })) as { status: number; body: PaymentsPlanAnswer },
        'payments plan',
      ).whatsappPaymentsPlan._id,
    run: (s, id: string) => send(s, 'PATCH', `/api/whatsapp-payments-plans/${id}`, { slabs: paymentSlabs(130000) }),
  }),

  'PUT /api/rate-cards/:id/families/:familyId': activityCase({
    action: 'rate-card.family',
    // The demo's scheduled card: one of Acme's families answered the other way than it is now.
    setup: async (s) => {
      const upcoming = made(
        await call<UpcomingRateCardsResponse>(s.t.app, 'GET', '/api/rate-cards/upcoming', {
          token: await s.token('owner'),
        }),
        'upcoming rate cards',
      );
      const card = upcoming.rateCards.find((c) => c.open && c.families.length > 0);
      if (!card) throw new Error('the demo has no open rate card with a family of Acme');
      const family = card.families[0]!;
      return { cardId: card._id, familyId: family.familyId, choice: family.choice === 'KEEP' ? 'PASS' : 'KEEP' };
    },
    run: (s, state: { cardId: string; familyId: string; choice: string }) =>
      send(s, 'PUT', `/api/rate-cards/${state.cardId}/families/${state.familyId}`, { choice: state.choice }),
  }),
};
