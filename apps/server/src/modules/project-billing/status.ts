import { retriedTransaction } from '../../platform/db/retry.js';
import { eq } from 'drizzle-orm';
import { partnerStatusRefusal, projectBillingTexts as texts, type ProjectStatus } from '@pc/contract';
import type { Deps } from '../../deps.js';
import { projects } from '../../platform/db/schema.js';
import { badRequest, notFound } from '../../platform/errors/app-error.js';
import { isStopped, lockedProject } from './plans.js';

/** What a status implies for the stop marker and the partner's archive flag. */
const impliedBy = (status: ProjectStatus, project: { planStoppedOn: Date | null }, now: Date) => ({
  status,
  planStoppedOn: status === 'stopped' ? (project.planStoppedOn ?? now) : null,
  partnerArchived: status === 'archived',
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

/** The super-admin moves a project freely among the statuses (doc 2 section 2.2), archived ones too; nothing is charged. */
export const setProjectStatusAsStaff = (deps: Deps, projectId: string, status: ProjectStatus) =>
  retriedTransaction(deps.db, async (tx) => {
    const [project] = await tx.select().from(projects).where(eq(projects.id, projectId)).for('update');
    if (!project) throw notFound('Project not found.');
    await tx
      .update(projects)
      .set(impliedBy(status, project, deps.now()))
      .where(eq(projects.id, projectId));
    return { message: texts.statusUpdated };
  });
