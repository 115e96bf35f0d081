import { projectMessages, templateMessages } from '@pc/contract';
import { badRequest, notFound } from '../../platform/errors/app-error.js';
import type { TemplatesCtx } from './context.js';
import { findPartnerType, findProject, type TemplatesProject } from './queries.js';

/** A project of the partner's, archived or not: for reading its templates. */
export const projectOrFail = async (ctx: TemplatesCtx, partnerId: string, projectId: string) => {
  const project = await findProject(ctx.db, partnerId, projectId);
  if (!project) throw notFound('Project not found.');
  return project;
};

/** A project the partner may act on: one it archived answers 404 like an unknown one (as projects' projectToActOn). */
export const projectToActOn = async (ctx: TemplatesCtx, partnerId: string, projectId: string) => {
  const project = await projectOrFail(ctx, partnerId, projectId);
  if (project.partnerArchived) throw notFound('Project not found.');
  return project;
};

/** Templates go to the project's WhatsApp Business Account: it must be live (doc 2 section 2.3). */
export const liveProjectOrFail = async (ctx: TemplatesCtx, partnerId: string, projectId: string) => {
  const project = await projectToActOn(ctx, partnerId, projectId);
  if (!project.isWhatsappVerified) throw badRequest(templateMessages.wabaNotLive);
  return project;
};

/**
 * The WhatsApp Business Account a template is submitted to. The sandbox's demo projects went live
 * without an embedded signup, so there a live project without a WABA id uses its own id as one (the
 * sandbox keeps that account's templates); with the real Meta a project without one is not live.
 */
export const wabaIdOf = (ctx: TemplatesCtx, project: TemplatesProject): string => {
  if (project.wabaAppId) return project.wabaAppId;
  if (ctx.metaTemplates.mode === 'sandbox') return project.id;
  throw badRequest(templateMessages.wabaNotLive);
};

/** The DIRECT partners' template calls (doc 2 section 7.6) are theirs only. */
export const directPartnerOrFail = async (ctx: TemplatesCtx, partnerId: string) => {
  const type = await findPartnerType(ctx.db, partnerId);
  if (!type) throw notFound();
  if (type !== 'DIRECT') throw badRequest(projectMessages.onlyForDirect);
};
