import { projectBillingTexts as texts } from '@pc/contract';
import type { Deps } from '../../deps.js';
import { retriedTransaction } from '../../platform/db/retry.js';
import { badRequest, notFound } from '../../platform/errors/app-error.js';
import type { ActivityAuthor } from '../activity/record.js';
import { recordProjectChange } from './activity.js';
import { findPartnerAddons, findPaymentPlan, findProject, findWccFamily, updateProject } from './queries.js';

// A project's price lists charged as used (conversations, payments), apart from the plan it pays for (plans.ts).

/** The WCC family prices conversations as they happen; choosing one moves no money. */
export const changeWccPlan = (deps: Deps, by: ActivityAuthor, body: { assistantId: string; wccPlanId: string }) =>
  retriedTransaction(deps.db, async (tx) => {
    const project = await findProject(tx, by.partnerId, body.assistantId, { lock: true });
    const family = await findWccFamily(tx, by.partnerId, body.wccPlanId);
    if (!project || !family) throw notFound();
    const was = project.wccPlanId ? await findWccFamily(tx, by.partnerId, project.wccPlanId) : undefined;
    await updateProject(tx, by.partnerId, project.id, { wccPlanId: body.wccPlanId });
    await recordProjectChange(tx, by, {
      action: 'project.wcc-plan',
      project,
      was: { wccPlanId: project.wccPlanId, wccPlan: was?.name ?? null },
      now: { wccPlanId: family.id, wccPlan: family.name },
    });
    return { message: texts.wccPlanChanged };
  });

/** Only with the partner's WHATSAPP_PAY add-on active; fees are charged per payment, so no money moves now. */
export const setPaymentPlan = (deps: Deps, by: ActivityAuthor, body: { assistantId: string; paymentPlanId: string }) =>
  retriedTransaction(deps.db, async (tx) => {
    // The project's row before the partner's (docs/ledger.md, lock order).
    const project = await findProject(tx, by.partnerId, body.assistantId, { lock: true });
    const plan = await findPaymentPlan(tx, by.partnerId, body.paymentPlanId);
    if (!project || !plan) throw notFound();
    const partner = await findPartnerAddons(tx, by.partnerId);
    if (partner?.addons.WHATSAPP_PAY?.status !== 'ACTIVE') throw badRequest(texts.paymentsAddonInactive);
    const was = project.paymentPlanId ? await findPaymentPlan(tx, by.partnerId, project.paymentPlanId) : undefined;
    await updateProject(tx, by.partnerId, project.id, { paymentPlanId: body.paymentPlanId });
    await recordProjectChange(tx, by, {
      action: 'project.plan',
      project,
      was: { paymentPlanId: project.paymentPlanId, paymentPlan: was?.name ?? null },
      now: { paymentPlanId: plan.id, paymentPlan: plan.name },
    });
    return { message: texts.paymentPlanSet };
  });
