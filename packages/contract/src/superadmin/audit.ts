import { z } from 'zod';

/**
 * The super-admin's audit log (issue 15): one row per action, written with the change. `action`
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
  'application-form.update',
] as const;
export const AuditAction = z.enum(auditActions);
export type AuditAction = z.infer<typeof AuditAction>;

export const AuditTargetKind = z.enum(['project', 'partner', 'ticket', 'catalogue', 'settings']);
export type AuditTargetKind = z.infer<typeof AuditTargetKind>;

export const AuditEntry = z.object({
  _id: z.string(),
  adminId: z.string(),
  adminName: z.string(),
  action: AuditAction,
  targetKind: AuditTargetKind,
  targetId: z.string(),
  partnerId: z.string().nullable(),
  partnerName: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;
