import {
  projectApiAllowed,
  webhookMessages,
  type CreatePrivateAppRequest,
  type PrivateApp,
  type PrivateAppPasswordResponse,
  type PrivateAppResponse,
  type ResetPrivateAppRequest,
} from '@pc/contract';
import type { AgentViewer } from '../../platform/auth/viewer.js';
import type { Tx } from '../../platform/db/open.js';
import { newId } from '../../platform/db/ids.js';
import { badRequest, forbidden, notFound } from '../../platform/errors/app-error.js';
import { recordPartnerChange } from '../activity/record.js';
import type { PrivateAppCtx } from './context.js';
import { newPassword } from './password.js';
import { findProject, findProjectApp, insertApp, lockProject, resetApp, type PrivateAppRow } from './queries.js';

/**
 * The project API's credential, the "private app" of the Project Api tab (doc 2 sections 2.1 and
 * 7.2): one a project, its password answered once on create and on reset. Reading it is allowed
 * to any partner but DIRECT (doc 2 section 6), so a lapsed plan still shows that one exists;
 * creating and resetting need the tab's rule.
 */

const toPrivateApp = (row: PrivateAppRow): PrivateApp => ({
  _id: row.id,
  projectId: row.projectId,
  clientId: row.clientId,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

export const getPrivateApp = async (
  ctx: PrivateAppCtx,
  viewer: AgentViewer,
  projectId: string,
): Promise<PrivateAppResponse> => {
  const project = await findProject(ctx.db, viewer.partnerId, projectId);
  if (!project) throw notFound('Project not found.');
  if (project.partnerType === 'DIRECT') throw forbidden(webhookMessages.privateAppNotAllowed);
  const row = await findProjectApp(ctx.db, viewer.partnerId, projectId);
  return { privateApp: row ? toPrivateApp(row) : null };
};

/** Runs `work` with the project locked (so two creates make one app), once the Project Api tab's rule allows it. */
const onWritableProject = <T>(
  ctx: PrivateAppCtx,
  viewer: AgentViewer,
  projectId: string,
  work: (tx: Tx, project: NonNullable<Awaited<ReturnType<typeof lockProject>>>) => Promise<T>,
): Promise<T> =>
  ctx.db.transaction(async (tx) => {
    const project = await lockProject(tx, viewer.partnerId, projectId);
    // An action on an archived project answers as an unknown one (docs/decisions.md, "Archived projects").
    if (!project || project.partnerArchived) throw notFound('Project not found.');
    if (!projectApiAllowed(project, { type: project.partnerType, planType: project.partnerPlanType }))
      throw forbidden(webhookMessages.privateAppNotAllowed);
    return work(tx, project);
  });

/** Create sends partnerId (ignored: the session's partner) and clientId, which must be the project's business. */
export const createPrivateApp = (
  ctx: PrivateAppCtx,
  viewer: AgentViewer,
  projectId: string,
  body: CreatePrivateAppRequest,
): Promise<PrivateAppPasswordResponse> =>
  onWritableProject(ctx, viewer, projectId, async (tx, project) => {
    if (body.clientId !== project.businessId)
      throw badRequest(webhookMessages.privateAppWrongClient, { clientId: webhookMessages.privateAppWrongClient });
    if (await findProjectApp(tx, viewer.partnerId, projectId)) throw badRequest(webhookMessages.privateAppExists);
    const password = newPassword();
    const now = ctx.now();
    const row = await insertApp(tx, {
      id: newId(),
      partnerId: viewer.partnerId,
      projectId,
      clientId: project.businessId,
      passwordHash: ctx.hasher.hash(password),
      createdAt: now,
      updatedAt: now,
    });
    // The password is answered once, to the member: the entry says an app exists, never its password.
    await recordPartnerChange(tx, viewer, {
      action: 'private-app.create',
      target: { kind: 'project', id: project.id, name: project.name },
      before: null,
      after: { privateAppId: row.id, clientId: row.clientId },
    });
    return { message: webhookMessages.privateAppCreated, privateApp: toPrivateApp(row), password };
  });

/** Reset: a new password; the old one is refused from then on. */
export const resetPrivateApp = (
  ctx: PrivateAppCtx,
  viewer: AgentViewer,
  projectId: string,
  body: ResetPrivateAppRequest,
): Promise<PrivateAppPasswordResponse> =>
  onWritableProject(ctx, viewer, projectId, async (tx, project) => {
    const password = newPassword();
    const row = await resetApp(
      tx,
      viewer.partnerId,
      projectId,
      body.privateAppId,
      ctx.hasher.hash(password),
      ctx.now(),
    );
    if (!row) throw notFound(webhookMessages.privateAppNotFound);
    await recordPartnerChange(tx, viewer, {
      action: 'private-app.update',
      target: { kind: 'project', id: project.id, name: project.name },
      before: null,
      after: { privateAppId: row.id, secret: 'rotated' },
    });
    return { message: webhookMessages.privateAppUpdated, privateApp: toPrivateApp(row), password };
  });
