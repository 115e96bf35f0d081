import { sql } from 'drizzle-orm';
import { boolean, foreignKey, index, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, createdAt } from './columns.js';
import type { Authentication } from '@pc/contract';
import { partners } from './identity.js';
import { projects } from './projects.js';

export type StoredCallToAction = { type: string; buttonTitle: string; buttonValue: string; extension?: string };

/**
 * A project's message template (doc 2 section 3): a draft kept in the console, or a template
 * submitted to Meta and mirrored here with Meta's status. The body is kept alone (`body`) and as the
 * spec's `format`, the body with the buttons appended as ' | [..]' segments; phone buttons hold the
 * whole number (prefix and local part joined), as Meta takes it.
 */
export const templates = pgTable(
  'templates',
  {
    id: text('id').notNull(),
    partnerId: text('partner_id')
      .notNull()
      .references(() => partners.id),
    projectId: text('project_id').notNull(),
    name: text('name').notNull().default(''),
    label: text('label').notNull().default(''),
    category: text('category').notNull().default(''),
    type: text('type').notNull().default(''),
    language: text('language').notNull().default(''),
    body: text('body').notNull().default(''),
    format: text('format').notNull().default(''),
    sampleMessage: text('sample_message').notNull().default(''),
    headerText: text('header_text').notNull().default(''),
    footerText: text('footer_text').notNull().default(''),
    actionType: text('action_type').notNull().default('None'),
    callToAction: jsonb('call_to_action').$type<StoredCallToAction[]>().notNull().default([]),
    quickReplies: jsonb('quick_replies').$type<string[]>().notNull().default([]),
    isClickTrackingEnabled: boolean('is_click_tracking_enabled').notNull().default(false),
    sampleMediaUrl: text('sample_media_url').notNull().default(''),
    sampleCtaUrl: text('sample_cta_url').notNull().default(''),
    templateParams: jsonb('template_params').$type<string[]>().notNull().default([]),
    /** An AUTHENTICATION template's choices (one-time password button, expiry, security sentence). */
    authentication: jsonb('authentication').$type<Authentication>(),
    status: text('status').notNull(),
    rejectedReason: text('rejected_reason').notNull().default(''),
    /** Meta's id of the submitted template. */
    providerTemplateId: text('provider_template_id'),
    /** Set when Meta moved the approved template to another category. */
    previousCategory: text('previous_category'),
    categoryChangedAt: at('category_changed_at'),
    createdBy: text('created_by'),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    submittedAt: at('submitted_at'),
    /** Meta deleted it: its name cannot be used again for 30 days. */
    deletedAt: at('deleted_at'),
    /** What Meta says about it beyond its status (its template webhooks): */
    /** why it was rejected and what to change (`rejection_info`). */
    rejectionInfo: jsonb('rejection_info').$type<{ reason: string; recommendation: string }>(),
    /** the pause's kind and Meta's words (`other_info`: FIRST_PAUSE, SECOND_PAUSE, ...). */
    pauseInfo: jsonb('pause_info').$type<{ title: string; description: string }>(),
    /** when Meta disabled it (`disable_info.disable_date`). */
    disabledAt: at('disabled_at'),
    /** Meta flagged it: negative feedback, at risk of being paused or disabled. */
    flaggedAt: at('flagged_at'),
    /** Meta locked it: it cannot be edited. */
    lockedAt: at('locked_at'),
    /** GREEN, YELLOW, RED or UNKNOWN (`message_template_quality_update`). */
    qualityScore: text('quality_score'),
    /** Meta announced a move to this category at `upcomingCategoryAt` (`correct_category`). */
    upcomingCategory: text('upcoming_category'),
    upcomingCategoryAt: at('upcoming_category_at'),
  },
  (t) => [
    primaryKey({ name: 'templates_pkey', columns: [t.id, t.partnerId] }),
    foreignKey({
      name: 'templates_project_fk',
      columns: [t.projectId, t.partnerId],
      foreignColumns: [projects.id, projects.partnerId],
    }),
    index('templates_project_created_idx').on(t.partnerId, t.projectId, t.createdAt, t.id),
    index('templates_project_name_idx').on(t.partnerId, t.projectId, sql`lower(${t.name})`),
    index('templates_provider_idx').on(t.providerTemplateId),
    // The risk board's templates: paused, rejected or moved to another category, by partner.
    index('templates_risk_idx')
      .on(t.partnerId, t.updatedAt)
      .where(sql`${t.status} in ('PAUSED', 'REJECTED') or ${t.categoryChangedAt} is not null`),
    // Meta keeps one template of a name per language in an account; drafts and deleted ones aside.
    uniqueIndex('templates_live_name_uq')
      .on(t.projectId, t.name, t.language, t.partnerId)
      .where(sql`${t.status} <> 'DRAFT' and ${t.deletedAt} is null`),
  ],
);

/**
 * The sandbox Meta's own copy of each WhatsApp Business Account's templates: what Meta holds, which
 * the console learns by the status webhook and by sync. Not tenant data: it stands in for Meta.
 */
export const sandboxMetaTemplates = pgTable(
  'sandbox_meta_templates',
  {
    id: text('id').primaryKey(),
    wabaId: text('waba_id').notNull(),
    name: text('name').notNull(),
    language: text('language').notNull(),
    category: text('category').notNull(),
    components: jsonb('components').$type<unknown[]>().notNull(),
    status: text('status').notNull(),
    rejectedReason: text('rejected_reason').notNull().default('NONE'),
    previousCategory: text('previous_category'),
    /** When an approved template was edited: Meta allows 1 in 24 hours and 10 in 30 days. */
    approvedEdits: jsonb('approved_edits').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sandbox_meta_templates_name_uq').on(t.wabaId, t.name, t.language)],
);

/**
 * Each edit of an approved template sent to Meta, kept to count Meta's limits (1 in 24 hours, 10
 * in 30 days) before asking it: Meta does not publish the error it answers past them.
 */
export const templateEdits = pgTable(
  'template_edits',
  {
    id: text('id').notNull(),
    partnerId: text('partner_id').notNull(),
    templateId: text('template_id').notNull(),
    editedAt: at('edited_at').notNull(),
  },
  (t) => [
    primaryKey({ name: 'template_edits_pkey', columns: [t.id, t.partnerId] }),
    foreignKey({
      name: 'template_edits_template_fk',
      columns: [t.templateId, t.partnerId],
      foreignColumns: [templates.id, templates.partnerId],
    }),
    index('template_edits_template_idx').on(t.partnerId, t.templateId, t.editedAt),
  ],
);
