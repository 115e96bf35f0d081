import { asc, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/open.js';
import { templates } from '../../platform/db/schema.js';
import { ofPartner, type TemplateRow } from './queries.js';

/**
 * The statuses of a template the account was using: submitted and not refused, removed or
 * retired. A migration submits these again; rejected, disabled, archived and deleted ones stay as
 * they are (the provider would refuse the same content again, or the partner retired it).
 */
export const IN_USE_STATUSES = ['PENDING', 'APPROVED', 'PAUSED', 'IN_APPEAL'] as const;

/** The project's templates in use, oldest first (they are submitted again in the order they were made). */
export const templatesInUse = (db: DbOrTx, partnerId: string, projectId: string): Promise<TemplateRow[]> =>
  db
    .select()
    .from(templates)
    .where(
      ofPartner(
        partnerId,
        eq(templates.projectId, projectId),
        inArray(templates.status, [...IN_USE_STATUSES]),
        isNull(templates.deletedAt),
      ),
    )
    .orderBy(asc(templates.createdAt), asc(templates.id));

/** A template submitted again: Meta's id of it in the new account, and Meta's answer. */
export const markResubmitted = (
  tx: DbOrTx,
  row: Pick<TemplateRow, 'id' | 'partnerId'>,
  values: Pick<TemplateRow, 'providerTemplateId' | 'status' | 'category' | 'submittedAt' | 'updatedAt'>,
) =>
  tx
    .update(templates)
    .set({ ...values, rejectedReason: '' })
    .where(ofPartner(row.partnerId, eq(templates.id, row.id)));
