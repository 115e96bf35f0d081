import { disabledOnAfter, planPeriodOf, UNPAID_GRACE_DAYS } from '@pc/contract';
import type { Deps } from '../../deps.js';
import { retriedTransaction } from '../../platform/db/retry.js';
import { chargePlanPeriod, isShortOfMoney, paidThrough } from './plan-charge.js';
import { lockProject, notRenewedStatuses, updateProject, type LockedProject } from './queries.js';
import type { Fault } from './fault.js';
import { notifyPlanRenewalFailed } from '../notifications/events.js';

const DAY = 86_400_000;

/** What one period's transaction came to. */
export type PlanStep = 'renewed' | 'unpaid' | 'stopped' | 'not-due';

/** The job renews this project's plan now: due, a plan that renews, billing running, no trial. */
const isDue = (p: LockedProject, now: Date) =>
  p.planRenewalOn !== null &&
  p.planRenewalOn.getTime() <= now.getTime() &&
  planPeriodOf(p.activePlan) !== null &&
  p.planStoppedOn === null &&
  !(notRenewedStatuses as readonly string[]).includes(p.status) &&
  !p.partnerArchived &&
  !p.isTrial &&
  !p.isApiTrial;

/**
 * One period of one project's plan, in its own transaction under the project's row lock, re-checked
 * there (another process, or the staff's Renew plan, may have renewed it meanwhile). Paid: the date
 * moves one period on and an unpaid project is active again. Short of money: an active project
 * becomes unpaid (its disabled date set) and stays due, so every run tries again; once its renewal
 * date is UNPAID_GRACE_DAYS past, billing is stopped (status stopped, planStoppedOn now), as Stop
 * Billing would, and the partner reactivates it from Plan Setup, which charges the plan.
 */
export const renewPlanStep = (deps: Deps, projectId: string, now: Date, fault?: Fault): Promise<PlanStep> =>
  retriedTransaction(deps.db, async (tx) => {
    const project = await lockProject(tx, projectId);
    if (!project || !isDue(project, now)) return 'not-due';
    const periodStart = project.planRenewalOn!;
    let step: PlanStep;
    try {
      const { next } = await chargePlanPeriod(tx, project, periodStart);
      await updateProject(tx, project, paidThrough(project, next, now));
      step = 'renewed';
    } catch (error) {
      if (!isShortOfMoney(error)) throw error;
      if (now.getTime() - periodStart.getTime() >= UNPAID_GRACE_DAYS * DAY) {
        await updateProject(tx, project, {
          status: 'stopped',
          planStoppedOn: now,
          disabledOn: disabledOnAfter(project.status, 'stopped', project.disabledOn, now),
        });
        step = 'stopped';
        await notifyPlanRenewalFailed(tx, project, step, periodStart, now);
      } else {
        // Pending and suspended keep their status (they say more); only an active project turns unpaid.
        if (project.status === 'active')
          await updateProject(tx, project, {
            status: 'unpaid',
            disabledOn: disabledOnAfter(project.status, 'unpaid', project.disabledOn, now),
          });
        step = 'unpaid';
        await notifyPlanRenewalFailed(tx, project, step, periodStart, now);
      }
    }
    await fault?.({ kind: 'plan', id: project.id });
    return step;
  });

/** Every period a project owes, one transaction each, until it is current or the money runs short. */
export const renewPlan = async (deps: Deps, projectId: string, now: Date, fault?: Fault) => {
  const steps: PlanStep[] = [];
  for (;;) {
    const step = await renewPlanStep(deps, projectId, now, fault);
    if (step === 'not-due') return steps;
    steps.push(step);
    if (step !== 'renewed') return steps;
  }
};
