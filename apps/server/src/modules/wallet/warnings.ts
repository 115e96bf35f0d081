import { and, eq } from 'drizzle-orm';
import { dashboardTexts, walletTexts, type SetThresholdRequest } from '@pc/contract';
import type { Deps } from '../../deps.js';
import type { AgentViewer } from '../../platform/auth/viewer.js';
import { projects } from '../../platform/db/schema.js';
import { forbidden, notFound } from '../../platform/errors/app-error.js';
import { deleteThreshold, thresholdsOf, upsertThreshold } from './threshold-queries.js';
import { checkPartnerThresholds } from './thresholds.js';

/** A project of the session's partner, or 404 (another partner's is not found, nothing changed). */
const ownProject = async (deps: Deps, agent: AgentViewer, projectId: string) => {
  const [row] = await deps.db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.id, projectId), eq(projects.partnerId, agent.partnerId)));
  if (!row) throw notFound();
};

/**
 * Sets the warning level of the central balance (no project) or of a project's WCC credit, then
 * checks the partner's levels at once: a level set above the balance mails now, not at the next check.
 */
export const setWarning = async (
  deps: Deps,
  agent: AgentViewer,
  projectId: string | null,
  body: SetThresholdRequest,
) => {
  if (agent.isReferral) throw forbidden(dashboardTexts.referralOnly);
  if (projectId) await ownProject(deps, agent, projectId);
  const saved = await upsertThreshold(deps.db, { partnerId: agent.partnerId, projectId }, body, deps.now());
  await checkPartnerThresholds(deps, agent.partnerId);
  const after = (await thresholdsOf(deps.db, agent.partnerId)).find((t) => t.id === saved.id);
  return {
    message: walletTexts.warningSaved,
    threshold: { ...saved, crossedAt: after?.crossedAt?.toISOString() ?? null },
  };
};

export const removeWarning = async (deps: Deps, agent: AgentViewer, projectId: string | null) => {
  if (agent.isReferral) throw forbidden(dashboardTexts.referralOnly);
  if (projectId) await ownProject(deps, agent, projectId);
  await deleteThreshold(deps.db, { partnerId: agent.partnerId, projectId });
  return { message: walletTexts.warningRemoved, threshold: null };
};
