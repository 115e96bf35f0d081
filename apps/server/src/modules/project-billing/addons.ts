import { retriedTransaction } from '../../platform/db/retry.js';
import {
  addonCharge,
  DEFAULT_FLOW_COUNT,
  effectiveAddonPlans,
  FLOW_BUILDER,
  projectBillingTexts as texts,
  type AddonPeriod,
  type AddonPlans,
  type AddonRequest,
  type AddonResponse,
  type ProjectAddon,
} from '@pc/contract';
import type { Deps } from '../../deps.js';
import type { Tx } from '../../platform/db/open.js';
import type { ProjectAddonState } from '../../platform/db/schema/projects.js';
import { badRequest, notFound } from '../../platform/errors/app-error.js';
import type { ActivityAuthor } from '../activity/record.js';
import { oncePerKey } from '../billing/idempotency.js';
import { postEntry } from '../billing/ledger.js';
import { readAddonCatalogue } from '../pricing/catalogue.js';
import { recordProjectChange, type CentralMove } from './activity.js';
import { findPartnerAddons, findProject, updateProject, type ProjectWithBusiness } from './queries.js';
import { newId } from '../../platform/db/ids.js';
import { earliestAddonRenewal, periodAfter } from '../renewals/index.js';

/** The plan a project holds an add-on on: Monthly unless it bought Yearly. */
const periodOf = (state: ProjectAddonState | undefined): AddonPeriod =>
  state?.partnerPlans?.plan === 'Yearly' ? 'Yearly' : 'Monthly';

const toAddon = (name: string, state: ProjectAddonState): ProjectAddon => ({
  name,
  status: state.status,
  flowCount: state.flowCount ?? null,
  partnerPlans: { plan: periodOf(state) },
});

type Loaded = {
  project: ProjectWithBusiness;
  current: ProjectAddonState | undefined;
  /** The partner's and the provider's price of the add-on on a plan with a flow count, in the project's currency. */
  priceOf: (period: AddonPeriod, flowCount: number | undefined) => { amount: number; providerAmount: number };
};

/**
 * The locked project and the add-on's prices now: the partner's plans (Manage, Add-on plan list)
 * over the provider's. An add-on the partner does not offer, or the provider does not sell, is
 * unknown (404).
 */
const load = async (tx: Tx, partnerId: string, projectId: string, name: string): Promise<Loaded> => {
  const project = await findProject(tx, partnerId, projectId, { lock: true });
  const partner = await findPartnerAddons(tx, partnerId);
  const offered = partner?.addons[name];
  const provider = (await readAddonCatalogue(tx))[name];
  if (!project || !partner || !offered || offered.status !== 'ACTIVE' || !provider) throw notFound();
  const plans: AddonPlans = effectiveAddonPlans(name, offered, provider);
  const flows = (n: number | undefined) => (name === FLOW_BUILDER ? (n ?? DEFAULT_FLOW_COUNT) : undefined);
  return {
    project,
    current: project.addons[name],
    priceOf: (period, flowCount) => ({
      amount: addonCharge(name, plans, period, project.currency, flows(flowCount)),
      providerAmount: addonCharge(name, provider, period, project.currency, flows(flowCount)),
    }),
  };
};

type AddonCall = 'activated' | 'modified';
/** The billing-log message of an add-on charge; it names the request, so a retry is recognised by it. */
const addonMessage = (call: AddonCall, name: string, flowCount: number | undefined, plan?: AddonPeriod) =>
  `Add-on ${name} ${call}${flowCount !== undefined ? `${call === 'modified' ? ' to' : ' with'} ${flowCount} flows` : ''}${plan === 'Yearly' ? ', Yearly' : ''}`;

/**
 * ADDON_PURCHASE from the central balance, refused (nothing changes) when the balance is short;
 * answers the balance as it was and became, nothing when the add-on cost nothing.
 */
const charge = async (
  tx: Tx,
  by: ActivityAuthor,
  project: ProjectWithBusiness,
  price: { amount: number; providerAmount: number },
  message: string,
  ledgerKey: string | undefined,
): Promise<CentralMove | undefined> => {
  if (price.amount <= 0) return undefined;
  const after = await postEntry(tx, {
    partnerId: by.partnerId,
    balance: 'CENTRAL',
    action: 'SUBTRACT',
    amount: price.amount,
    providerAmount: price.providerAmount,
    reasonCode: 'ADDON_PURCHASE',
    message,
    projectId: project.id,
    projectName: project.name,
    businessId: project.businessId,
    businessName: project.businessName,
    idempotencyKey: ledgerKey,
    by,
  });
  return { before: after + price.amount, after };
};

/** The member's activity entry of an add-on's change: the add-on as the project had it and has it, and what it cost. */
const recordAddon = (
  tx: Tx,
  by: ActivityAuthor,
  project: ProjectWithBusiness,
  name: string,
  states: { was: ProjectAddonState | undefined; now: ProjectAddonState },
  central?: CentralMove,
) =>
  recordProjectChange(tx, by, {
    action: 'project.addon',
    project,
    was: { addon: states.was ? toAddon(name, states.was) : null },
    now: { addon: toAddon(name, states.now) },
    central,
  });

/** The add-ons and, in the same statement, the earliest renewal date of the active ones (the renewals job's index). */
const save = (tx: Tx, partnerId: string, project: ProjectWithBusiness, name: string, state: ProjectAddonState) => {
  const addons = { ...project.addons, [name]: state };
  return updateProject(tx, partnerId, project.id, { addons, addonRenewalOn: earliestAddonRenewal(addons) });
};

/**
 * An add-on call once per Idempotency-Key (billing/idempotency.ts): its retry moves no money and
 * answers the add-on as the project has it now. The request is recognised by its project and its
 * ledger message (call, add-on and flow count).
 */
const addonCallOnce = (
  deps: Deps,
  partnerId: string,
  projectId: string,
  c: {
    key: string | undefined;
    call: AddonCall;
    name: string;
    flowCount: number | undefined;
    plan?: AddonPeriod;
    answer: string;
  },
  run: (ledgerKey: string | undefined) => Promise<AddonResponse>,
) =>
  oncePerKey(deps, {
    partnerId,
    key: c.key,
    run,
    print: () => ({ projectId, message: addonMessage(c.call, c.name, c.flowCount, c.plan) }),
    replay: async () => {
      const project = await findProject(deps.db, partnerId, projectId);
      const state = project?.addons[c.name];
      if (!state) throw notFound();
      return { addon: toAddon(c.name, state), message: c.answer };
    },
  });

/** The flow builder's count defaults to 5; other add-ons keep the count only when one is sent. */
const flowCountOf = (body: AddonRequest) =>
  body.addon === FLOW_BUILDER ? (body.flowCount ?? DEFAULT_FLOW_COUNT) : body.flowCount;

/**
 * Activation charges the partner's current price of the add-on's plan (Monthly unless Yearly is
 * chosen; the flow builder's Tier1 plus Tier2 per further 10 flows) to the central balance, and the
 * ledger entry records the provider's price beside it; a paused add-on activated again is charged again.
 */
export const activateAddon = (
  deps: Deps,
  by: ActivityAuthor,
  projectId: string,
  body: AddonRequest,
  key?: string,
): Promise<AddonResponse> =>
  addonCallOnce(
    deps,
    by.partnerId,
    projectId,
    {
      key,
      call: 'activated',
      name: body.addon,
      flowCount: flowCountOf(body),
      plan: body.partnerPlans?.plan,
      answer: texts.addonActivated,
    },
    (ledgerKey) =>
      retriedTransaction(deps.db, async (tx) => {
        const { project, priceOf, current } = await load(tx, by.partnerId, projectId, body.addon);
        if (current?.status === 'ACTIVE') throw badRequest(texts.addonAlreadyActive);
        const flowCount = flowCountOf(body);
        const plan = body.partnerPlans?.plan ?? 'Monthly';
        const central = await charge(
          tx,
          by,
          project,
          priceOf(plan, flowCount),
          addonMessage('activated', body.addon, flowCount, plan),
          ledgerKey,
        );
        const state: ProjectAddonState = {
          ...current,
          status: 'ACTIVE',
          // The Meta Ads dashboard's key, made when the add-on first comes on (the Meta Ad tab needs it).
          ...(body.addon === 'META_ADS' && !current?.dashboardKey ? { dashboardKey: newId() } : {}),
          ...(flowCount !== undefined ? { flowCount } : {}),
          partnerPlans: { plan },
          // Its period starts now: the renewals job charges the next one then (modules/renewals).
          renewalOn: periodAfter(deps.now(), plan === 'Yearly' ? 'YEARLY' : 'MONTHLY').toISOString(),
        };
        await save(tx, by.partnerId, project, body.addon, state);
        await recordAddon(tx, by, project, body.addon, { was: current, now: state }, central);
        return { addon: toAddon(body.addon, state), message: texts.addonActivated };
      }),
  );

/** Modify never lowers the flow count; a higher one is charged the added tiers. */
export const modifyAddon = (
  deps: Deps,
  by: ActivityAuthor,
  projectId: string,
  body: AddonRequest,
  key?: string,
): Promise<AddonResponse> =>
  addonCallOnce(
    deps,
    by.partnerId,
    projectId,
    { key, call: 'modified', name: body.addon, flowCount: body.flowCount, answer: texts.addonUpdated },
    (ledgerKey) =>
      retriedTransaction(deps.db, async (tx) => {
        const { project, priceOf, current } = await load(tx, by.partnerId, projectId, body.addon);
        if (current?.status !== 'ACTIVE') throw badRequest(texts.addonNotActive);
        const before = current.flowCount ?? (body.addon === FLOW_BUILDER ? DEFAULT_FLOW_COUNT : undefined);
        const flowCount = body.flowCount ?? before;
        if (flowCount !== undefined && before !== undefined && flowCount < before)
          throw badRequest(texts.flowCountDecrease);
        // The project stays on the plan it bought; the added flow tiers are charged at that plan's price.
        const plan = periodOf(current);
        const now = priceOf(plan, flowCount);
        const was = priceOf(plan, before);
        const central = await charge(
          tx,
          by,
          project,
          { amount: now.amount - was.amount, providerAmount: now.providerAmount - was.providerAmount },
          addonMessage('modified', body.addon, flowCount),
          ledgerKey,
        );
        const state: ProjectAddonState = { ...current, ...(flowCount !== undefined ? { flowCount } : {}) };
        await save(tx, by.partnerId, project, body.addon, state);
        await recordAddon(tx, by, project, body.addon, { was: current, now: state }, central);
        return { addon: toAddon(body.addon, state), message: texts.addonUpdated };
      }),
  );

/** Removal pauses the add-on; what was paid is not refunded, and nothing renews. */
export const removeAddon = (deps: Deps, by: ActivityAuthor, projectId: string, name: string): Promise<AddonResponse> =>
  retriedTransaction(deps.db, async (tx) => {
    const { project, current } = await load(tx, by.partnerId, projectId, name);
    if (current?.status !== 'ACTIVE') throw badRequest(texts.addonNotActive);
    const { renewalOn: _renewsNoMore, ...kept } = current;
    const state: ProjectAddonState = { ...kept, status: 'PAUSED' };
    await save(tx, by.partnerId, project, name, state);
    await recordAddon(tx, by, project, name, { was: current, now: state });
    return { addon: toAddon(name, state), message: texts.addonRemoved };
  });
