import { isArchivedProject, superadminProjectTexts as texts } from '@pc/contract';
import { badRequest, notFound } from '../../platform/errors/app-error.js';
import { recordAudit, type AuditAdmin } from '../audit/record.js';
import { transferProjectCredit } from '../billing/credit-transfer.js';
import type { SuperadminProjectsCtx } from './context.js';
import { findProjectForStaff } from './queries.js';

/**
 * Template credit added by platform staff (doc 2 sections 2.2 and 5.3): ADD only, whole currency
 * units, moved from the partner's central balance exactly as the partner's own WCC top-up moves it
 * (WCC_CREDIT_ADD: the project's ADD and the central balance's SUBTRACT, one transaction), refused
 * with nothing changed when the balance is short. The entries say platform staff added it; the
 * audit row is written in the same transaction. A retry with the same Idempotency-Key adds nothing.
 */
export const addTemplateCredit = async (
  ctx: SuperadminProjectsCtx,
  admin: AuditAdmin,
  projectId: string,
  amount: number,
  idempotencyKey?: string,
) => {
  const found = await findProjectForStaff(ctx.db, projectId);
  if (!found) throw notFound('Project not found.');
  const { project, business } = found;
  if (isArchivedProject(project)) throw badRequest(texts.archivedProject);
  const { credit } = await transferProjectCredit(ctx, {
    partnerId: project.partnerId,
    projectId: project.id,
    projectName: project.name,
    businessId: business.id,
    businessName: business.name,
    kind: 'WCC',
    action: 'ADD',
    amount,
    idempotencyKey,
    message: `Template credit added to project ${project.name} by platform staff`,
    alsoInTransaction: (tx, after) =>
      recordAudit(tx, admin, {
        action: 'project.template-credit',
        targetKind: 'project',
        targetId: project.id,
        partnerId: project.partnerId,
        before: { templateCredit: after - amount },
        after: { templateCredit: after, added: amount },
      }),
  });
  return { message: texts.wccUpdated, credit };
};
