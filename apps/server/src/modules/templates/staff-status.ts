import { and, eq } from 'drizzle-orm';
import type { TicketTemplateStatus } from '@pc/contract';
import type { DbOrTx } from '../../platform/db/open.js';
import { templates } from '../../platform/db/schema.js';
import { findProjectTemplate, ofPartner } from './queries.js';
import { updateTemplate } from './sync-queries.js';

/**
 * A template as a support ticket about its status reads it: one of the partner's project's own, or
 * nothing (another partner's or project's id, or a deleted one, finds nothing).
 */
export const templateForTicket = async (db: DbOrTx, partnerId: string, projectId: string, templateId: string) => {
  const row = await findProjectTemplate(db, partnerId, projectId, templateId);
  if (!row || row.deletedAt) return null;
  return { id: row.id, name: row.name, language: row.language, status: row.status };
};

/**
 * The super-admin puts a template's status right from a ticket, in the console's store: Meta has
 * no call for it, so a later word of Meta's (its status webhook, a sync) still applies over it.
 * Leaving REJECTED clears Meta's rejection reason, which no longer describes the template. Runs in
 * the caller's transaction with the row locked; null when the template is gone or a draft.
 */
export const setTemplateStatusAsStaff = async (
  tx: DbOrTx,
  ref: { partnerId: string; projectId: string; templateId: string },
  status: TicketTemplateStatus,
  now: Date,
): Promise<{ name: string; before: string } | null> => {
  const [row] = await tx
    .select()
    .from(templates)
    .where(ofPartner(ref.partnerId, and(eq(templates.projectId, ref.projectId), eq(templates.id, ref.templateId))))
    .for('update');
  if (!row || row.deletedAt || row.status === 'DRAFT') return null;
  await updateTemplate(tx, row, {
    status,
    ...(status !== 'REJECTED' && { rejectedReason: '' }),
    updatedAt: now,
  });
  return { name: row.name, before: row.status };
};
