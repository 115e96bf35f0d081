import {
  storedFromTemplate,
  TemplateCategory,
  templateMessages,
  TemplateStatus,
  toComponents,
  validateTemplate,
  type CreateTemplateRequest,
  type CreateTemplateResponse,
  type NormalizedTemplate,
} from '@pc/contract';
import { newId } from '../../platform/db/ids.js';
import { uniqueViolationOf } from '../../platform/db/errors.js';
import { AppError, badRequest, notFound } from '../../platform/errors/app-error.js';
import type { TemplatesCtx } from './context.js';
import { liveProjectOrFail, wabaIdOf } from './project.js';
import {
  findProjectTemplate,
  insertTemplate,
  nameInUse,
  updateDraft,
  type NewTemplateRow,
  type TemplateRow,
} from './queries.js';
import { createAnswerOf, templateOf } from './template-row.js';
import { MetaApiError } from '../../providers/meta/graph-error.js';
import { recordPartnerChange, type ActivityAuthor } from '../activity/record.js';
import { templateSummary, templateTarget } from './activity.js';
import { sampleHandleOf, withSampleHandle } from './sample-handle.js';

/**
 * Meta's refusal as the dialog shows it: its user-facing title and message (else its technical
 * message) and the code to look up, e.g. "Floating Parameter - Dangled: Variables can't be at the
 * start or end of the template. (#2388299)"; the web offers its floating-parameter help on 'Floating'.
 */
export const metaRefusalMessage = (e: MetaApiError): string => {
  const said =
    e.userTitle && e.userMessage ? `${e.userTitle}: ${e.userMessage}` : e.userMessage || e.userTitle || e.message;
  const code = e.subcode ?? e.code;
  return code === undefined || said.includes(`(#${code})`) ? said : `${said} (#${code})`;
};

/**
 * A failed call to Meta's template API as the console answers it: Meta refusing (4xx) in Meta's
 * words; Meta's 5xx, a timeout or a lost connection as Meta failing, not refusing the template.
 */
export const answerMetaFailure = (error: unknown): never => {
  if (error instanceof AppError) throw error;
  if (error instanceof MetaApiError && error.httpStatus < 500) throw badRequest(metaRefusalMessage(error));
  throw new AppError('PROVIDER_UNAVAILABLE', 502, templateMessages.createFailed);
};

/** Sends the template to Meta; the console's answer to each way that can fail. */
const submitToMeta = async (ctx: TemplatesCtx, partnerId: string, wabaId: string, v: NormalizedTemplate) => {
  try {
    const handle = await sampleHandleOf(ctx, partnerId, v);
    return await ctx.metaTemplates.create({
      wabaId,
      name: v.name,
      language: v.language,
      category: v.category,
      components: withSampleHandle(toComponents(v), handle),
    });
  } catch (error) {
    return answerMetaFailure(error);
  }
};

/** The row of a template Meta accepted for review; Meta may already have put it in another category. */
const submittedRow = (
  v: NormalizedTemplate,
  created: { id: string; status: string; category: string },
  createdBy: string,
  now: Date,
): Omit<NewTemplateRow, 'id' | 'partnerId' | 'projectId'> => {
  const category = TemplateCategory.safeParse(created.category).data ?? v.category;
  const moved = category !== v.category;
  return {
    ...storedFromTemplate(v),
    category,
    previousCategory: moved ? v.category : null,
    categoryChangedAt: moved ? now : null,
    status: TemplateStatus.safeParse(created.status).data ?? 'PENDING',
    rejectedReason: '',
    providerTemplateId: created.id,
    createdBy,
    // A submitted draft is created now, as Meta sees it; its draft days are over.
    createdAt: now,
    updatedAt: now,
    submittedAt: now,
  };
};

/**
 * Writes the submitted template (the draft it came from becomes it, else a new row) and its entry
 * in the partner's activity log, together.
 */
const saveSubmitted = async (
  ctx: TemplatesCtx,
  author: ActivityAuthor,
  projectId: string,
  draftId: string | undefined,
  values: Omit<NewTemplateRow, 'id' | 'partnerId' | 'projectId'>,
): Promise<TemplateRow> => {
  const { partnerId } = author;
  try {
    return await ctx.db.transaction(async (tx) => {
      const fromDraft = draftId ? await updateDraft(tx, partnerId, projectId, draftId, values) : undefined;
      const row = fromDraft ?? (await insertTemplate(tx, { id: newId(), partnerId, projectId, ...values }));
      await recordPartnerChange(tx, author, {
        action: 'template.submit',
        target: templateTarget(row),
        before: fromDraft ? { status: 'DRAFT' } : null,
        after: templateSummary(row),
      });
      return row;
    });
  } catch (error) {
    // Two submissions of one name and language at once: the second loses here.
    if (uniqueViolationOf(error) !== null)
      throw badRequest(templateMessages.duplicateName, { name: templateMessages.duplicateName });
    throw error;
  }
};

/**
 * Creates a template and submits it to Meta for approval (doc 2 sections 4, 5.5 and 7.6): the 13
 * rules first, with nothing changed on a failure; then Meta, outside any transaction; then the
 * row, PENDING (or as Meta answered) with Meta's id, and the member's entry in the activity log.
 */
export const submitTemplate = async (
  ctx: TemplatesCtx,
  agent: ActivityAuthor,
  projectId: string,
  input: CreateTemplateRequest,
  message: string = templateMessages.submittedForApproval,
): Promise<CreateTemplateResponse> => {
  const { partnerId } = agent;
  const project = await liveProjectOrFail(ctx, partnerId, projectId);
  const verdict = validateTemplate(input, { trustedMediaOrigins: [ctx.env.publicUrl] });
  if (!verdict.ok) throw badRequest(verdict.message, { [verdict.field]: verdict.message });
  const v = verdict.template;
  if (input.draftId) {
    const draft = await findProjectTemplate(ctx.db, partnerId, projectId, input.draftId);
    if (draft?.status !== 'DRAFT') throw notFound(templateMessages.draftNotFound);
  }
  // Meta would refuse it too (2388024); asking it first would only cost a call.
  if (await nameInUse(ctx.db, partnerId, projectId, v.name, v.language))
    throw badRequest(templateMessages.duplicateName, { name: templateMessages.duplicateName });
  const created = await submitToMeta(ctx, partnerId, wabaIdOf(ctx, project), v);
  const now = ctx.now();
  const row = await saveSubmitted(ctx, agent, projectId, input.draftId, submittedRow(v, created, agent.agentId, now));
  return createAnswerOf(templateOf(row, project, now), message);
};
