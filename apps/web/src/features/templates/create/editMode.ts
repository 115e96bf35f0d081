import type { Template, TemplateStatus } from '@pc/contract';
import { templateTexts as t } from '../texts';

/**
 * Editing a template with Meta (PUT /project/{projectId}/wa_template/{templateId}), by Meta's
 * template management page: only approved, rejected or paused templates, never a locked one; the
 * name and language stay; an approved template keeps its category and is edited at most once in
 * 24 hours and 10 times in 30 days. The server refuses the rest with the contract's messages.
 */

export const editableStatuses: readonly TemplateStatus[] = ['APPROVED', 'REJECTED', 'PAUSED'];

/** Whether Edit is offered: an approved, rejected or paused template Meta has not locked. */
export const isEditable = (template: Pick<Template, 'status' | 'fromMeta'>) =>
  editableStatuses.includes(template.status) && !template.fromMeta.lockedAt;

/** The Basics fields an edit may not change, each with why (shown as its helper text). */
export type EditLocks = { name: string; language: string; category: string | null };

/** Name and language always; the category only while the template is approved. */
export const editLocksOf = (template: Pick<Template, 'status'>): EditLocks => ({
  name: t.nameFixed,
  language: t.languageFixed,
  category: template.status === 'APPROVED' ? t.categoryFixed : null,
});

/** The note above the form: Meta counts an approved template's edits. */
export const editNoteOf = (template: Pick<Template, 'status'>): string | null =>
  template.status === 'APPROVED' ? t.editLimitNote : null;
