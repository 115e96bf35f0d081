import {
  planPeriodOf,
  projectBillingTexts,
  superadminProjectTexts as texts,
  type ProjectStatus,
  type SuperadminPlanName,
} from '@pc/contract';
import type { AuditAdmin } from '../audit/record.js';
import { impliedBy } from '../project-billing/status.js';
import { periodAfter } from '../renewals/index.js';
import { changeProject } from './change.js';
import type { SuperadminProjectsCtx } from './context.js';

/**
 * The super-admin's plan (doc 2 section 2.2): a staff correction, so nothing is charged. A new
 * period starts now, renewing by the plan's period (contract planPeriodOf; a plan that never renews
 * has no renewal date).
 */
export const setPlanAsStaff = async (
  ctx: SuperadminProjectsCtx,
  admin: AuditAdmin,
  projectId: string,
  activePlan: SuperadminPlanName,
) => {
  await changeProject(ctx, admin, projectId, 'project.plan', (_p, now) => {
    const period = planPeriodOf(activePlan);
    return {
      values: {
        activePlan,
        planActivatedOn: now,
        // Dated as every plan start is: one calendar month (or year) on, as the renewals job moves it.
        planRenewalOn: period ? periodAfter(now, period) : null,
      },
    };
  });
  return { message: texts.planUpdated };
};

/**
 * The super-admin moves a project freely among the statuses (doc 2 sections 2.2 and 4), archived
 * ones too; nothing is charged. The stop marker, the partner's archive flag and the disabled date
 * follow the status as they do for the partner's own moves (project-billing impliedBy).
 */
export const setStatusAsStaff = async (
  ctx: SuperadminProjectsCtx,
  admin: AuditAdmin,
  projectId: string,
  status: ProjectStatus,
) => {
  await changeProject(ctx, admin, projectId, 'project.status', (p, now) => ({ values: impliedBy(status, p, now) }));
  return { message: projectBillingTexts.statusUpdated };
};
