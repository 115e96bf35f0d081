import { retriedTransaction } from '../../platform/db/retry.js';
import {
  DEFAULT_FLOW_COUNT,
  flowTiers,
  projectBillingTexts as texts,
  type AddonRequest,
  type AddonResponse,
  type ProjectAddon,
} from '@pc/contract';
import type { Deps } from '../../deps.js';
import type { Tx } from '../../platform/db/open.js';
import type { ProjectAddonState } from '../../platform/db/schema/projects.js';
import { badRequest, notFound } from '../../platform/errors/app-error.js';
import { oncePerKey } from '../billing/idempotency.js';
import { postEntry } from '../billing/ledger.js';
import { findPartnerAddons, findProject, updateProject, type ProjectWithBusiness } from './queries.js';

/** The add-on whose price grows with the flow count. */
const FLOW_BUILDER = 'FLOW_BUILDER';

const toAddon = (name: string, state: ProjectAddonState): ProjectAddon => ({
  name,
  status: state.status,
  flowCount: state.flowCount ?? null,
  partnerPlans: state.partnerPlans ?? null,
});

/** Priced units of an add-on: flow tiers for the flow builder (first 5 flows, then each 10), else one. */
const unitsOf = (name: string, flowCount: number | undefined) =>
  name === FLOW_BUILDER ? flowTiers(flowCount ?? DEFAULT_FLOW_COUNT) : 1;

type Loaded = { project: ProjectWithBusiness; price: number; current: ProjectAddonState | undefined };

/** The locked project and the partner's price of the add-on; an add-on the partner does not offer is unknown (404). */
const load = async (tx: Tx, partnerId: string, projectId: string, name: string): Promise<Loaded> => {
  const project = await findProject(tx, partnerId, projectId, { lock: true });
  const partner = await findPartnerAddons(tx, partnerId);
  const offered = partner?.addons[name];
  if (!project || !partner || !offered || offered.status !== 'ACTIVE') throw notFound();
  return { project, price: offered.price[project.currency] ?? 0, current: project.addons[name] };
};

type AddonCall = 'activated' | 'modified';
/** The billing-log message of an add-on charge; it names the request, so a retry is recognised by it. */
const addonMessage = (call: AddonCall, name: string, flowCount: number | undefined) =>
  `Add-on ${name} ${call}${flowCount !== undefined ? `${call === 'modified' ? ' to' : ' with'} ${flowCount} flows` : ''}`;

/** ADDON_PURCHASE from the central balance, refused (nothing changes) when the balance is short. */
const charge = async (
  tx: Tx,
  partnerId: string,
  project: ProjectWithBusiness,
  amount: number,
  message: string,
  ledgerKey: string | undefined,
) => {
  if (amount <= 0) return;
  await postEntry(tx, {
    partnerId,
    balance: 'CENTRAL',
    action: 'SUBTRACT',
    amount,
    reasonCode: 'ADDON_PURCHASE',
    message,
    projectId: project.id,
    projectName: project.name,
    businessId: project.businessId,
    businessName: project.businessName,
    idempotencyKey: ledgerKey,
  });
};

const save = (tx: Tx, partnerId: string, project: ProjectWithBusiness, name: string, state: ProjectAddonState) =>
  updateProject(tx, partnerId, project.id, { addons: { ...project.addons, [name]: state } });

/**
 * An add-on call once per Idempotency-Key (billing/idempotency.ts): its retry moves no money and
 * answers the add-on as the project has it now. The request is recognised by its project and its
 * ledger message (call, add-on and flow count).
 */
const addonCallOnce = (
  deps: Deps,
  partnerId: string,
  projectId: string,
  c: { key: string | undefined; call: AddonCall; name: string; flowCount: number | undefined; answer: string },
  run: (ledgerKey: string | undefined) => Promise<AddonResponse>,
) =>
  oncePerKey(deps, {
    partnerId,
    key: c.key,
    run,
    print: () => ({ projectId, message: addonMessage(c.call, c.name, c.flowCount) }),
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
 * Activation charges the partner's price for the add-on (times the flow tiers for the flow
 * builder) to the central balance; a paused add-on activated again is charged again.
 */
export const activateAddon = (
  deps: Deps,
  partnerId: string,
  projectId: string,
  body: AddonRequest,
  key?: string,
): Promise<AddonResponse> =>
  addonCallOnce(
    deps,
    partnerId,
    projectId,
    { key, call: 'activated', name: body.addon, flowCount: flowCountOf(body), answer: texts.addonActivated },
    (ledgerKey) =>
      retriedTransaction(deps.db, async (tx) => {
        const { project, price, current } = await load(tx, partnerId, projectId, body.addon);
        if (current?.status === 'ACTIVE') throw badRequest(texts.addonAlreadyActive);
        const flowCount = flowCountOf(body);
        await charge(
          tx,
          partnerId,
          project,
          price * unitsOf(body.addon, flowCount),
          addonMessage('activated', body.addon, flowCount),
          ledgerKey,
        );
        const state: ProjectAddonState = {
          ...current,
          status: 'ACTIVE',
          ...(flowCount !== undefined ? { flowCount } : {}),
          ...(body.partnerPlans ? { partnerPlans: body.partnerPlans } : {}),
        };
        await save(tx, partnerId, project, body.addon, state);
        return { addon: toAddon(body.addon, state), message: texts.addonActivated };
      }),
  );

/** Modify never lowers the flow count; a higher one is charged the added tiers. */
export const modifyAddon = (
  deps: Deps,
  partnerId: string,
  projectId: string,
  body: AddonRequest,
  key?: string,
): Promise<AddonResponse> =>
  addonCallOnce(
    deps,
    partnerId,
    projectId,
    { key, call: 'modified', name: body.addon, flowCount: body.flowCount, answer: texts.addonUpdated },
    (ledgerKey) =>
      retriedTransaction(deps.db, async (tx) => {
        const { project, price, current } = await load(tx, partnerId, projectId, body.addon);
        if (current?.status !== 'ACTIVE') throw badRequest(texts.addonNotActive);
        const before = current.flowCount ?? (body.addon === FLOW_BUILDER ? DEFAULT_FLOW_COUNT : undefined);
        const flowCount = body.flowCount ?? before;
        if (flowCount !== undefined && before !== undefined && flowCount < before)
          throw badRequest(texts.flowCountDecrease);
        const added = unitsOf(body.addon, flowCount) - unitsOf(body.addon, before);
        await charge(tx, partnerId, project, price * added, addonMessage('modified', body.addon, flowCount), ledgerKey);
        const state: ProjectAddonState = {
          ...current,
          ...(flowCount !== undefined ? { flowCount } : {}),
          ...(body.partnerPlans ? { partnerPlans: body.partnerPlans } : {}),
        };
        await save(tx, partnerId, project, body.addon, state);
        return { addon: toAddon(body.addon, state), message: texts.addonUpdated };
      }),
  );

/** Removal pauses the add-on; what was paid is not refunded. */
export const removeAddon = (deps: Deps, partnerId: string, projectId: string, name: string): Promise<AddonResponse> =>
  retriedTransaction(deps.db, async (tx) => {
    const { project, current } = await load(tx, partnerId, projectId, name);
    if (current?.status !== 'ACTIVE') throw badRequest(texts.addonNotActive);
    const state: ProjectAddonState = { ...current, status: 'PAUSED' };
    await save(tx, partnerId, project, name, state);
    return { addon: toAddon(name, state), message: texts.addonRemoved };
  });
