import { projectBillingTexts as texts, type SetDefaultConfigsRequest } from '@pc/contract';
import type { Deps } from '../../deps.js';
import { notFound } from '../../platform/errors/app-error.js';
import { findProject, updateProject } from './queries.js';

/** Deleting marks the project archived for the partner; nothing is erased (its billing log stays whole). */
export const deleteProject = async (deps: Deps, partnerId: string, projectId: string) => {
  const project = await findProject(deps.db, partnerId, projectId);
  if (!project) throw notFound();
  await updateProject(deps.db, partnerId, projectId, { partnerArchived: true, status: 'archived' });
  return { message: texts.projectDeleted, status: texts.deleteSuccessStatus };
};

/** The project's defaults: its country (isoCode) or its WhatsApp about text, one at a time. */
export const setDefaultConfigs = async (deps: Deps, partnerId: string, body: SetDefaultConfigsRequest) => {
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
