import {
  TemplateActionType,
  TemplateCategory,
  TemplateQualityScore,
  TemplateStatus,
  TemplateType,
  type CreateTemplateResponse,
  type Template,
} from '@pc/contract';
import { categoryPrice, mainCountryOf } from './prices.js';
import type { TemplateRow, TemplatesProject } from './queries.js';

const categoryOf = (v: string | null) => TemplateCategory.safeParse(v).data ?? null;

/**
 * A Meta status the contract does not know yet (Meta adds some now and then) reads as PENDING, the
 * state of "with Meta, not usable": the row keeps Meta's word and the next sync may tell more.
 */
const statusOf = (v: string) => TemplateStatus.safeParse(v).data ?? 'PENDING';

const priceChange = (
  project: TemplatesProject,
  from: TemplateCategory,
  to: TemplateCategory,
  now: Date,
): Template['categoryChange'] => {
  const [before, after] = [categoryPrice(project, from, now), categoryPrice(project, to, now)];
  if (before === null || after === null) return null;
  return { from: before, to: after, currency: project.currency, country: mainCountryOf(project) };
};

/** The price per conversation before and after Meta moved the template to another category. */
const categoryChangeOf = (row: TemplateRow, project: TemplatesProject, now: Date): Template['categoryChange'] => {
  const from = categoryOf(row.previousCategory);
  const to = categoryOf(row.category);
  if (!from || !to || from === to) return null;
  return priceChange(project, from, to, now);
};

/** A category move Meta announced and has not made yet (its date may pass before the move arrives). */
const upcomingCategoryOf = (row: TemplateRow, project: TemplatesProject, now: Date) => {
  const to = categoryOf(row.upcomingCategory);
  const from = categoryOf(row.category);
  if (!to || !from || to === from || !row.upcomingCategoryAt) return null;
  return { category: to, at: row.upcomingCategoryAt.toISOString(), price: priceChange(project, from, to, now) };
};

const fromMetaOf = (row: TemplateRow, project: TemplatesProject, now: Date): Template['fromMeta'] => ({
  rejection: row.rejectionInfo ?? null,
  pause: row.pauseInfo ?? null,
  disabledAt: row.disabledAt?.toISOString() ?? null,
  flaggedAt: row.flaggedAt?.toISOString() ?? null,
  lockedAt: row.lockedAt?.toISOString() ?? null,
  qualityScore: TemplateQualityScore.safeParse(row.qualityScore).data ?? null,
  upcomingCategory: upcomingCategoryOf(row, project, now),
});

/** A stored template as the list, the detail and the dialog read it (doc 2 section 3). */
export const templateOf = (row: TemplateRow, project: TemplatesProject, now: Date): Template => ({
  _id: row.id,
  assistantId: row.projectId,
  assistantName: project.name,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  name: row.name,
  label: row.label,
  status: statusOf(row.status),
  rejectedReason: row.rejectedReason,
  category: categoryOf(row.category) ?? '',
  type: TemplateType.safeParse(row.type).data ?? '',
  language: row.language,
  format: row.format,
  body: row.body,
  sampleMessage: row.sampleMessage,
  headerText: row.headerText,
  footerText: row.footerText,
  actionType: TemplateActionType.safeParse(row.actionType).data ?? 'None',
  callToAction: row.callToAction,
  quickReplies: row.quickReplies,
  isClickTrackingEnabled: row.isClickTrackingEnabled,
  sampleMediaUrl: row.sampleMediaUrl,
  sampleCTAUrl: row.sampleCtaUrl,
  templateParams: row.templateParams,
  authentication: row.authentication ?? null,
  previousCategory: categoryOf(row.previousCategory),
  categoryChangedAt: row.categoryChangedAt?.toISOString() ?? null,
  categoryChange: categoryChangeOf(row, project, now),
  fromMeta: fromMetaOf(row, project, now),
});

/** The create answer: the template with the id and project name under the spec's other names (doc 2 section 7.6). */
export const createAnswerOf = (template: Template, message: string): CreateTemplateResponse => ({
  ...template,
  id: template._id,
  assistant_name: template.assistantName,
  message,
});
