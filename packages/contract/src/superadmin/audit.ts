import { z } from 'zod';
import { ActivityAction, ActivityTargetKind } from '../activity.js';

/**
 * The super-admin's audit log: one row per action, written with the change. `action`
 * names what was done; the list filters by it, by partner, by admin and by date.
 */
export const auditActions = [
  // Partners as accounts
  'partner.create',
  'partner.update',
  'partner.flags',
  'partner.recharge',
  'partner.correction',
  'partner.partnership-refund',
  // The super-admin project screen
  'project.plan',
  'project.plan-renewal',
  'project.verification',
  'project.whatsapp-number',
  'project.app-name',
  'project.template-credit',
  'project.api-key',
  'project.reload-from-cache',
  'project.sync-templates',
  'project.migrate-templates',
  'project.status',
  'project.processed',
  'project.fields',
  // Support tickets
  'ticket.mark',
  'ticket.template-status',
  'ticket.fulfil',
  // Platform settings
  'catalogue.update',
  'rate-card.load',
  'rate-card.cancel',
  'application-form.update',
] as const;
export const AuditAction = z.enum(auditActions);
export type AuditAction = z.infer<typeof AuditAction>;

export const AuditTargetKind = z.enum(['project', 'partner', 'ticket', 'catalogue', 'settings']);
export type AuditTargetKind = z.infer<typeof AuditTargetKind>;

/**
 * The log shows the partners' teams' changes too (their activity logs): `actorKind` says whose, and
 * `actorId`/`actorName` are the super-admin's or the partner's member's.
 */
export const AuditActor = z.enum(['admin', 'member']);
export type AuditActor = z.infer<typeof AuditActor>;
export const AnyAuditAction = z.union([AuditAction, ActivityAction]);
export type AnyAuditAction = z.infer<typeof AnyAuditAction>;

export const AuditEntry = z.object({
  _id: z.string(),
  actorKind: AuditActor,
  actorId: z.string(),
  actorName: z.string(),
  action: AnyAuditAction,
  targetKind: z.union([AuditTargetKind, ActivityTargetKind]),
  targetId: z.string(),
  partnerId: z.string().nullable(),
  partnerName: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

const AuditDate = z.union([z.iso.date(), z.iso.datetime({ offset: true })], { error: 'Invalid date' });

/**
 * POST /superadmin/audit-log: a page of the log, newest first, filtered by action, partner, admin
 * and when it was written: from and to inclusive, each a day (UTC, whole) or an instant (the
 * console sends the user's own days as instants).
 */
export const AuditLogRequest = z
  .object({
    action: AnyAuditAction.nullish(),
    /** Only the super-admins' actions, or only the partners' teams' (an admin filter implies admins). */
    actor: AuditActor.nullish(),
    partnerId: z.string().max(100).nullish(),
    adminId: z.string().max(100).nullish(),
    fromDate: AuditDate.nullish(),
    toDate: AuditDate.nullish(),
    skip: z.number().int().min(0).max(1_000_000).default(0),
    rowsPerPage: z.number().int().min(1).max(100).default(15),
  })
  .refine((r) => !r.fromDate || !r.toDate || new Date(r.fromDate) <= new Date(r.toDate), {
    path: ['toDate'],
    message: 'The end date is before the start date.',
  });
export type AuditLogRequest = z.input<typeof AuditLogRequest>;
export const AuditLogResponse = z.object({ entries: z.array(AuditEntry), total: z.number().int() });
export type AuditLogResponse = z.infer<typeof AuditLogResponse>;

/** GET /superadmin/admins: the platform's staff, for the log's filter by admin. */
export const PlatformAdminsResponse = z.object({
  admins: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type PlatformAdminsResponse = z.infer<typeof PlatformAdminsResponse>;

/** The audit log page keeps its filters and page in the URL (pages from 1; empty: any). */
export const AuditLogUrl = z.object({
  action: z.union([AnyAuditAction, z.literal('')]).catch(''),
  actor: z.union([AuditActor, z.literal('')]).catch(''),
  partner: z.string().max(100).catch(''),
  admin: z.string().max(100).catch(''),
  from: z.union([z.iso.date(), z.literal('')]).catch(''),
  to: z.union([z.iso.date(), z.literal('')]).catch(''),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});
export type AuditLogUrl = z.infer<typeof AuditLogUrl>;
