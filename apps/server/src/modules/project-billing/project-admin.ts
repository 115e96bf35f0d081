import { eq } from 'drizzle-orm';
import {
  hasPermission,
  noPermissionText,
  projectBillingTexts as texts,
  type SetDefaultConfigsRequest,
} from '@pc/contract';
import type { AgentViewer } from '../../platform/auth/viewer.js';
import { partners } from '../../platform/db/schema.js';
import type { Deps } from '../../deps.js';
import { forbidden, notFound } from '../../platform/errors/app-error.js';
import { findProject, updateProject } from './queries.js';

/** Deleting marks the project archived for the partner; nothing is erased (its billing log stays whole). */
export const deleteProject = async (deps: Deps, partnerId: string, projectId: string) => {
  const project = await findProject(deps.db, partnerId, projectId);
  if (!project) throw notFound();
  await updateProject(deps.db, partnerId, projectId, { partnerArchived: true, status: 'archived' });
  return { message: texts.projectDeleted, status: texts.deleteSuccessStatus };
};

/**
 * The project's defaults: its country (isoCode) or its WhatsApp about text, one at a time. Without
 * a project, the partner's own defaults, which new projects start with: those need manage write.
 */
export const setDefaultConfigs = async (deps: Deps, viewer: AgentViewer, body: SetDefaultConfigsRequest) => {
  const partnerId = viewer.partnerId;
  if (!body.assistantId) {
    if (!hasPermission(viewer, 'manage.write')) throw forbidden(noPermissionText('manage.write'));
    await deps.db
      .update(partners)
      .set(body.isoCode !== undefined ? { isoCode: body.isoCode } : { whatsAppAbout: body.whatsAppAbout })
      .where(eq(partners.id, partnerId));
    return { message: texts.updated };
  }
  const project = await findProject(deps.db, partnerId, body.assistantId);
  if (!project) throw notFound();
  await updateProject(
    deps.db,
    partnerId,
    project.id,
    body.isoCode !== undefined ? { isoCode: body.isoCode } : { whatsAppAbout: body.whatsAppAbout },
  );
  return { message: texts.updated };
};
