import type { z } from 'zod';
import type { AuditAction, AuditEntry, AuditLogRequest, AuditLogResponse, AuditTargetKind } from '@pc/contract';
import type { Deps } from '../../deps.js';
import { auditCount, auditPage, listPlatformAdmins } from './queries.js';

const DAY = 86_400_000;
const dateOnly = (text: string) => /^\d{4}-\d{2}-\d{2}$/.test(text);
/** A date-only end covers its whole day (UTC); an instant is inclusive. */
const endBefore = (text: string) => new Date(new Date(text).getTime() + (dateOnly(text) ? DAY : 1));

/** A page of the super-admin audit log with its total, for the filters given; both ends included. */
export const listAuditLog = async (deps: Deps, input: z.output<typeof AuditLogRequest>): Promise<AuditLogResponse> => {
  const filter = {
    action: input.action ?? undefined,
    partnerId: input.partnerId || undefined,
    adminId: input.adminId || undefined,
    from: input.fromDate ? new Date(input.fromDate) : undefined,
    toBefore: input.toDate ? endBefore(input.toDate) : undefined,
  };
  const [rows, total] = await Promise.all([
    auditPage(deps.db, filter, input.skip, input.rowsPerPage),
    auditCount(deps.db, filter),
  ]);
  return {
    entries: rows.map(({ entry, partnerName }): AuditEntry => ({
      _id: entry.id,
      adminId: entry.adminId,
      adminName: entry.adminName,
      action: entry.action as AuditAction,
      targetKind: entry.targetKind as AuditTargetKind,
      targetId: entry.targetId,
      partnerId: entry.partnerId,
      partnerName: partnerName ?? null,
      before: entry.before ?? null,
      after: entry.after ?? null,
      createdAt: entry.createdAt.toISOString(),
    })),
    total,
  };
};
export const listAdmins = async (deps: Deps) => ({ admins: await listPlatformAdmins(deps.db) });
