import type { AuditAction } from '@pc/contract';
import { retriedTransaction } from '../../platform/db/retry.js';
import type { Tx } from '../../platform/db/open.js';
import { notFound } from '../../platform/errors/app-error.js';
import { recordAudit, type AuditAdmin } from '../audit/record.js';
import type { SuperadminProjectsCtx } from './context.js';
import { lockProject, updateProject, type ProjectRow } from './queries.js';

export type ProjectChange = {
  values: Partial<ProjectRow>;
  /** What the audit row says the fields were and are; by default the changed fields, before and after. */
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
};

/** The named fields as the audit log keeps them: instants as ISO text. */
const fieldsOf = (source: Partial<ProjectRow>, keys: string[]): Record<string, unknown> =>
  Object.fromEntries(
    keys.map((k) => {
      const value = source[k as keyof ProjectRow];
      return [k, value instanceof Date ? value.toISOString() : (value ?? null)];
    }),
  );

/**
 * One staff change of a project of any partner: the project locked, the change decided on what it
 * holds now (`decide` may refuse by throwing), written, and its audit row recorded, all in one
 * transaction: no change without its row, no row without its change.
 */
export const changeProject = (
  ctx: SuperadminProjectsCtx,
  admin: AuditAdmin,
  projectId: string,
  action: AuditAction,
  decide: (project: ProjectRow, now: Date, tx: Tx) => ProjectChange | Promise<ProjectChange>,
) =>
  retriedTransaction(ctx.db, async (tx) => {
    const project = await lockProject(tx, projectId);
    if (!project) throw notFound('Project not found.');
    const change = await decide(project, ctx.now(), tx);
    const keys = Object.keys(change.values);
    await updateProject(tx, project, change.values);
    await recordAudit(tx, admin, {
      action,
      targetKind: 'project',
      targetId: project.id,
      partnerId: project.partnerId,
      before: change.before ?? fieldsOf(project, keys),
      after: change.after ?? fieldsOf(change.values, keys),
    });
    return { project, values: change.values };
  });
