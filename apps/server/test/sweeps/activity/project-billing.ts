import { postEntry } from '../../../src/modules/billing/ledger.js';
import { testKit } from '../../../src/modules/project-billing/test-kit.js';
import { makeBusiness, makeProject } from '../../../src/seed/businesses.js';
import { call } from '../../harness.js';
import { activityCase, type ActivityCases, type Sweep } from './case.js';

const INR = 100000;
let made = 0;
let funded = false;

/**
 * A project of Acme's of the sweep's own (live, on Acme Standard's Basic monthly plan), so a case
 * changes nothing the demo or a later case relies on; Acme's central balance is topped up once, as
 * a recharge, so the charges never run short.
 */
const freshProject = async ({ t, idsOf }: Sweep, change: Partial<Parameters<typeof makeProject>[1]> = {}) => {
  const db = t.database.db;
  const { partnerId } = await idsOf('owner');
  if (!funded) {
    await postEntry(db, {
      partnerId,
      balance: 'CENTRAL',
      action: 'ADD',
      amount: 100_000 * INR,
      reasonCode: 'CENTRAL_BALANCE_RECHARGE',
      message: 'Activity sweep recharge',
    });
    funded = true;
  }
  made += 1;
  const business = await makeBusiness(db, { partnerId, displayName: `Activity Billing Client ${made}` });
  const family = await testKit(db).family(partnerId, 'Acme Standard');
  return makeProject(db, {
    partnerId,
    businessId: business.id,
    name: `Activity Billing Project ${made}`,
    familyId: family.id,
    activePlan: 'BASIC_MONTHLY',
    isWhatsappVerified: true,
    ...change,
  });
};

const credit = (what: 'wcc' | 'pwc' | 'adCredit', action: 'credit.wcc' | 'credit.pwc' | 'credit.ad') =>
  activityCase({
    action,
    setup: (s) => freshProject(s),
    run: async (s, p) =>
      call(s.t.app, 'PATCH', `/partner/:partnerId/project/${p.id}/billing/${what}`, {
        token: await s.token('owner'),
        body: { amount: 25 * INR, action: 'ADD' },
      }),
  });

const addon = '/partner/:partnerId/project/:id/addon';
const addonCall = async (s: Sweep, method: 'POST' | 'PATCH' | 'DELETE', projectId: string, body: unknown) =>
  call(s.t.app, method, addon.replace(':id', projectId), { token: await s.token('owner'), body });
/** A project with the flow builder on, for the cases that change or remove it. */
const withFlowBuilder = async (s: Sweep) => {
  const p = await freshProject(s);
  await addonCall(s, 'POST', p.id, { addon: 'FLOW_BUILDER', flowCount: 5 });
  return p;
};

/** The write routes of project-billing: a project's credits, plan, add-ons, status and defaults. */
export const cases: ActivityCases = {
  'PATCH /partner/:partnerId/project/:projectId/billing/wcc': credit('wcc', 'credit.wcc'),
  'PATCH /partner/:partnerId/project/:projectId/billing/pwc': credit('pwc', 'credit.pwc'),
  'PATCH /partner/:partnerId/project/:projectId/billing/adCredit': credit('adCredit', 'credit.ad'),
  'PATCH /partner/:partnerId/project/:projectId/billing/switch-plan': activityCase({
    action: 'project.plan',
    setup: async (s) => ({
      project: await freshProject(s),
      premium: await testKit(s.t.database.db).family((await s.idsOf('owner')).partnerId, 'Acme Premium'),
    }),
    run: async (s, { project, premium }) =>
      call(s.t.app, 'PATCH', `/partner/:partnerId/project/${project.id}/billing/switch-plan`, {
        token: await s.token('owner'),
        body: { newFamilyId: premium.id, newPlanId: 'PRO_MONTHLY' },
      }),
  }),
  'PATCH /partner/:partnerId/project/:projectId/billing/reactivate-project': activityCase({
    action: 'project.reactivate',
    setup: (s) => freshProject(s, { status: 'stopped', planStoppedOn: new Date() }),
    run: async (s, p) =>
      call(s.t.app, 'PATCH', `/partner/:partnerId/project/${p.id}/billing/reactivate-project`, {
        token: await s.token('owner'),
        body: { familyId: p.familyId, defaultPlan: 'BASIC_MONTHLY' },
      }),
  }),
  'PATCH /partner/:partnerId/stop-project-billing/:projectId': activityCase({
    action: 'project.stop-billing',
    setup: (s) => freshProject(s),
    run: async (s, p) =>
      call(s.t.app, 'PATCH', `/partner/:partnerId/stop-project-billing/${p.id}`, {
        token: await s.token('owner'),
        body: {},
      }),
  }),
  'PATCH /api/update-project-wcc-plan': activityCase({
    action: 'project.wcc-plan',
    setup: async (s) => ({
      project: await freshProject(s, { wccPlanId: null }),
      wcc: await testKit(s.t.database.db).wcc((await s.idsOf('owner')).partnerId),
    }),
    run: async (s, { project, wcc }) =>
      call(s.t.app, 'PATCH', '/api/update-project-wcc-plan', {
        token: await s.token('owner'),
        body: { assistantId: project.id, wccPlanId: wcc.id },
      }),
  }),
  'PATCH /api/whatsapp-payments-plans/set-plan': activityCase({
    action: 'project.plan',
    setup: async (s) => ({
      project: await freshProject(s, { paymentPlanId: null }),
      pay: await testKit(s.t.database.db).payPlan((await s.idsOf('owner')).partnerId),
    }),
    run: async (s, { project, pay }) =>
      call(s.t.app, 'PATCH', '/api/whatsapp-payments-plans/set-plan', {
        token: await s.token('owner'),
        body: { assistantId: project.id, paymentPlanId: pay.id },
      }),
  }),
  'POST /api/delete-project/:id': activityCase({
    action: 'project.delete',
    setup: (s) => freshProject(s),
    run: async (s, p) => call(s.t.app, 'POST', `/api/delete-project/${p.id}`, { token: await s.token('owner') }),
  }),
  'PUT /api/change-project-status': activityCase({
    action: 'project.status',
    setup: (s) => freshProject(s),
    run: async (s, p) =>
      call(s.t.app, 'PUT', '/api/change-project-status', {
        token: await s.token('owner'),
        body: { assistantId: p.id, status: 'pending' },
      }),
  }),
  'POST /api/set-default-configs': activityCase({
    action: 'project.defaults',
    setup: (s) => freshProject(s, { isoCode: 'IN' }),
    run: async (s, p) =>
      call(s.t.app, 'POST', '/api/set-default-configs', {
        token: await s.token('owner'),
        body: { assistantId: p.id, isoCode: 'AE' },
      }),
  }),
  [`POST ${addon}`]: activityCase({
    action: 'project.addon',
    setup: (s) => freshProject(s),
    run: (s, p) => addonCall(s, 'POST', p.id, { addon: 'FLOW_BUILDER', flowCount: 5 }),
  }),
  [`PATCH ${addon}`]: activityCase({
    action: 'project.addon',
    setup: withFlowBuilder,
    run: (s, p) => addonCall(s, 'PATCH', p.id, { addon: 'FLOW_BUILDER', flowCount: 15 }),
  }),
  [`DELETE ${addon}`]: activityCase({
    action: 'project.addon',
    setup: withFlowBuilder,
    run: (s, p) => addonCall(s, 'DELETE', p.id, { addon: 'FLOW_BUILDER' }),
  }),
};
