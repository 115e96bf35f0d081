import { foreignKey, index, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { at, createdAt } from './columns.js';
import { partners } from './identity.js';
import { projects } from './projects.js';

/**
 * Every super-admin action: who, when, what, on which object, and the object's fields
 * before and after. Written in the transaction of the change it records, so there is no change
 * without its row and no row without its change.
 */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: text('id').primaryKey(),
    adminId: text('admin_id').notNull(),
    adminName: text('admin_name').notNull(),
    /** What was done, e.g. `project.status`, `partner.recharge` (contract `auditActions`). */
    action: text('action').notNull(),
    targetKind: text('target_kind', { enum: ['project', 'partner', 'ticket', 'catalogue', 'settings'] }).notNull(),
    targetId: text('target_id').notNull(),
    /** The partner the object belongs to, when it belongs to one (the filter by partner). */
    partnerId: text('partner_id'),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('admin_audit_log_created_idx').on(t.createdAt, t.id),
    index('admin_audit_log_partner_idx').on(t.partnerId, t.createdAt),
    index('admin_audit_log_action_idx').on(t.action, t.createdAt),
  ],
);

/**
 * A partner's support ticket about one of its projects (doc 1 section 4, the ticket stub): raised
 * PENDING, taken by a super-admin (IN_PROGRESS, assigned), then RESOLVED or REJECTED.
 */
export const supportTickets = pgTable(
  'support_tickets',
  {
    id: text('id').notNull(),
    partnerId: text('partner_id')
      .notNull()
      .references(() => partners.id),
    projectId: text('project_id').notNull(),
    kind: text('kind').notNull(),
    description: text('description').notNull().default(''),
    /** What the ticket asks for: e.g. `{ dailyTemplateLimit }` or `{ templateId, templateStatus }`. */
    request: jsonb('request').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status').notNull().default('PENDING'),
    raisedById: text('raised_by_id').notNull(),
    raisedByName: text('raised_by_name').notNull(),
    assignedToId: text('assigned_to_id'),
    assignedToName: text('assigned_to_name'),
    resolution: text('resolution'),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'support_tickets_pkey', columns: [t.id, t.partnerId] }),
    foreignKey({
      name: 'support_tickets_project_fk',
      columns: [t.projectId, t.partnerId],
      foreignColumns: [projects.id, projects.partnerId],
    }),
    index('support_tickets_status_idx').on(t.status, t.createdAt, t.id),
    index('support_tickets_partner_idx').on(t.partnerId, t.projectId, t.createdAt),
  ],
);

/**
 * A partner's activity log: one row per change a member of its team made, written in the same
 * transaction as the change (modules/activity/record.ts). The member's and the target's names are
 * kept as they were, so a renamed or removed member's entries still say who it was.
 */
export const partnerAuditLog = pgTable(
  'partner_audit_log',
  {
    id: text('id').notNull(),
    partnerId: text('partner_id')
      .notNull()
      .references(() => partners.id),
    memberId: text('member_id').notNull(),
    memberName: text('member_name').notNull(),
    /** What was done, e.g. `plan-family.update`, `credit.ad` (contract `activityActions`). */
    action: text('action').notNull(),
    targetKind: text('target_kind').notNull(),
    targetId: text('target_id').notNull(),
    targetName: text('target_name').notNull().default(''),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    /** The request's client address (the real client's behind a trusted proxy). */
    address: text('address').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'partner_audit_log_pkey', columns: [t.id, t.partnerId] }),
    index('partner_audit_log_created_idx').on(t.partnerId, t.createdAt, t.id),
    index('partner_audit_log_action_idx').on(t.partnerId, t.action, t.createdAt),
    index('partner_audit_log_member_idx').on(t.partnerId, t.memberId, t.createdAt),
  ],
);
