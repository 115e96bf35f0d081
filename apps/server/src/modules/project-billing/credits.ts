import { projectBillingTexts, type LedgerAction } from '@pc/contract';
import type { Deps } from '../../deps.js';
import { badRequest, notFound } from '../../platform/errors/app-error.js';
import { transferProjectCredit, type ProjectCreditKind } from '../billing/credit-transfer.js';
import { findProject } from './queries.js';

export type CreditChange = {
  partnerId: string;
  projectId: string;
  kind: ProjectCreditKind;
  action: LedgerAction;
  amount: number;
  idempotencyKey?: string;
};

/**
 * ADD moves the amount from the partner's central balance to the project's credit, SUBTRACT moves
 * it back (billing/credit-transfer.ts); either is refused, changing nothing, when its source
 * would go below zero. Ad credit is only ever added (the request schema says so).
 */
export const changeProjectCredit = async (deps: Deps, c: CreditChange): Promise<{ credit: number }> => {
  const project = await findProject(deps.db, c.partnerId, c.projectId);
  if (!project) throw notFound();
  if (c.kind === 'AD_CREDIT' && c.action !== 'ADD') throw badRequest(projectBillingTexts.adCreditAddOnly);
  return transferProjectCredit(deps, {
    partnerId: c.partnerId,
    projectId: project.id,
    projectName: project.name,
    businessId: project.businessId,
    businessName: project.businessName,
    kind: c.kind,
    action: c.action,
    amount: c.amount,
    idempotencyKey: c.idempotencyKey,
  });
};
