import { eq } from 'drizzle-orm';
import { configTexts, pricingTexts, type PartnerConfig, type UpdatePartnerConfigRequest } from '@pc/contract';
import type { Db, DbOrTx } from '../../platform/db/open.js';
import type { AgentViewer } from '../../platform/auth/viewer.js';
import { partners } from '../../platform/db/schema.js';
import { badRequest, forbidden, notFound } from '../../platform/errors/app-error.js';
import { recordPartnerChange } from '../activity/record.js';
import { changedFields } from '../audit/changed.js';
import { lockPartner, type PartnerRow } from '../partners/queries.js';
import { findPaymentPlan, findPlanFamily, findWccFamily } from '../plans/queries.js';

export const configOf = (row: PartnerRow): PartnerConfig => ({
  defaultPlanFamily: row.defaultPlanFamily,
  defaultPlanName: row.defaultPlanName,
  defaultWccPlan: row.defaultWccPlan,
  defaultWhatsappPaymentsPlan: row.defaultWhatsappPaymentsPlan,
  signUpEnabled: row.enableSignUp,
  trialEnabled: row.enableTrial,
  trialAmount: row.trialAmount,
  freeWccCredit: row.freeWccCredit,
  onboardingMethod: (row.onboardingMethod as PartnerConfig['onboardingMethod']) ?? null,
  agentSize: row.agentSize,
});

type Change = Partial<typeof partners.$inferInsert>;

/**
 * The one setting a call carries, checked (doc 3 sections 5 and 6): a default family must be the
 * partner's own (404 otherwise) and the default plan one the family prices; the payments default
 * needs the WHATSAPP_PAY add-on. DIRECT partners have only the agent limit (no Configure Plan
 * Family, no onboarding). Referral users change nothing here.
 */
const changeOf = async (db: DbOrTx, partner: PartnerRow, body: UpdatePartnerConfigRequest): Promise<Change> => {
  if (body.agentSize !== undefined) return { agentSize: body.agentSize };
  if (partner.type === 'DIRECT') throw forbidden(configTexts.directHasNoConfig);
  if (body.defaultPlanFamily !== undefined || body.defaultPlanName !== undefined) {
    if (!body.defaultPlanFamily) return { defaultPlanFamily: null, defaultPlanName: null };
    if (!body.defaultPlanName) throw badRequest(configTexts.planFamilyFirst);
    const family = await findPlanFamily(db, partner.id, body.defaultPlanFamily);
    if (!family) throw notFound(pricingTexts.familyNotFound);
    if (!(body.defaultPlanName in family.plans)) throw badRequest(pricingTexts.defaultPlanNotPriced);
    return { defaultPlanFamily: family.id, defaultPlanName: body.defaultPlanName };
  }
  if (body.defaultWccPlan !== undefined) {
    if (body.defaultWccPlan && !(await findWccFamily(db, partner.id, body.defaultWccPlan)))
      throw notFound(pricingTexts.familyNotFound);
    return { defaultWccPlan: body.defaultWccPlan };
  }
  if (body.defaultWhatsappPaymentsPlan !== undefined) {
    if (body.defaultWhatsappPaymentsPlan) {
      if (partner.addons.WHATSAPP_PAY?.status !== 'ACTIVE') throw badRequest(pricingTexts.waPayInactive);
      if (!(await findPaymentPlan(db, partner.id, body.defaultWhatsappPaymentsPlan)))
        throw notFound(pricingTexts.familyNotFound);
    }
    return { defaultWhatsappPaymentsPlan: body.defaultWhatsappPaymentsPlan };
  }
  if (body.signUpEnabled !== undefined) return { enableSignUp: body.signUpEnabled };
  if (body.trialEnabled !== undefined) return { enableTrial: body.trialEnabled };
  if (body.trialAmount !== undefined) return { trialAmount: body.trialAmount };
  if (body.freeWccCredit !== undefined) return { freeWccCredit: body.freeWccCredit };
  if (body.onboardingMethod !== undefined) return { onboardingMethod: body.onboardingMethod };
  throw badRequest(configTexts.oneSetting);
};

/** The setting changed, in the activity log by its name in the console (the partner row locked for an exact before). */
export const updatePartnerConfig = async (db: Db, viewer: AgentViewer, body: UpdatePartnerConfigRequest) => {
  if (viewer.isReferral) throw forbidden(pricingTexts.referralCannotPrice);
  return db.transaction(async (tx) => {
    const partner = await lockPartner(tx, viewer.partnerId);
    if (!partner) throw notFound();
    const change = await changeOf(tx, partner, body);
    const [row] = await tx.update(partners).set(change).where(eq(partners.id, partner.id)).returning();
    const { keys, before, after } = changedFields(configOf(partner), configOf(row!));
    if (keys.length > 0)
      await recordPartnerChange(tx, viewer, {
        action: 'partner.config',
        target: { kind: 'partner', id: partner.id, name: partner.name },
        before,
        after,
      });
    return { message: configTexts.updated, updatedPartner: configOf(row!) };
  });
};
