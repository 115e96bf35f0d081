import { staffRenewalRefusal, staffRenewalTexts } from '@pc/contract';
import type { Deps } from '../../deps.js';
import type { AdminViewer } from '../../platform/auth/viewer.js';
import { retriedTransaction } from '../../platform/db/retry.js';
import { badRequest, notFound } from '../../platform/errors/app-error.js';
import { recordAudit } from '../audit/record.js';
import { chargePlanPeriod, paidThrough } from './plan-charge.js';
import { lockProject, updateProject } from './queries.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * The super-admin's Renew plan (doc 2 section 2.2: monthly v3 renewals are done on the super-admin
 * project screen; yearly v3 cannot be): refused with the contract's `staffRenewalRefusal` text;
 * otherwise the period that starts at the project's renewal date (now, if it has none) is charged
 * under the same ledger key the job uses, so the two never both charge it, and the date moves one
 * period on, also before it is due (renewing early). An unpaid project is active again. Short of
 * money: 400, nothing changes. The audit row is written in the same transaction.
 */
export const renewPlanAsStaff = (deps: Deps, admin: Pick<AdminViewer, 'adminId' | 'name'>, projectId: string) =>
  retriedTransaction(deps.db, async (tx) => {
    const project = await lockProject(tx, projectId);
    if (!project) throw notFound('Project not found.');
    const refusal = staffRenewalRefusal({
      providerType: project.providerType,
      activePlan: project.activePlan,
      status: project.status,
      planStoppedOn: iso(project.planStoppedOn),
      partnerArchived: project.partnerArchived,
    });
    if (refusal) throw badRequest(refusal);
    const now = deps.now();
    const periodStart = project.planRenewalOn ?? now;
    const { charged, next } = await chargePlanPeriod(tx, project, periodStart);
    const after = paidThrough(project, next, now);
    await updateProject(tx, project, after);
    await recordAudit(tx, admin, {
      action: 'project.plan-renewal',
      targetKind: 'project',
      targetId: project.id,
      partnerId: project.partnerId,
      before: { planRenewalOn: iso(project.planRenewalOn), status: project.status },
      after: { planRenewalOn: iso(next), status: after.status ?? project.status, charged },
    });
    return { message: staffRenewalTexts.renewed };
  });
