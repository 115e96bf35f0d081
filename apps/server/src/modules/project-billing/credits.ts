import { projectBillingTexts, type ActivityAction, type LedgerAction } from '@pc/contract';
import type { Deps } from '../../deps.js';
import { badRequest, notFound } from '../../platform/errors/app-error.js';
import type { ActivityAuthor } from '../activity/record.js';
import { transferProjectCredit, type ProjectCreditKind } from '../billing/credit-transfer.js';
import { recordProjectChange } from './activity.js';
import { findPartnerFlags, findProject } from './queries.js';

export type CreditChange = {
  /** The member who moves it: named on the billing-log rows and the activity entry. */
  by: ActivityAuthor;
  projectId: string;
  kind: ProjectCreditKind;
  action: LedgerAction;
  amount: number;
  idempotencyKey?: string;
};

const creditAction: Record<ProjectCreditKind, ActivityAction> = {
  WCC: 'credit.wcc',
  PWC: 'credit.pwc',
  AD_CREDIT: 'credit.ad',
};
/** The project's column of each credit, as the activity entry names it. */
const creditField: Record<ProjectCreditKind, string> = {
  WCC: 'templateCredit',
  PWC: 'partnerWhatsappCredit',
  AD_CREDIT: 'metaAdsCredit',
};

/**
 * ADD moves the amount from the partner's central balance to the project's credit, SUBTRACT moves
 * it back (billing/credit-transfer.ts); either is refused, changing nothing, when its source
 * would go below zero. Ad credit is only ever added (the request schema says so), never in USD,
 * and only to a live project unless the partner has enableMetaAdsWithoutAPI.
 */
export const changeProjectCredit = async (deps: Deps, c: CreditChange): Promise<{ credit: number }> => {
  const { partnerId } = c.by;
  const project = await findProject(deps.db, partnerId, c.projectId);
  if (!project) throw notFound();
  if (c.kind === 'AD_CREDIT' && c.action !== 'ADD') throw badRequest(projectBillingTexts.adCreditAddOnly);
  // Doc 3 section 6: the ad credit section shows only when the currency is not USD (the USD partner's projects).
  if (c.kind === 'AD_CREDIT' && project.currency === 'USD') throw badRequest(projectBillingTexts.adCreditNotInUsd);
  // Ads run on a live number; a partner flagged enableMetaAdsWithoutAPI may fund them before (doc 3 section 6).
  if (c.kind === 'AD_CREDIT' && !project.isWhatsappVerified) {
    const flags = await findPartnerFlags(deps.db, partnerId);
    if (!flags.enableMetaAdsWithoutAPI) throw badRequest(projectBillingTexts.adCreditNotLive);
  }
  const field = creditField[c.kind];
  return transferProjectCredit(deps, {
    partnerId,
    projectId: project.id,
    projectName: project.name,
    businessId: project.businessId,
    businessName: project.businessName,
    kind: c.kind,
    action: c.action,
    amount: c.amount,
    idempotencyKey: c.idempotencyKey,
    by: c.by,
    // The balances as they were and became: the move's amount either side of what it left.
    alsoInTransaction: (tx, credit, central) => {
      const moved = c.action === 'ADD' ? c.amount : -c.amount;
      return recordProjectChange(tx, c.by, {
        action: creditAction[c.kind],
        project,
        was: { [field]: credit - moved },
        now: { [field]: credit },
        central: { before: central + moved, after: central },
      });
    },
  });
};
