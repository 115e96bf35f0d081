import {
  formatDateTime,
  storedFromTemplate,
  templateMessages as m,
  toComponents,
  validateTemplate,
  type CreateTemplateResponse,
  type EditTemplateRequest,
  type NormalizedTemplate,
} from '@pc/contract';
import { newId } from '../../platform/db/ids.js';
import { badRequest, notFound } from '../../platform/errors/app-error.js';
import type { TemplatesCtx } from './context.js';
import { approvedEditsSince, forgetApprovedEdit, lockProjectTemplate, recordApprovedEdit } from './edit-queries.js';
import { liveProjectOrFail } from './project.js';
import { updateTemplate } from './sync-queries.js';
import type { TemplateRow } from './queries.js';
import { recordPartnerChange, type ActivityAuthor } from '../activity/record.js';
import { changedFields } from '../audit/changed.js';
import { templateTarget, valuesOf } from './activity.js';
import { answerMetaFailure } from './submit.js';
import { sampleHandleOf, withSampleHandle } from './sample-handle.js';
import { createAnswerOf, templateOf } from './template-row.js';

/**
 * Editing a template with Meta (`POST /{template-id}`) instead of deleting it and waiting 30 days
 * for its name. Meta's rules (template management page, docs/research/meta-templates.md §3): only
 * APPROVED, REJECTED or PAUSED templates; the name and language stay; an approved template keeps
 * its category and may be edited once in 24 hours and 10 times in 30 days, which the console
 * counts itself first (Meta publishes no error for it); all components are replaced. An approved
 * or paused template is approved again unless it fails review; a rejected one goes to review.
 */

const DAY_MS = 86_400_000;
const editable = ['APPROVED', 'REJECTED', 'PAUSED'];

/** The rules Meta applies to the template as it is, and to what the edit would change. */
const refusalOf = (row: TemplateRow, v: NormalizedTemplate): string | null => {
  if (!editable.includes(row.status) || row.deletedAt) return m.notEditable(row.status);
  if (row.lockedAt) return m.templateLocked;
  if (v.name !== row.name || v.language !== row.language) return m.nameLanguageFixed;
  if (row.status === 'APPROVED' && v.category !== row.category) return m.categoryFixed;
  return null;
};

/**
 * Checks and counts the edit in one transaction with the template locked, so two edits at once
 * cannot both take the day's one: answers the template and the id of the counted edit (null when
 * the template was not approved, whose edits Meta does not limit).
 */
const claimEdit = (
  ctx: TemplatesCtx,
  partnerId: string,
  projectId: string,
  templateId: string,
  v: NormalizedTemplate,
) =>
  ctx.db.transaction(async (tx) => {
    const row = await lockProjectTemplate(tx, partnerId, projectId, templateId);
    if (!row || row.status === 'DRAFT' || !row.providerTemplateId) throw notFound('Template not found');
    const refusal = refusalOf(row, v);
    if (refusal) throw badRequest(refusal);
    if (row.status !== 'APPROVED') return { row, editId: null };
    const now = ctx.now();
    const month = await approvedEditsSince(tx, partnerId, row.id, new Date(now.getTime() - 30 * DAY_MS));
    const today = month.filter((at) => at.getTime() > now.getTime() - DAY_MS);
    const blockedUntil = today[0] ?? (month.length >= 10 ? month[month.length - 10] : undefined);
    if (blockedUntil) {
      const window = today[0] ? DAY_MS : 30 * DAY_MS;
      throw badRequest(m.editLimit(formatDateTime(blockedUntil.getTime() + window)));
    }
    const editId = newId();
    await recordApprovedEdit(tx, { id: editId, partnerId, templateId: row.id, at: now });
    return { row, editId };
  });

export const editTemplate = async (
  ctx: TemplatesCtx,
  agent: ActivityAuthor,
  projectId: string,
  templateId: string,
  input: EditTemplateRequest,
): Promise<CreateTemplateResponse> => {
  const { partnerId } = agent;
  const project = await liveProjectOrFail(ctx, partnerId, projectId);
  const verdict = validateTemplate(input, { trustedMediaOrigins: [ctx.env.publicUrl] });
  if (!verdict.ok) throw badRequest(verdict.message, { [verdict.field]: verdict.message });
  const v = verdict.template;
  const { row, editId } = await claimEdit(ctx, partnerId, projectId, templateId, v);
  try {
    const handle = await sampleHandleOf(ctx, partnerId, v);
    const components = withSampleHandle(toComponents(v), handle);
    await ctx.metaTemplates.edit(row.providerTemplateId!, {
      ...(v.category !== row.category ? { category: v.category } : {}),
      components,
    });
  } catch (error) {
    if (editId) await forgetApprovedEdit(ctx.db, partnerId, editId);
    answerMetaFailure(error);
  }
  const now = ctx.now();
  const edited = {
    ...storedFromTemplate(v),
    status: row.status === 'REJECTED' ? 'PENDING' : 'APPROVED',
    rejectedReason: '',
    rejectionInfo: null,
    pauseInfo: null,
  };
  const values = { ...edited, updatedAt: now, submittedAt: now };
  // The entry keeps the fields the edit changed, as they were and as Meta now has them.
  const { before, after } = changedFields<Record<string, unknown>>(
    valuesOf(row, Object.keys(edited) as (keyof typeof edited)[]),
    edited,
  );
  await ctx.db.transaction(async (tx) => {
    await updateTemplate(tx, row, values);
    await recordPartnerChange(tx, agent, { action: 'template.edit', target: templateTarget(row), before, after });
  });
  return createAnswerOf(templateOf({ ...row, ...values }, project, now), m.templateEdited);
};
