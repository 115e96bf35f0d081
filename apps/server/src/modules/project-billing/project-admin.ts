import { eq } from 'drizzle-orm';
import {
  hasPermission,
  noPermissionText,
  projectBillingTexts as texts,
  type SetDefaultConfigsRequest,
} from '@pc/contract';
import type { AgentViewer } from '../../platform/auth/viewer.js';
import { partners } from '../../platform/db/schema.js';
import { retriedTransaction } from '../../platform/db/retry.js';
import type { Deps } from '../../deps.js';
import { forbidden, notFound } from '../../platform/errors/app-error.js';
import { recordPartnerChange, type ActivityAuthor } from '../activity/record.js';
import { changedFields } from '../audit/changed.js';
import { recordProjectChange } from './activity.js';
import { findProject, updateProject } from './queries.js';

/** Deleting marks the project archived for the partner; nothing is erased (its billing log stays whole). */
export const deleteProject = (deps: Deps, by: ActivityAuthor, projectId: string) =>
  retriedTransaction(deps.db, async (tx) => {
    const project = await findProject(tx, by.partnerId, projectId, { lock: true });
    if (!project) throw notFound();
    await updateProject(tx, by.partnerId, projectId, { partnerArchived: true, status: 'archived' });
    await recordPartnerChange(tx, by, {
      action: 'project.delete',
      target: { kind: 'project', id: project.id, name: project.name },
      before: { status: project.status, businessName: project.businessName },
      after: null,
    });
    return { message: texts.projectDeleted, status: texts.deleteSuccessStatus };
  });

/** The one default a call sets (the request has exactly one): the country (isoCode) or the WhatsApp About text. */
const defaultOf = (body: SetDefaultConfigsRequest) =>
  body.isoCode !== undefined ? { isoCode: body.isoCode } : { whatsAppAbout: body.whatsAppAbout ?? null };

/**
 * The project's defaults: its country (isoCode) or its WhatsApp about text, one at a time. Without
 * a project, the partner's own defaults, which new projects start with: those need manage write.
 */
export const setDefaultConfigs = async (deps: Deps, viewer: AgentViewer, body: SetDefaultConfigsRequest) => {
  const partnerId = viewer.partnerId;
  const value = defaultOf(body);
  if (!body.assistantId) {
    if (!hasPermission(viewer, 'manage.write')) throw forbidden(noPermissionText('manage.write'));
    return retriedTransaction(deps.db, async (tx) => {
      const [partner] = await tx
        .select({ name: partners.name, isoCode: partners.isoCode, whatsAppAbout: partners.whatsAppAbout })
        .from(partners)
        .where(eq(partners.id, partnerId))
        .for('update');
      if (!partner) throw notFound();
      await tx.update(partners).set(value).where(eq(partners.id, partnerId));
      const was = { isoCode: partner.isoCode, whatsAppAbout: partner.whatsAppAbout };
      const { keys, before, after } = changedFields(was, { ...was, ...value });
      if (keys.length > 0)
        await recordPartnerChange(tx, viewer, {
          action: 'project.defaults',
          target: { kind: 'partner', id: partnerId, name: partner.name },
          before,
          after,
        });
      return { message: texts.updated };
    });
  }
  const projectId = body.assistantId;
  return retriedTransaction(deps.db, async (tx) => {
    const project = await findProject(tx, partnerId, projectId, { lock: true });
    if (!project) throw notFound();
    await updateProject(tx, partnerId, project.id, value);
    const was = { isoCode: project.isoCode, whatsAppAbout: project.whatsAppAbout };
    await recordProjectChange(tx, viewer, { action: 'project.defaults', project, was, now: { ...was, ...value } });
    return { message: texts.updated };
  });
};
