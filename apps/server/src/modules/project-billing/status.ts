import { retriedTransaction } from '../../platform/db/retry.js';
import { and, eq } from 'drizzle-orm';
import {
  disabledOnAfter,
  partnerStatusRefusal,
  partnerStatusTexts,
  projectBillingTexts as texts,
  type ProjectStatus,
} from '@pc/contract';
import type { Deps } from '../../deps.js';
import type { Tx } from '../../platform/db/open.js';
import { projects } from '../../platform/db/schema.js';
import { badRequest, notFound } from '../../platform/errors/app-error.js';
import type { ActivityAuthor } from '../activity/record.js';
import { recordProjectChange } from './activity.js';
import { isStopped } from './plans.js';
import { lockProjectForStatus } from './queries.js';

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
 * The project a status change acts on. A deleted (archived) one answers 404 to this as to every other
 * action, but for a move out of archived: the partner's restore, refused while its business is
 * deleted (the project went with it; the business has no restore).
 */
const projectToChange = async (tx: Tx, partnerId: string, projectId: string, target: ProjectStatus) => {
  const found = await lockProjectForStatus(tx, partnerId, projectId);
  if (!found || (found.project.partnerArchived && target === 'archived')) throw notFound();
  if (found.project.partnerArchived && found.businessArchived) throw badRequest(partnerStatusTexts.businessDeleted);
  return found.project;
};

/**
 * A partner's status change under the money rules (contract `partnerStatusRefusal`): `stopped` is
 * Stop Billing, leaving it is refused (Reactivate charges the plan), the platform's statuses are not
 * the partner's to set or clear, and a deleted project comes back as active or pending (stopped if
 * its billing was stopped when it was deleted).
 */
export const changeProjectStatus = (
  deps: Deps,
  by: ActivityAuthor,
  body: { assistantId: string; status: ProjectStatus },
) =>
  retriedTransaction(deps.db, async (tx) => {
    const project = await projectToChange(tx, by.partnerId, body.assistantId, body.status);
    const stopped = isStopped(project);
    const refusal = partnerStatusRefusal({ status: project.status, billingStopped: stopped }, body.status);
    if (refusal) throw badRequest(refusal);
    // Archiving keeps a stop as it was: the project's billing history stays as it happened.
    const values = impliedBy(body.status, project, deps.now());
    await tx
      .update(projects)
      .set(body.status === 'archived' ? { ...values, planStoppedOn: project.planStoppedOn } : values)
      .where(and(eq(projects.partnerId, project.partnerId), eq(projects.id, project.id)));
    await recordProjectChange(tx, by, {
      action: 'project.status',
      project,
      was: { status: project.status },
      now: { status: body.status },
    });
    return { message: texts.statusUpdated };
  });

// The super-admin's free move among the statuses is modules/superadmin-projects/status.ts.
