import { creditBalances, superadminProjectTexts as texts, type CreditsFromCacheResponse } from '@pc/contract';
import { notFound } from '../../platform/errors/app-error.js';
import { recordAudit, type AuditAdmin } from '../audit/record.js';
import type { SuperadminProjectsCtx } from './context.js';
import { ledgerSumsOf, lockProject } from './queries.js';

/**
 * "Reload of credits from cache" (doc 2 section 2.2; POST /superadmin/get-credits-from-cache, whose
 * answer the spec does not show). Ours: the project's stored credits are read again and each is
 * checked against the ledger, the sum of its billing-log rows. Nothing is changed: a disagreement is
 * reported for staff to look into, never "fixed" by writing a balance outside the ledger. The check
 * reads the project locked, so no credit moves between reading it and summing its rows; the audit
 * row records that it was run and what it found.
 */
export const creditsFromCache = (
  ctx: SuperadminProjectsCtx,
  admin: AuditAdmin,
  projectId: string,
): Promise<CreditsFromCacheResponse> =>
  ctx.db.transaction(async (tx) => {
    const project = await lockProject(tx, projectId);
    if (!project) throw notFound('Project not found.');
    const ledger = await ledgerSumsOf(tx, project.partnerId, project.id);
    const stored = {
      WCC: Number(project.templateCredit),
      PWC: Number(project.partnerWhatsappCredit),
      AD_CREDIT: Number(project.metaAdsCredit),
    };
    const credits = creditBalances.map((balance) => ({
      balance,
      stored: stored[balance],
      ledger: ledger[balance],
      agrees: stored[balance] === ledger[balance],
    }));
    const agrees = credits.every((c) => c.agrees);
    await recordAudit(tx, admin, {
      action: 'project.reload-from-cache',
      targetKind: 'project',
      targetId: project.id,
      partnerId: project.partnerId,
      after: { agrees, stored, ledger },
    });
    return { message: agrees ? texts.creditsAgree : texts.creditsDisagree, agrees, credits };
  });
