import {
  addonCharge,
  DEFAULT_FLOW_COUNT,
  effectiveAddonPlans,
  FLOW_BUILDER,
  type AddonPeriod,
  type AddonPlans,
} from '@pc/contract';
import type { Deps } from '../../deps.js';
import type { Tx } from '../../platform/db/open.js';
import type { ProjectAddonState } from '../../platform/db/schema/projects.js';
import { retriedTransaction } from '../../platform/db/retry.js';
import { findByIdempotencyKey, postEntry } from '../billing/ledger.js';
import { readAddonCatalogue } from '../pricing/catalogue.js';
import { isShortOfMoney } from './plan-charge.js';
import { addonPeriodOf, earliestAddonRenewal, periodAfter } from './periods.js';
import { findPartnerOffers, lockProject, notRenewedStatuses, updateProject, type LockedProject } from './queries.js';
import type { Fault } from './fault.js';

export type AddonStep = 'renewed' | 'paused' | 'not-due';

export const addonRenewalKey = (projectId: string, name: string, periodStart: string) =>
  `renewal:addon:${projectId}:${name}:${periodStart}`;

const flowsOf = (name: string, state: ProjectAddonState) =>
  name === FLOW_BUILDER ? (state.flowCount ?? DEFAULT_FLOW_COUNT) : undefined;

/**
 * The partner's current price of the add-on's plan, as activation charges it (the partner's plans
 * over the provider's, the flow builder by its flow count), with the provider's price beside it. An
 * add-on the partner does not offer (any more), or the provider does not price, was given rather
 * than sold: it renews without a charge.
 */
const addonPrice = async (tx: Tx, project: LockedProject, name: string, state: ProjectAddonState) => {
  const offered = (await findPartnerOffers(tx, project.partnerId))[name];
  const provider = (await readAddonCatalogue(tx))[name];
  if (!offered || offered.status !== 'ACTIVE' || !provider) return { amount: 0, providerAmount: 0 };
  const plans: AddonPlans = effectiveAddonPlans(name, offered, provider);
  const period: AddonPeriod = state.partnerPlans?.plan === 'Yearly' ? 'Yearly' : 'Monthly';
  const flows = flowsOf(name, state);
  return {
    amount: addonCharge(name, plans, period, project.currency, flows),
    providerAmount: addonCharge(name, provider, period, project.currency, flows),
  };
};

/** The add-on due first (earliest renewal date, then name), if any is due. */
const firstDue = (addons: Record<string, ProjectAddonState>, now: Date) =>
  Object.entries(addons)
    .filter(([, s]) => s.status === 'ACTIVE' && s.renewalOn && Date.parse(s.renewalOn) <= now.getTime())
    .sort(([a, s], [b, t]) => Date.parse(s.renewalOn!) - Date.parse(t.renewalOn!) || (a < b ? -1 : 1))[0];

/** Writes the add-ons and, in the same statement, the earliest renewal date among the active ones. */
export const saveAddons = (tx: Tx, project: LockedProject, addons: Record<string, ProjectAddonState>) =>
  updateProject(tx, project, { addons, addonRenewalOn: earliestAddonRenewal(addons) });

/**
 * One period of the project's add-on due first, in its own transaction under the project's row lock
 * (re-checked there). ADDON_RENEWAL from the central balance under the key of the add-on and period;
 * renewalOn moves one period (Monthly or Yearly) on. Short of money the add-on is PAUSED (no grace;
 * activating it again charges it). A project whose billing is stopped, deleted or terminated renews
 * nothing: its add-ons pause at the end of their paid period.
 */
export const renewAddonStep = (deps: Deps, projectId: string, now: Date, fault?: Fault): Promise<AddonStep> =>
  retriedTransaction(deps.db, async (tx) => {
    const project = await lockProject(tx, projectId);
    if (!project) return 'not-due';
    const due = firstDue(project.addons, now);
    if (!due) {
      // Nothing due: the index column was out of step with the add-ons (written around them); mend it.
      const earliest = earliestAddonRenewal(project.addons);
      if (earliest?.getTime() !== project.addonRenewalOn?.getTime()) await saveAddons(tx, project, project.addons);
      return 'not-due';
    }
    const [name, state] = due;
    const paused = (): ProjectAddonState => {
      const { renewalOn: _ended, ...rest } = state;
      return { ...rest, status: 'PAUSED' };
    };
    let next: ProjectAddonState;
    let step: AddonStep;
    const billingEnded =
      project.planStoppedOn !== null ||
      project.partnerArchived ||
      (notRenewedStatuses as readonly string[]).includes(project.status);
    if (billingEnded) {
      next = paused();
      step = 'paused';
    } else {
      try {
        const price = await addonPrice(tx, project, name, state);
        const key = addonRenewalKey(project.id, name, state.renewalOn!);
        if (price.amount > 0 && !(await findByIdempotencyKey(tx, project.partnerId, key))) {
          const flows = flowsOf(name, state);
          await postEntry(tx, {
            partnerId: project.partnerId,
            balance: 'CENTRAL',
            action: 'SUBTRACT',
            amount: price.amount,
            providerAmount: price.providerAmount,
            reasonCode: 'ADDON_RENEWAL',
            message: `Add-on ${name} renewed${flows !== undefined ? ` with ${flows} flows` : ''}${addonPeriodOf(state) === 'YEARLY' ? ', Yearly' : ''}`,
            projectId: project.id,
            projectName: project.name,
            businessId: project.businessId,
            businessName: project.businessName,
            idempotencyKey: key,
          });
        }
        next = {
          ...state,
          renewalOn: periodAfter(new Date(state.renewalOn!), addonPeriodOf(state)).toISOString(),
        };
        step = 'renewed';
      } catch (error) {
        if (!isShortOfMoney(error)) throw error;
        next = paused();
        step = 'paused';
      }
    }
    await saveAddons(tx, project, { ...project.addons, [name]: next });
    await fault?.({ kind: 'addon', id: project.id });
    return step;
  });

/** Every add-on period a project owes, one transaction each, until none is due. */
export const renewAddons = async (deps: Deps, projectId: string, now: Date, fault?: Fault) => {
  const steps: AddonStep[] = [];
  for (;;) {
    const step = await renewAddonStep(deps, projectId, now, fault);
    if (step === 'not-due') return steps;
    steps.push(step);
  }
};

/**
 * An ACTIVE add-on without a renewal date (activated before renewals existed) gets one a period from
 * now, without a charge: its current period is taken as paid from now on.
 */
export const dateUndatedAddons = (deps: Deps, projectId: string, now: Date) =>
  retriedTransaction(deps.db, async (tx) => {
    const project = await lockProject(tx, projectId);
    if (!project) return false;
    let changed = false;
    const addons = Object.fromEntries(
      Object.entries(project.addons).map(([name, state]) => {
        if (state.status !== 'ACTIVE' || state.renewalOn) return [name, state];
        changed = true;
        return [name, { ...state, renewalOn: periodAfter(now, addonPeriodOf(state)).toISOString() }];
      }),
    );
    if (changed) await saveAddons(tx, project, addons);
    return changed;
  });
