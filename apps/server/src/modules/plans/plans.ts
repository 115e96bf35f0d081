import type { PlanFamily, WccFamily, WhatsappPaymentsPlan } from '@pc/contract';
import { paymentsPlanOut, planFamilyOut, wccFamilyOut } from '../pricing/families.js';
import type { DbOrTx } from '../../platform/db/open.js';
import type { AgentViewer } from '../../platform/auth/viewer.js';
import { badRequest, notFound } from '../../platform/errors/app-error.js';
import {
  findPaymentPlan,
  findPlanFamily,
  findWccFamily,
  listPaymentPlans,
  listPlanFamilies,
  listWccFamilies,
} from './queries.js';

// Referral users see no catalogue (doc 1 section 6).
export const planFamiliesOf = async (db: DbOrTx, viewer: AgentViewer): Promise<{ planFamily: PlanFamily[] }> => {
  if (viewer.isReferral) return { planFamily: [] };
  const rows = await listPlanFamilies(db, viewer.partnerId);
  return { planFamily: rows.map(planFamilyOut) };
};

export const wccPlansOf = async (db: DbOrTx, viewer: AgentViewer): Promise<{ wccPlan: WccFamily[] }> => {
  if (viewer.isReferral) return { wccPlan: [] };
  const rows = await listWccFamilies(db, viewer.partnerId);
  return { wccPlan: rows.map(wccFamilyOut) };
};

export const paymentPlansOf = async (
  db: DbOrTx,
  viewer: AgentViewer,
): Promise<{ whatsappPaymentsPlans: WhatsappPaymentsPlan[] }> => {
  if (viewer.isReferral) return { whatsappPaymentsPlans: [] };
  const rows = await listPaymentPlans(db, viewer.partnerId);
  return { whatsappPaymentsPlans: rows.map(paymentsPlanOut) };
};

export type PlanChoice = {
  familyId?: string | null;
  planName?: string | null;
  wccId?: string | null;
  paymentPlanId?: string | null;
};
export type CheckedPlans = {
  familyId: string | null;
  activePlan: string;
  wccPlanId: string | null;
  paymentPlanId: string | null;
};

/**
 * Every plan id inside a payload must be the partner's own: a foreign or unknown one is 404.
 * The plan must be one the family prices.
 */
export const checkPlanChoice = async (
  db: DbOrTx,
  partnerId: string,
  choice: PlanChoice,
  opts: { waPayActive: boolean },
): Promise<CheckedPlans> => {
  let activePlan = 'NONE';
  if (choice.familyId) {
    const family = await findPlanFamily(db, partnerId, choice.familyId);
    if (!family) throw notFound('Plan family not found.');
    if (choice.planName) {
      if (!(choice.planName in family.plans)) throw badRequest('This plan is not in the chosen plan family.');
      activePlan = choice.planName;
    }
  } else if (choice.planName) throw badRequest('Select a plan family');
  if (choice.wccId && !(await findWccFamily(db, partnerId, choice.wccId))) throw notFound('Wcc plan family not found.');
  if (choice.paymentPlanId) {
    if (!(await findPaymentPlan(db, partnerId, choice.paymentPlanId))) throw notFound('WA Pay plan family not found.');
    if (!opts.waPayActive) throw badRequest('The WhatsApp Payments add-on is not active.');
  }
  return {
    familyId: choice.familyId || null,
    activePlan,
    wccPlanId: choice.wccId || null,
    paymentPlanId: choice.paymentPlanId || null,
  };
};
