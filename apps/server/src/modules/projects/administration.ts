import {
  CHANNEL_SYNC_THROTTLE_MS,
  lowCentralBalance,
  projectMessages,
  type LinkKind,
  type ProjectDetail,
} from '@pc/contract';
import type { AgentViewer } from '../../platform/auth/viewer.js';
import { AppError, badRequest, notFound, tooManyRequests } from '../../platform/errors/app-error.js';
import type { ChannelRef } from '../../providers/meta/meta.js';
import type { ProjectsCtx } from './context.js';
import { toProjectDetail } from './detail.js';
import { recordPartnerChange } from '../activity/record.js';
import { changedFields } from '../audit/changed.js';
import { procurementErrorOf } from '../onboarding/procurement-error.js';
import { maskedApiKey } from '../superadmin-projects/detail.js';
import { readCentralBalance } from '../billing/central-balance.js';
import {
  claimChannelSync,
  findBusiness,
  partnerUsesBusinessManager,
  findPartner,
  findProject,
  findProjectWithBusiness,
  updateProject,
  type ProjectRow,
} from './queries.js';

/** The partner with its central balance (the project screen shows it, and a link needs enough of it). */
const partnerOrFail = async (ctx: ProjectsCtx, partnerId: string) => {
  const [partner, centralBalance] = await Promise.all([
    findPartner(ctx.db, partnerId),
    readCentralBalance(ctx.db, partnerId),
  ]);
  if (!partner) throw notFound();
  return { ...partner, centralBalance };
};

/** A project of the partner's, archived or not: for reading it (its detail and history stay). */
export const projectOrFail = async (ctx: ProjectsCtx, partnerId: string, projectId: string): Promise<ProjectRow> => {
  const project = await findProject(ctx.db, partnerId, projectId);
  if (!project) throw notFound('Project not found.');
  return project;
};

/**
 * A project the partner may act on. One the partner archived (Delete Project) keeps its history
 * for reading, but every action on it answers 404 as an unknown project does, the same as its
 * billing calls (project-billing finds only projects not archived); the partner has no restore (the
 * spec has none), only the super-admin's status move brings it back.
 */
export const projectToActOn = async (ctx: ProjectsCtx, partnerId: string, projectId: string): Promise<ProjectRow> => {
  const project = await projectOrFail(ctx, partnerId, projectId);
  if (project.partnerArchived) throw notFound('Project not found.');
  return project;
};

export const getProject = async (ctx: ProjectsCtx, partnerId: string, projectId: string): Promise<ProjectDetail[]> => {
  const found = await findProjectWithBusiness(ctx.db, partnerId, projectId);
  if (!found) throw notFound('Project not found.');
  const [partner, procurementError] = await Promise.all([
    partnerOrFail(ctx, partnerId),
    procurementErrorOf(ctx.db, partnerId, projectId),
  ]);
  const apiKey360 = maskedApiKey(ctx, found.project.apiKey360Sealed);
  return [toProjectDetail(found.project, partner, found.businessName, { procurementError, apiKey360 })];
};

export const getBusinessDetails = async (ctx: ProjectsCtx, partnerId: string, businessId: string) => {
  const b = await findBusiness(ctx.db, partnerId, businessId);
  if (!b) throw notFound('Business not found.');
  return {
    _id: b.id,
    email: b.email.replace(/^(archived__)+/, ''),
    contact: b.contact,
    company: b.company,
    name: b.displayName,
  };
};

/**
 * Changes the project's own fields and writes the activity log's entry with them, in one
 * transaction; a change that changes nothing writes none.
 */
const changeProject = (
  ctx: ProjectsCtx,
  viewer: AgentViewer,
  project: ProjectRow,
  action: 'project.update' | 'project.agents',
  values: Partial<Pick<ProjectRow, 'name' | 'maxAgents'>>,
) =>
  ctx.db.transaction(async (tx) => {
    const updated = await updateProject(tx, viewer.partnerId, project.id, values);
    if (!updated) throw notFound('Project not found.');
    const pick = (p: ProjectRow) => Object.fromEntries(Object.keys(values).map((k) => [k, p[k as keyof ProjectRow]]));
    const change = changedFields(pick(project), pick(updated));
    if (change.keys.length)
      await recordPartnerChange(tx, viewer, {
        action,
        target: { kind: 'project', id: project.id, name: updated.name },
        before: change.before,
        after: change.after,
      });
  });

export const renameProject = async (ctx: ProjectsCtx, viewer: AgentViewer, projectId: string, name: string) => {
  const project = await projectToActOn(ctx, viewer.partnerId, projectId);
  await changeProject(ctx, viewer, project, 'project.update', { name: name.trim() });
  return { message: projectMessages.nameUpdated };
};

export const updateAgentSize = async (ctx: ProjectsCtx, viewer: AgentViewer, projectId: string, agentSize: number) => {
  const partner = await partnerOrFail(ctx, viewer.partnerId);
  const project = await projectToActOn(ctx, viewer.partnerId, projectId);
  if (partner.type === 'DIRECT') throw badRequest(projectMessages.notForDirect);
  await changeProject(ctx, viewer, project, 'project.agents', { maxAgents: agentSize });
  return { message: projectMessages.agentSizeUpdated };
};

/** Moves the project to another of the partner's own, non-archived businesses (flag `migration`). */
export const migrateProject = async (ctx: ProjectsCtx, viewer: AgentViewer, projectId: string, businessId: string) => {
  const { partnerId } = viewer;
  const partner = await partnerOrFail(ctx, partnerId);
  const project = await projectToActOn(ctx, partnerId, projectId);
  if (!partner.flags?.migration) throw new AppError('FORBIDDEN', 403, projectMessages.migrationDisabled);
  const business = await findBusiness(ctx.db, partnerId, businessId);
  if (!business || business.archived) throw notFound('Business not found.');
  // 'Migration Successful' for a move that moves nothing would say what did not happen.
  if (business.id === project.businessId) throw badRequest(projectMessages.alreadyInBusiness);
  const from = await findBusiness(ctx.db, partnerId, project.businessId);
  await ctx.db.transaction(async (tx) => {
    await updateProject(tx, partnerId, projectId, { businessId: business.id });
    await recordPartnerChange(tx, viewer, {
      action: 'project.migrate',
      target: { kind: 'project', id: project.id, name: project.name },
      before: { businessId: project.businessId, businessName: from?.displayName ?? '' },
      after: { businessId: business.id, businessName: business.displayName },
    });
  });
  return { message: projectMessages.migrated };
};

export const channelRefOf = (p: ProjectRow): ChannelRef => ({
  projectId: p.id,
  wabaNumberId: p.wabaNumberId,
  current: {
    isWhatsappVerified: p.isWhatsappVerified,
    whatsappNumber: p.whatsappNumber,
    whatsAppDisplayName: p.whatsAppDisplayName,
    displayNameStatus: p.displayNameStatus,
    qualityRating: p.qualityRating,
    messagingLimit: p.messagingLimit,
    wabaBanState: p.wabaBanState,
  },
});

/**
 * Reads the channel's state from the provider, at most once per 5 minutes per project. The stored
 * status (live, quality, limit, ban) is replaced by Meta's at a member's request, so each sync is in
 * the activity log: who asked, when, and which of those fields it changed.
 */
export const syncChannelStatus = async (ctx: ProjectsCtx, viewer: AgentViewer, projectId: string) => {
  const { partnerId } = viewer;
  const project = await projectToActOn(ctx, partnerId, projectId);
  const now = ctx.now();
  if (!(await claimChannelSync(ctx.db, partnerId, projectId, now, CHANNEL_SYNC_THROTTLE_MS)))
    throw tooManyRequests(projectMessages.syncTooSoon);
  // The provider is called outside any transaction (one connection on PGlite).
  const state = await ctx.meta.channelStatus(channelRefOf(project));
  const { wabaBanState, ...rest } = state;
  await ctx.db.transaction(async (tx) => {
    const updated = await updateProject(tx, partnerId, projectId, {
      ...rest,
      ...(wabaBanState !== undefined ? { wabaBanState } : {}),
    });
    if (!updated) throw notFound('Project not found.');
    const synced = (p: ProjectRow) => ({ ...channelRefOf(p).current, lastChannelSyncAt: p.lastChannelSyncAt });
    const change = changedFields(synced(project), synced(updated));
    await recordPartnerChange(tx, viewer, {
      action: 'project.sync',
      target: { kind: 'project', id: project.id, name: project.name },
      before: change.before,
      after: change.after,
    });
  });
  return { message: projectMessages.channelSynced, lastChannelSyncAt: now.toISOString() };
};

export const fetchBusinessManagerInfo = async (
  ctx: ProjectsCtx,
  partnerId: string,
  fbBusinessId: string,
  wabaId?: string,
) => {
  // Only a business manager one of the partner's projects is connected to.
  if (!(await partnerUsesBusinessManager(ctx.db, partnerId, fbBusinessId)))
    throw notFound('Business manager not found.');
  return { businessInfo: await ctx.meta.businessInfo(fbBusinessId, wabaId) };
};

export const phoneDetails = async (ctx: ProjectsCtx, partnerId: string, projectId: string) => {
  const project = await projectOrFail(ctx, partnerId, projectId);
  const details = await ctx.meta.phoneDetails(channelRefOf(project));
  return { success: details !== null, phoneDetails: details };
};

/**
 * A provider link for the project; refused while the central balance is below the partner's minimum.
 * The link is stored nowhere, but it lets whoever follows it connect an account to the project: the
 * activity log says who handed one out, and of which kind.
 */
export const generateLink = async (ctx: ProjectsCtx, viewer: AgentViewer, projectId: string, kind: LinkKind) => {
  const partnerId = viewer.partnerId;
  const partner = await partnerOrFail(ctx, partnerId);
  const project = await projectToActOn(ctx, partnerId, projectId);
  if (kind === 'ads' && !partner.flags?.adsLink) throw new AppError('FORBIDDEN', 403, projectMessages.adsLinkDisabled);
  if (
    lowCentralBalance({
      centralBalance: Number(partner.centralBalance),
      minAllowedBalance: Number(partner.minAllowedBalance),
    })
  ) {
    throw badRequest(projectMessages.lowCentralBalance);
  }
  const link = await ctx.meta.link(kind, { projectId: project.id, partnerId, businessId: project.businessId });
  await recordPartnerChange(ctx.db, viewer, {
    action: 'project.link',
    target: { kind: 'project', id: project.id, name: project.name },
    after: { link: kind },
  });
  return { link };
};
