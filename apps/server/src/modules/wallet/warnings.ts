import { and, eq } from 'drizzle-orm';
import { dashboardTexts, walletTexts, type SetThresholdRequest } from '@pc/contract';
import type { Deps } from '../../deps.js';
import type { AgentViewer } from '../../platform/auth/viewer.js';
import type { DbOrTx } from '../../platform/db/open.js';
import { projects } from '../../platform/db/schema.js';
import { forbidden, notFound } from '../../platform/errors/app-error.js';
import { recordPartnerChange, type PartnerChange } from '../activity/record.js';
import { changedFields } from '../audit/changed.js';
import { getPartner } from '../partners/partner.js';
import { deleteThreshold, lockThreshold, thresholdsOf, upsertThreshold } from './threshold-queries.js';
import { checkPartnerThresholds } from './thresholds.js';

/** A project of the session's partner, or 404 (another partner's is not found, nothing changed). */
const ownProject = async (deps: Deps, agent: AgentViewer, projectId: string) => {
  const [row] = await deps.db
    .select({ id: projects.id, name: projects.name })
    .from(projects)
    .where(and(eq(projects.id, projectId), eq(projects.partnerId, agent.partnerId)));
  if (!row) throw notFound();
  return row;
};

type Level = { kind: 'AMOUNT' | 'DAYS'; value: number };

/**
 * The activity log's entry for a balance's warning level: the central balance's is the partner's,
 * a project's WCC credit's is the project's. A level reads `{ amount }` (the ledger's units, shown
 * as money) or `{ days }`.
 */
const recordLevel = async (
  tx: DbOrTx,
  agent: AgentViewer,
  project: { id: string; name: string } | null,
  was: Level | null,
  now: Level | null,
) => {
  const fields = (l: Level | null): Record<string, number> | null =>
    l ? (l.kind === 'AMOUNT' ? { amount: l.value } : { days: l.value }) : null;
  const [before, after] = [fields(was), fields(now)];
  const diff = before && after ? changedFields(before, after) : null;
  if (diff && diff.keys.length === 0) return;
  const target: PartnerChange['target'] = project
    ? { kind: 'project', id: project.id, name: project.name }
    : { kind: 'partner', id: agent.partnerId, name: (await getPartner(tx, agent.partnerId)).name };
  await recordPartnerChange(tx, agent, {
    action: project ? 'wallet.project-threshold' : 'wallet.threshold',
    target,
    before: diff ? diff.before : before,
    after: diff ? diff.after : after,
  });
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
  const project = projectId ? await ownProject(deps, agent, projectId) : null;
  const ref = { partnerId: agent.partnerId, projectId };
  const saved = await deps.db.transaction(async (tx) => {
    const was = await lockThreshold(tx, ref);
    const row = await upsertThreshold(tx, ref, body, deps.now());
    await recordLevel(tx, agent, project, was ?? null, { kind: row.kind, value: row.value });
    return row;
  });
  await checkPartnerThresholds(deps, agent.partnerId);
  const after = (await thresholdsOf(deps.db, agent.partnerId)).find((t) => t.id === saved.id);
  return {
    message: walletTexts.warningSaved,
    threshold: { ...saved, crossedAt: after?.crossedAt?.toISOString() ?? null },
  };
};

export const removeWarning = async (deps: Deps, agent: AgentViewer, projectId: string | null) => {
  if (agent.isReferral) throw forbidden(dashboardTexts.referralOnly);
  const project = projectId ? await ownProject(deps, agent, projectId) : null;
  await deps.db.transaction(async (tx) => {
    const removed = await deleteThreshold(tx, { partnerId: agent.partnerId, projectId });
    if (removed) await recordLevel(tx, agent, project, removed, null);
  });
  return { message: walletTexts.warningRemoved, threshold: null };
};
