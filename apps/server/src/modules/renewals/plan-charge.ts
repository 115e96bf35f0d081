import { disabledOnAfter, familyPlanOf, planPeriodOf } from '@pc/contract';
import type { Tx } from '../../platform/db/open.js';
import { AppError } from '../../platform/errors/app-error.js';
import { findByIdempotencyKey, insufficientCentralBalance, postEntry } from '../billing/ledger.js';
import { readPlanCatalogue } from '../pricing/catalogue.js';
import { periodAfter } from './periods.js';
import { findPlanFamily, type LockedProject, type ProjectRow } from './queries.js';

/** The ledger key of one plan period: the job and the staff's Renew plan charge a period under it, so once. */
export const planRenewalKey = (projectId: string, periodStart: Date) =>
  `renewal:plan:${projectId}:${periodStart.toISOString()}`;

/** postEntry's refusal of a subtraction the central balance does not cover (nothing was written). */
export const isShortOfMoney = (error: unknown) =>
  error instanceof AppError && error.message === insufficientCentralBalance;

/**
 * The partner's price of the project's plan: the price its plan family gives the family plan of its
 * plan (contract `familyPlanOf`: LITE and the BASIC tiers are priced as BASIC_MONTHLY ...), in the
 * project's currency, with the provider's price of that plan beside it. No family, or a family
 * without that plan: no price (the period renews without a charge, like a price of 0).
 */
const planPrice = async (tx: Tx, project: LockedProject) => {
  const plan = familyPlanOf(project.activePlan);
  const family = project.familyId ? await findPlanFamily(tx, project.partnerId, project.familyId) : undefined;
  const amount = (plan && family?.plans[plan]?.[project.currency]) || 0;
  const label = `${family?.name ?? 'No plan family'} ${project.activePlan}${plan && plan !== project.activePlan ? ` (${plan})` : ''}`;
  if (!plan || amount <= 0) return { amount: 0, label };
  const provider = (await readPlanCatalogue(tx))[plan]?.[project.currency];
  return { amount, providerAmount: provider, label };
};

/**
 * Charges the plan's period that starts at `periodStart` (PLAN_RENEWED, from the partner's central
 * balance: a plan is bought from there, so it renews from there) and answers where the next period
 * starts. The caller holds the project's row lock. A period whose key is already in the ledger was
 * charged before (its date was set back since): it is not charged again. Short of money: postEntry
 * refuses and nothing is written (`isShortOfMoney`).
 */
export const chargePlanPeriod = async (tx: Tx, project: LockedProject, periodStart: Date) => {
  const period = planPeriodOf(project.activePlan);
  if (!period) throw new Error(`${project.activePlan} does not renew`);
  const price = await planPrice(tx, project);
  const key = planRenewalKey(project.id, periodStart);
  let charged = 0;
  if (price.amount > 0 && !(await findByIdempotencyKey(tx, project.partnerId, key))) {
    await postEntry(tx, {
      partnerId: project.partnerId,
      balance: 'CENTRAL',
      action: 'SUBTRACT',
      amount: price.amount,
      ...(price.providerAmount !== undefined ? { providerAmount: price.providerAmount } : {}),
      reasonCode: 'PLAN_RENEWED',
      message: `Plan renewed: ${price.label}`,
      projectId: project.id,
      projectName: project.name,
      businessId: project.businessId,
      businessName: project.businessName,
      idempotencyKey: key,
    });
    charged = price.amount;
  }
  return { charged, next: periodAfter(periodStart, period) };
};

/** The project once a period is paid: renewing on the next date, and active again if it was unpaid. */
export const paidThrough = (project: ProjectRow, next: Date, now: Date): Partial<ProjectRow> => ({
  planRenewalOn: next,
  ...(project.status === 'unpaid'
    ? { status: 'active', disabledOn: disabledOnAfter(project.status, 'active', project.disabledOn, now) }
    : {}),
});
