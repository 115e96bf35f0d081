import type { z } from 'zod';
import type { AnyAuditAction, AuditEntry, AuditLogRequest, AuditLogResponse } from '@pc/contract';
import type { Deps } from '../../deps.js';
import { auditCount, auditPage, listPlatformAdmins } from './queries.js';

const DAY = 86_400_000;
const dateOnly = (text: string) => /^\d{4}-\d{2}-\d{2}$/.test(text);
/** A date-only end covers its whole day (UTC); an instant is inclusive. */
const endBefore = (text: string) => new Date(new Date(text).getTime() + (dateOnly(text) ? DAY : 1));

/** A page of the super-admin audit log (the partners' teams' changes among it unless filtered out) with its total, for the filters given; both ends included. */
export const listAuditLog = async (deps: Deps, input: z.output<typeof AuditLogRequest>): Promise<AuditLogResponse> => {
  const filter = {
    actor: input.actor ?? undefined,
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
      actorKind: entry.actorKind,
      actorId: entry.actorId,
      actorName: entry.actorName,
      action: entry.action as AnyAuditAction,
      targetKind: entry.targetKind as AuditEntry['targetKind'],
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
