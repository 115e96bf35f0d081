import { retriedTransaction } from '../../platform/db/retry.js';
import {
  disabledOnAfter,
  planPeriodOf,
  projectBillingTexts as texts,
  type ActivityAction,
  type ProjectPlanFamilyResponse,
  type ReasonCode,
  type SubscriptionPlanName,
} from '@pc/contract';
import type { Deps } from '../../deps.js';
import type { Tx } from '../../platform/db/open.js';
import { badRequest, notFound } from '../../platform/errors/app-error.js';
import type { ActivityAuthor } from '../activity/record.js';
import { oncePerKey } from '../billing/idempotency.js';
import { postEntry } from '../billing/ledger.js';
import { readPlanCatalogue } from '../pricing/catalogue.js';
import { periodAfter } from '../renewals/index.js';
import { recordProjectChange, type CentralMove } from './activity.js';
import { findPlanFamily, findProject, updateProject, type ProjectRow, type ProjectWithBusiness } from './queries.js';

/**
 * A plan started now renews a calendar month (a year for yearly plans) later, as the renewals job
 * moves it on from there (modules/renewals); the Starter plan (FREE_FOREVER) never does.
 */
const renewalAfter = (plan: SubscriptionPlanName, now: Date): Date | null => {
  const period = planPeriodOf(plan);
  return period ? periodAfter(now, period) : null;
};

export const isStopped = (p: Pick<ProjectWithBusiness, 'status' | 'planStoppedOn'>) =>
  p.status === 'stopped' || p.planStoppedOn !== null;

type PlanCall = 'Plan switched' | 'Plan reactivated';
/** The billing-log message of a plan charge; it names the request, so a retry is recognised by it. */
const planMessage = (call: PlanCall, familyName: string, plan: SubscriptionPlanName) =>
  `${call}: ${familyName} ${plan}`;

/**
 * The money rule of a plan change: a new period of the chosen plan starts now, and its price for
 * the partner (the family's price in the project's currency) is charged to the partner's central
 * balance in the same transaction, refused when the balance is short; the entry records the
 * provider's price of the plan beside it. The Starter plan costs
 * nothing and writes no billing-log row.
 */
const startPlan = async (
  deps: Deps,
  tx: Tx,
  p: {
    by: ActivityAuthor;
    project: ProjectWithBusiness;
    familyId: string;
    plan: SubscriptionPlanName;
    reasonCode: ReasonCode;
    call: PlanCall;
    ledgerKey: string | undefined;
    /** More of the project's columns to set in the same statement (docs/ledger.md, "Lock order"). */
    also?: Partial<ProjectRow>;
  },
) => {
  const { partnerId } = p.by;
  const family = await findPlanFamily(tx, partnerId, p.familyId);
  if (!family) throw notFound();
  const prices = family.plans[p.plan];
  if (!prices) throw badRequest(texts.planNotInFamily);
  const price = prices[p.project.currency];
  let central: CentralMove | undefined;
  if (price > 0) {
    const provider = (await readPlanCatalogue(tx))[p.plan];
    const after = await postEntry(tx, {
      partnerId,
      balance: 'CENTRAL',
      action: 'SUBTRACT',
      amount: price,
      ...(provider ? { providerAmount: provider[p.project.currency] } : {}),
      reasonCode: p.reasonCode,
      message: planMessage(p.call, family.name, p.plan),
      projectId: p.project.id,
      projectName: p.project.name,
      businessId: p.project.businessId,
      businessName: p.project.businessName,
      idempotencyKey: p.ledgerKey,
      by: p.by,
    });
    central = { before: after + price, after };
  }
  const now = deps.now();
  await updateProject(tx, partnerId, p.project.id, {
    familyId: family.id,
    activePlan: p.plan,
    planActivatedOn: now,
    planRenewalOn: renewalAfter(p.plan, now),
    subscriptionScheduled: null,
    isTrial: false,
    isApiTrial: false,
    ...(price > 0 && !p.project.firstPaidPlanStartedOn ? { firstPaidPlanStartedOn: now } : {}),
    ...p.also,
  });
  return { familyName: family.name, status: p.also?.status ?? p.project.status, central };
};

/** The activity entry of a plan started: the family, plan and status as they were and became, and what it cost. */
const recordPlanStart = async (
  tx: Tx,
  by: ActivityAuthor,
  action: ActivityAction,
  project: ProjectWithBusiness,
  plan: SubscriptionPlanName,
  started: Awaited<ReturnType<typeof startPlan>>,
) => {
  const was = project.familyId ? await findPlanFamily(tx, by.partnerId, project.familyId) : undefined;
  await recordProjectChange(tx, by, {
    action,
    project,
    was: { planFamily: was?.name ?? null, activePlan: project.activePlan, status: project.status },
    now: { planFamily: started.familyName, activePlan: plan, status: started.status },
    central: started.central,
  });
};

export const lockedProject = async (tx: Tx, partnerId: string, projectId: string) => {
  const project = await findProject(tx, partnerId, projectId, { lock: true });
  if (!project) throw notFound();
  return project;
};

/**
 * A plan call once per Idempotency-Key (billing/idempotency.ts): its retry answers the same message
 * and charges nothing. The request is recognised by its project and its ledger message (call,
 * family and plan).
 */
const planCallOnce = (
  deps: Deps,
  partnerId: string,
  projectId: string,
  c: {
    key: string | undefined;
    call: PlanCall;
    familyId: string;
    plan: SubscriptionPlanName;
    answer: { message: string };
  },
  run: (ledgerKey: string | undefined) => Promise<{ message: string }>,
) =>
  oncePerKey(deps, {
    partnerId,
    key: c.key,
    run,
    print: async () => ({
      projectId,
      message: planMessage(c.call, (await findPlanFamily(deps.db, partnerId, c.familyId))?.name ?? c.familyId, c.plan),
    }),
    replay: () => c.answer,
  });

/** PLAN_PURCHASE when it is the project's first paid plan, else PLAN_SWITCH. */
export const switchPlan = (
  deps: Deps,
  by: ActivityAuthor,
  projectId: string,
  body: { newFamilyId: string; newPlanId: SubscriptionPlanName },
  key?: string,
) =>
  planCallOnce(
    deps,
    by.partnerId,
    projectId,
    {
      key,
      call: 'Plan switched',
      familyId: body.newFamilyId,
      plan: body.newPlanId,
      answer: { message: texts.planUpdated },
    },
    (ledgerKey) =>
      retriedTransaction(deps.db, async (tx) => {
        const project = await lockedProject(tx, by.partnerId, projectId);
        if (!(await findPlanFamily(tx, by.partnerId, body.newFamilyId))) throw notFound();
        if (isStopped(project)) throw badRequest(texts.stoppedProject);
        if (project.familyId === body.newFamilyId && project.activePlan === body.newPlanId)
          throw badRequest(texts.samePlan);
        const reasonCode = project.firstPaidPlanStartedOn ? 'PLAN_SWITCH' : 'PLAN_PURCHASE';
        const started = await startPlan(deps, tx, {
          by,
          project,
          familyId: body.newFamilyId,
          plan: body.newPlanId,
          reasonCode,
          call: 'Plan switched',
          ledgerKey,
          // Unpaid means a renewal the balance could not pay (modules/renewals): a new paid period ends it.
          ...(project.status === 'unpaid' ? { also: { status: 'active', disabledOn: null } } : {}),
        });
        await recordPlanStart(tx, by, 'project.plan', project, body.newPlanId, started);
        return { message: texts.planUpdated };
      }),
  );

/** Stops billing: the plan is kept, nothing is refunded, and no renewal is charged until a reactivation. */
export const stopProjectBilling = (deps: Deps, by: ActivityAuthor, projectId: string) =>
  retriedTransaction(deps.db, async (tx) => {
    const project = await lockedProject(tx, by.partnerId, projectId);
    if (isStopped(project)) throw badRequest(texts.alreadyStopped);
    const now = deps.now();
    await updateProject(tx, by.partnerId, projectId, {
      planStoppedOn: now,
      status: 'stopped',
      disabledOn: disabledOnAfter(project.status, 'stopped', project.disabledOn, now),
    });
    await recordProjectChange(tx, by, {
      action: 'project.stop-billing',
      project,
      was: { status: project.status, billingStopped: false },
      now: { status: 'stopped', billingStopped: true },
    });
    return { message: texts.planStopped };
  });

/** Reactivation starts a new period of the chosen plan and charges it (PLAN_REACTIVATED), then clears the stop. */
export const reactivateProject = (
  deps: Deps,
  by: ActivityAuthor,
  projectId: string,
  body: { familyId: string; defaultPlan: SubscriptionPlanName },
  key?: string,
) =>
  planCallOnce(
    deps,
    by.partnerId,
    projectId,
    {
      key,
      call: 'Plan reactivated',
      familyId: body.familyId,
      plan: body.defaultPlan,
      answer: { message: texts.planReactivated },
    },
    (ledgerKey) =>
      retriedTransaction(deps.db, async (tx) => {
        const project = await lockedProject(tx, by.partnerId, projectId);
        if (!(await findPlanFamily(tx, by.partnerId, body.familyId))) throw notFound();
        if (!isStopped(project)) throw badRequest(texts.notStopped);
        const started = await startPlan(deps, tx, {
          by,
          project,
          familyId: body.familyId,
          plan: body.defaultPlan,
          reasonCode: 'PLAN_REACTIVATED',
          call: 'Plan reactivated',
          ledgerKey,
          // The plan and the status change in one statement: the counter trigger then moves the
          // project between its counter rows once, taking them in one order (two statements would
          // hold "stopped" while waiting for "active", and a Stop Billing the other way round).
          also: { planStoppedOn: null, status: 'active', disabledOn: null },
        });
        await recordPlanStart(tx, by, 'project.reactivate', project, body.defaultPlan, started);
        return { message: texts.planReactivated };
      }),
  );

export const getProjectPlanFamily = async (
  deps: Deps,
  partnerId: string,
  projectId: string,
): Promise<ProjectPlanFamilyResponse> => {
  const project = await findProject(deps.db, partnerId, projectId);
  if (!project) throw notFound();
  const family = project.familyId ? await findPlanFamily(deps.db, partnerId, project.familyId) : undefined;
  return {
    family: family ? { _id: family.id, name: family.name, plans: family.plans, defaultPlan: family.defaultPlan } : null,
  };
};
