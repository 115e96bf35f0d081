import { isArchivedProject, superadminProjectTexts as texts } from '@pc/contract';
import { badRequest, notFound } from '../../platform/errors/app-error.js';
import { recordAudit, type AuditAdmin } from '../audit/record.js';
import type { SuperadminProjectsCtx } from './context.js';
import { findProjectForStaff } from './queries.js';

/** The project staff act on through the templates module: any partner's, not archived. */
const projectToSync = async (ctx: SuperadminProjectsCtx, projectId: string) => {
  const found = await findProjectForStaff(ctx.db, projectId);
  if (!found) throw notFound('Project not found.');
  if (isArchivedProject(found.project)) throw badRequest(texts.archivedProject);
  return found.project;
};

/**
 * Sync of template messages (doc 2 sections 2.2 and 7.7): the templates module's sync with the
 * provider, run now (staff skip the partner's 5-minute cool-down, not a sync still running);
 * audited in the sync's own transaction with what it created and updated.
 */
export const syncTemplatesAsStaff = async (ctx: SuperadminProjectsCtx, admin: AuditAdmin, projectId: string) => {
  const project = await projectToSync(ctx, projectId);
  return ctx.templates.sync(project.partnerId, project.id, (tx, result) =>
    recordAudit(tx, admin, {
      action: 'project.sync-templates',
      targetKind: 'project',
      targetId: project.id,
      partnerId: project.partnerId,
      after: result,
    }),
  );
};

/** Migrate all templates (templates/staff.ts): what the account lacks, submitted again; audited with what went. */
export const migrateTemplatesAsStaff = async (ctx: SuperadminProjectsCtx, admin: AuditAdmin, projectId: string) => {
  const project = await projectToSync(ctx, projectId);
  return ctx.templates.migrate(project.partnerId, project.id, (tx, result) =>
    recordAudit(tx, admin, {
      action: 'project.migrate-templates',
      targetKind: 'project',
      targetId: project.id,
      partnerId: project.partnerId,
      after: result,
    }),
  );
};
