import {
  formatWithButtons,
  OtpType,
  TemplateActionType,
  TemplateCategory,
  templateMessages,
  TemplateType,
  type Authentication,
  type SaveTemplateDraftRequest,
  type Template,
} from '@pc/contract';
import type { DbOrTx } from '../../platform/db/open.js';
import { newId } from '../../platform/db/ids.js';
import { badRequest, notFound } from '../../platform/errors/app-error.js';
import type { StoredCallToAction } from '../../platform/db/schema/templates.js';
import type { TemplatesCtx } from './context.js';
import { projectToActOn } from './project.js';
import { deleteDraft, findProjectTemplate, insertTemplate, updateDraft, type NewTemplateRow } from './queries.js';
import { templateOf } from './template-row.js';
import { recordPartnerChange, type ActivityAuthor } from '../activity/record.js';
import { changedFields } from '../audit/changed.js';
import { templateSummary, templateTarget, valuesOf } from './activity.js';

/**
 * A draft is the dialog as it was left (nothing judged until it is submitted): each save replaces
 * the whole draft, a field not sent being empty. Only the choice lists are kept to their values,
 * since the dialog could not show another.
 */
/** A draft's authentication choices as typed; the button kind, a choice list, kept to its values. */
const draftAuthentication = (a: NonNullable<SaveTemplateDraftRequest['authentication']>): Authentication => ({
  addSecurityRecommendation: a.addSecurityRecommendation ?? false,
  codeExpirationMinutes: a.codeExpirationMinutes ?? null,
  otpType: OtpType.safeParse(a.otpType).data ?? 'COPY_CODE',
  buttonText: a.buttonText ?? '',
  autofillText: a.autofillText ?? '',
  supportedApps: a.supportedApps ?? [],
  zeroTapTermsAccepted: a.zeroTapTermsAccepted ?? false,
});

const draftValues = (body: SaveTemplateDraftRequest, now: Date) => {
  const text = body.text ?? '';
  const actionType = TemplateActionType.safeParse(body.message_action_type).data ?? 'None';
  const callToAction = (body.call_to_action ?? []).map((b): StoredCallToAction => ({
    type: b.type,
    buttonTitle: b.buttonTitle,
    buttonValue: b.buttonValue,
    ...(b.extension !== undefined ? { extension: b.extension } : {}),
  }));
  const quickReplies = body.quick_replies ?? [];
  return {
    name: body.name ?? '',
    label: body.label ?? '',
    category: TemplateCategory.safeParse(body.category).data ?? '',
    type: TemplateType.safeParse(body.type).data ?? '',
    language: body.language ?? '',
    body: text,
    format: formatWithButtons({ text, actionType, callToAction, quickReplies }),
    sampleMessage: body.sample_text ?? '',
    headerText: body.headerText ?? '',
    footerText: body.footerText ?? '',
    actionType,
    callToAction,
    quickReplies,
    isClickTrackingEnabled: body.isClickTrackingEnabled ?? false,
    sampleMediaUrl: body.sampleMediaUrl ?? '',
    sampleCtaUrl: body.sampleCTAUrl ?? '',
    templateParams: body.templateParams ?? [],
    authentication: body.authentication ? draftAuthentication(body.authentication) : null,
    updatedAt: now,
  } satisfies Partial<NewTemplateRow>;
};

/** The project's draft by id: 404 when it is not the partner's, 400 when it was submitted already. */
const draftOrFail = async (db: DbOrTx, partnerId: string, projectId: string, draftId: string) => {
  const found = await findProjectTemplate(db, partnerId, projectId, draftId);
  if (!found) throw notFound(templateMessages.draftNotFound);
  if (found.status !== 'DRAFT') throw badRequest(templateMessages.notADraft);
  return found;
};

/**
 * Save to Draft (ours, from the Discard Template confirmation): a new draft, or the same one again.
 * The activity log gets the new draft, or the fields a save changed (none: no entry).
 */
export const saveDraft = async (
  ctx: TemplatesCtx,
  agent: ActivityAuthor,
  projectId: string,
  body: SaveTemplateDraftRequest,
): Promise<Template> => {
  const { partnerId } = agent;
  const project = await projectToActOn(ctx, partnerId, projectId);
  const now = ctx.now();
  const values = draftValues(body, now);
  const row = await ctx.db.transaction(async (tx) => {
    if (!body.draftId) {
      const created = await insertTemplate(tx, {
        id: newId(),
        partnerId,
        projectId,
        status: 'DRAFT',
        createdBy: agent.agentId,
        createdAt: now,
        ...values,
      });
      await recordPartnerChange(tx, agent, {
        action: 'template.draft',
        target: templateTarget(created),
        before: null,
        after: templateSummary(created),
      });
      return created;
    }
    const draft = await draftOrFail(tx, partnerId, projectId, body.draftId);
    const saved = await updateDraft(tx, partnerId, projectId, body.draftId, values);
    // Submitted (or deleted) between the look and the change.
    if (!saved) throw badRequest(templateMessages.notADraft);
    const { updatedAt: _at, ...typed } = values;
    const { keys, before, after } = changedFields<Record<string, unknown>>(
      valuesOf(draft, Object.keys(typed) as (keyof typeof typed)[]),
      typed,
    );
    if (keys.length > 0)
      await recordPartnerChange(tx, agent, { action: 'template.draft', target: templateTarget(saved), before, after });
    return saved;
  });
  return templateOf(row, project, now);
};

export const discardDraft = async (ctx: TemplatesCtx, agent: ActivityAuthor, projectId: string, draftId: string) => {
  const { partnerId } = agent;
  await projectToActOn(ctx, partnerId, projectId);
  await ctx.db.transaction(async (tx) => {
    const draft = await draftOrFail(tx, partnerId, projectId, draftId);
    if (!(await deleteDraft(tx, partnerId, projectId, draftId))) throw badRequest(templateMessages.notADraft);
    await recordPartnerChange(tx, agent, {
      action: 'template.draft-delete',
      target: templateTarget(draft),
      before: templateSummary(draft),
      after: null,
    });
  });
  return { message: templateMessages.draftDeleted };
};
