import {
  businessTexts,
  DEFAULT_DIAL_CODE,
  DEFAULT_TIMEZONE,
  isBusinessPassword,
  type Address,
  type CreateBusinessRequest,
  type CreateBusinessWithProjectRequest,
  type CreateProjectRequest,
} from '@pc/contract';
import type { z } from 'zod';
import type { Deps } from '../../deps.js';
import type { AgentViewer } from '../../platform/auth/viewer.js';
import { hashPassword } from '../../platform/auth/passwords.js';
import type { DbOrTx } from '../../platform/db/open.js';
import { newId } from '../../platform/db/ids.js';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors/app-error.js';
import { recordPartnerChange } from '../activity/record.js';
import { grantFreeWccCredit } from '../billing/free-wcc-credit.js';
import { getPartner } from '../partners/partner.js';
import { lockPartner, type PartnerRow } from '../partners/queries.js';
import { checkPlanChoice, type PlanChoice } from '../plans/plans.js';
import {
  businessEmailTaken,
  findBusiness,
  insertBusiness,
  insertProject,
  updateBusiness,
  type BusinessRow,
} from './queries.js';
import { businessFacts, projectFacts } from './activity.js';
import { scopeOf } from './list.js';
import { toBusiness, toProjectSummary } from './view.js';

type DetailsInput = z.output<typeof CreateBusinessRequest>;
type WithProjectInput = z.output<typeof CreateBusinessWithProjectRequest>;
type ProjectInput = z.output<typeof CreateProjectRequest>;
type Accounting = {
  gstNumber?: string | null;
  billingAddress?: Address | null;
  shippingAddress?: Address | null;
  checked?: boolean;
};

/** ADS_WHITELABEL partners and referral users create no businesses or projects (doc 1 section 6). */
const assertMayCreate = (viewer: AgentViewer, partner: PartnerRow) => {
  if (viewer.isReferral) throw forbidden(businessTexts.referralCannotCreate);
  if (partner.type === 'ADS_WHITELABEL') throw forbidden(businessTexts.adsCannotCreate);
};

const blank = (value: string | null | undefined) => !value || !value.trim();

/** Which details are required: the simplified form needs display name, email and contact only; others also company, size and industry (the main wizard asks a website too; the alternative dialog does not). */
const checkDetails = (partner: PartnerRow, input: DetailsInput) => {
  const fields: Record<string, string> = {};
  if (!partner.flags.simplifiedBusinessForm) {
    for (const key of ['company', 'companySize', 'industry'] as const)
      if (blank(input[key])) fields[key] = businessTexts.required;
  }
  if (partner.type === 'DIRECT' && !isBusinessPassword(input.password ?? ''))
    fields.password = businessTexts.passwordHint;
  const first = Object.values(fields)[0];
  if (first) throw badRequest(first, fields);
};

export const waPayActive = (partner: PartnerRow) => partner.addons.WHATSAPP_PAY?.status === 'ACTIVE';

/** Non-DIRECT partners put the project on a plan of their own catalogue. */
const checkPlans = (tx: DbOrTx, partner: PartnerRow, choice: PlanChoice) => {
  if (partner.type !== 'DIRECT') {
    if (!choice.familyId)
      throw badRequest(businessTexts.planFamilyRequired, { newFamilyId: businessTexts.planFamilyRequired });
    if (!choice.planName) throw badRequest(businessTexts.planRequired, { newPlanId: businessTexts.planRequired });
  }
  return checkPlanChoice(tx, partner.id, partner.type === 'DIRECT' ? {} : choice, {
    waPayActive: waPayActive(partner),
  });
};

/** GST and addresses are kept only for partners with the accounting (Zoho) integration. */
const accountingOf = (partner: PartnerRow, input: Accounting) => {
  if (!partner.isZohoEnabled) return {};
  const billingAddress = input.billingAddress ?? null;
  const shippingAddress = input.checked !== false ? billingAddress : (input.shippingAddress ?? null);
  return { gstNumber: input.gstNumber?.trim() || null, billingAddress, shippingAddress };
};

const newBusinessRow = (partner: PartnerRow, input: DetailsInput, passwordHash: string | null) => ({
  id: newId(),
  partnerId: partner.id,
  displayName: input.display_name,
  company: input.company || '',
  email: input.email.trim(),
  contact: input.contact.replace(/^\+/, ''),
  passwordHash,
  website: input.website || null,
  description: input.description || null,
  industry: input.industry || null,
  companySize: input.companySize || null,
  timezone: input.timezone || DEFAULT_TIMEZONE,
  // The currency is the partner's whatever the form says (the selector is locked).
  currency: partner.currency,
  countryCode: input.countryCode ? `+${input.countryCode.replace(/^\+/, '')}` : DEFAULT_DIAL_CODE,
});

const passwordHashOf = async (input: DetailsInput) => (input.password ? hashPassword(input.password) : null);

/** Under the partner's row lock, so two creates with one email cannot both pass the check. */
const insertChecked = async (
  tx: DbOrTx,
  viewer: AgentViewer,
  input: DetailsInput,
  passwordHash: string | null,
  extra: object = {},
) => {
  const partner = await lockPartner(tx, viewer.partnerId);
  if (!partner) throw notFound();
  if (await businessEmailTaken(tx, partner.id, input.email))
    throw conflict(businessTexts.emailTaken, { email: businessTexts.emailTaken });
  return { partner, business: await insertBusiness(tx, { ...newBusinessRow(partner, input, passwordHash), ...extra }) };
};

const loadPartnerFor = async (deps: Deps, viewer: AgentViewer, input?: DetailsInput) => {
  const partner = await getPartner(deps.db, viewer.partnerId);
  assertMayCreate(viewer, partner);
  if (input) checkDetails(partner, input);
  return partner;
};

/** POST /partner/{partnerId}/business/: the business alone. */
export const createBusiness = async (deps: Deps, viewer: AgentViewer, input: DetailsInput) => {
  await loadPartnerFor(deps, viewer, input);
  const passwordHash = await passwordHashOf(input);
  const business = await deps.db.transaction(async (tx) => {
    const { business } = await insertChecked(tx, viewer, input, passwordHash);
    await recordPartnerChange(tx, viewer, {
      action: 'business.create',
      target: { kind: 'business', id: business.id, name: business.displayName },
      before: null,
      after: businessFacts(business),
    });
    return business;
  });
  return { message: businessTexts.created, business: toBusiness(business) };
};

/**
 * POST /partner/{partnerId}/business/create: the business and its first project, of the same name,
 * in one transaction, the project with the partner's Free WCC credit (a new customer; a business
 * made alone, or a project added to one, is not). A retry cannot give it twice: the email is taken.
 */
export const createBusinessWithProject = async (deps: Deps, viewer: AgentViewer, input: WithProjectInput) => {
  const checkedPartner = await loadPartnerFor(deps, viewer, input);
  const passwordHash = await passwordHashOf(input);
  return deps.db.transaction(async (tx) => {
    const plans = await checkPlans(tx, checkedPartner, {
      familyId: input.newFamilyId,
      planName: input.newPlanId,
      wccId: input.wccPlan,
      paymentPlanId: input.waPayPlan,
    });
    const { partner, business } = await insertChecked(
      tx,
      viewer,
      input,
      passwordHash,
      accountingOf(checkedPartner, input),
    );
    const project = await insertProject(tx, {
      id: newId(),
      partnerId: partner.id,
      businessId: business.id,
      name: business.displayName,
      currency: partner.currency,
      ...partnerDefaults(partner),
      ...plans,
    });
    const freeWccCredit = await grantFreeWccCredit(tx, { partner, project, business, whenShort: 'refuse', by: viewer });
    // One entry for the one thing the member did: a business with its first project.
    await recordPartnerChange(tx, viewer, {
      action: 'business.create',
      target: { kind: 'business', id: business.id, name: business.displayName },
      before: null,
      after: {
        ...businessFacts(business),
        project: { id: project.id, ...projectFacts(project, business.displayName), freeWccCredit },
      },
    });
    return {
      message: businessTexts.created,
      business: toBusiness(business),
      project: toProjectSummary(project, business.displayName),
    };
  });
};

/** A new project starts with the partner's defaults (Manage, Defaults): its country and WhatsApp About. */
export const partnerDefaults = (partner: { isoCode: string | null; whatsAppAbout: string | null }) => ({
  ...(partner.isoCode ? { isoCode: partner.isoCode } : {}),
  ...(partner.whatsAppAbout ? { whatsAppAbout: partner.whatsAppAbout } : {}),
});

/** An active business of the caller's partner (archived ones take no new projects). */
export const activeBusinessOf = async (db: DbOrTx, viewer: AgentViewer, id: string): Promise<BusinessRow> => {
  const business = await findBusiness(db, scopeOf(viewer), id);
  if (!business) throw notFound();
  if (business.archived) throw badRequest(businessTexts.businessArchived);
  return business;
};

/** POST /partner/{partnerId}/business/{businessId}/project: a project under a business on the chosen plans. */
export const createProject = async (deps: Deps, viewer: AgentViewer, businessId: string, input: ProjectInput) => {
  const partner = await loadPartnerFor(deps, viewer);
  return deps.db.transaction(async (tx) => {
    const business = await activeBusinessOf(tx, viewer, businessId);
    const plans = await checkPlans(tx, partner, {
      familyId: input.planFamilyId,
      planName: input.planName,
      wccId: input.wccId,
      paymentPlanId: input.paymentPlanId,
    });
    const accounting = accountingOf(partner, input);
    // A project's accounting details are its business's: keep them there when the business has none yet.
    if (accounting.billingAddress && !business.billingAddress) {
      await updateBusiness(tx, partner.id, business.id, accounting);
    }
    const project = await insertProject(tx, {
      id: newId(),
      partnerId: partner.id,
      businessId: business.id,
      name: input.name,
      currency: partner.currency,
      ...partnerDefaults(partner),
      ...plans,
    });
    await recordPartnerChange(tx, viewer, {
      action: 'project.create',
      target: { kind: 'project', id: project.id, name: project.name },
      before: null,
      after: projectFacts(project, business.displayName),
    });
    return { message: businessTexts.projectCreated, project: toProjectSummary(project, business.displayName) };
  });
};
