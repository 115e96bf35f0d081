import { retriedTransaction } from '../../platform/db/retry.js';
import { eq } from 'drizzle-orm';
import { disabledOnAfter, partnerStatusRefusal, projectBillingTexts as texts, type ProjectStatus } from '@pc/contract';
import type { Deps } from '../../deps.js';
import { projects } from '../../platform/db/schema.js';
import { badRequest } from '../../platform/errors/app-error.js';
import { isStopped, lockedProject } from './plans.js';

/** What a status implies for the stop marker, the partner's archive flag and the disabled date (contract `disabledOnAfter`). */
export const impliedBy = (
  status: ProjectStatus,
  project: { status: string; planStoppedOn: Date | null; disabledOn: Date | null },
  now: Date,
) => ({
  status,
  planStoppedOn: status === 'stopped' ? (project.planStoppedOn ?? now) : null,
  partnerArchived: status === 'archived',
  disabledOn: disabledOnAfter(project.status, status, project.disabledOn, now),
});

/**
 * A partner's status change under the money rules (contract `partnerStatusRefusal`): `stopped` is
 * Stop Billing, leaving it is refused (Reactivate charges the plan), the platform's statuses are not
 * the partner's to set or clear.
 */
export const changeProjectStatus = (
  deps: Deps,
  partnerId: string,
  body: { assistantId: string; status: ProjectStatus },
) =>
  retriedTransaction(deps.db, async (tx) => {
    const project = await lockedProject(tx, partnerId, body.assistantId);
    const stopped = isStopped(project);
    const refusal = partnerStatusRefusal({ status: project.status, billingStopped: stopped }, body.status);
    if (refusal) throw badRequest(refusal);
    // Archiving keeps a stop as it was: the project's billing history stays as it happened.
    const values = impliedBy(body.status, project, deps.now());
    await tx
      .update(projects)
      .set(body.status === 'archived' ? { ...values, planStoppedOn: project.planStoppedOn } : values)
      .where(eq(projects.id, project.id));
    return { message: texts.statusUpdated };
  });

// The super-admin's free move among the statuses is modules/superadmin-projects/status.ts.
