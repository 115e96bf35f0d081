import { desc, eq } from 'drizzle-orm';
import type {
  BusinessCounts,
  BusinessListsResponse,
  CreateBusinessWithProjectResponse,
  PlanFamily,
  WccFamily,
  WhatsappPaymentsPlan,
} from '@pc/contract';
import { call, signInAs, type TestContext } from '../../../test/harness.js';
import { partnerAuditLog } from '../../platform/db/schema.js';

/** Shared by the business tests: the demo's members, the owner's first plans, a new client's details and the calls. */
export const businessesFixture = async (t: TestContext) => {
  const [owner, viewer, manager, direct, ads, referral] = await Promise.all(
    ['owner', 'agent', 'priya', 'direct', 'ads', 'referral'].map((u) => signInAs(t.app, u as 'owner')),
  );
  const family = (
    await call<{ planFamily: PlanFamily[] }>(t.app, 'GET', '/api/get-partner-plan-families', { token: owner })
  ).body.planFamily[0]!;
  const wcc = (await call<{ wccPlan: WccFamily[] }>(t.app, 'GET', '/api/get-partner-wcc-plans', { token: owner })).body
    .wccPlan[0]!;
  const pay = (
    await call<{ whatsappPaymentsPlans: WhatsappPaymentsPlan[] }>(t.app, 'GET', '/api/whatsapp-payments-plans', {
      token: owner,
    })
  ).body.whatsappPaymentsPlans[0]!;

  let seq = 0;
  const details = (change: Record<string, unknown> = {}) => {
    seq += 1;
    return {
      email: `client${seq}@biz.example`,
      display_name: `Client ${seq}`,
      company: `Client ${seq} Pvt Ltd`,
      contact: '919876543210',
      website: 'https://client.example',
      companySize: '1 - 10',
      industry: 'Education',
      ...change,
    };
  };
  const withPlans = (change: Record<string, unknown> = {}) =>
    details({ newFamilyId: family._id, newPlanId: 'BASIC_MONTHLY', wccPlan: wcc._id, waPayPlan: pay._id, ...change });
  const list = async (body: Record<string, unknown>, token = owner, sort = 'dec') =>
    call<BusinessListsResponse>(t.app, 'POST', `/api/business-lists?sort=${sort}`, { token, body });
  const counts = async (token = owner) =>
    (await call<BusinessCounts[]>(t.app, 'POST', '/api/business-counts', { token, body: {} })).body[0]!;
  const createFull = (body: unknown, token = owner) =>
    call<CreateBusinessWithProjectResponse>(t.app, 'POST', '/partner/:partnerId/business/create', { token, body });
  /** The activity log's newest entry about a business or project. */
  const lastEntry = async (targetId: string) =>
    (
      await t.database.db
        .select()
        .from(partnerAuditLog)
        .where(eq(partnerAuditLog.targetId, targetId))
        .orderBy(desc(partnerAuditLog.createdAt))
        .limit(1)
    )[0];
  return {
    owner,
    viewer,
    manager,
    direct,
    ads,
    referral,
    family,
    wcc,
    details,
    withPlans,
    list,
    counts,
    createFull,
    lastEntry,
  };
};

export type BusinessesFixture = Awaited<ReturnType<typeof businessesFixture>>;
