import type { AuditAction, AuditTargetKind } from '@pc/contract';
import type { AdminViewer } from '../../platform/auth/viewer.js';
import type { DbOrTx } from '../../platform/db/open.js';
import { newId } from '../../platform/db/ids.js';
import { adminAuditLog } from '../../platform/db/schema.js';

/** Who did it: the signed-in super-admin (`adminOf(request)`). */
export type AuditAdmin = Pick<AdminViewer, 'adminId' | 'name'>;

export type AuditRecord = {
  action: AuditAction;
  targetKind: AuditTargetKind;
  targetId: string;
  partnerId?: string | null;
  /** The fields the action changed, as they were and as they are; secrets are never written here. */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  /** When it was done, if not now: the demo seed's past actions. */
  createdAt?: Date;
};

/**
 * Writes one audit row for a super-admin action, in the caller's transaction (pass the same `tx`
 * that makes the change): the change and its record commit or roll back together.
 */
export const recordAudit = async (db: DbOrTx, admin: AuditAdmin, r: AuditRecord) => {
  await db.insert(adminAuditLog).values({
    id: newId(),
    adminId: admin.adminId,
    adminName: admin.name,
    action: r.action,
    targetKind: r.targetKind,
    targetId: r.targetId,
    partnerId: r.partnerId ?? null,
    before: r.before ?? null,
    after: r.after ?? null,
    ...(r.createdAt ? { createdAt: r.createdAt } : {}),
  });
};
