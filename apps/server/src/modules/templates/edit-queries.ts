import { and, eq, gt } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/open.js';
import { templateEdits, templates } from '../../platform/db/schema.js';
import { ofPartner, type TemplateRow } from './queries.js';

/** The project's template, locked for an edit (one edit at a time counts against Meta's limits). */
export const lockProjectTemplate = async (
  tx: DbOrTx,
  partnerId: string,
  projectId: string,
  templateId: string,
): Promise<TemplateRow | undefined> =>
  (
    await tx
      .select()
      .from(templates)
      .where(ofPartner(partnerId, eq(templates.projectId, projectId), eq(templates.id, templateId)))
      .for('update')
  )[0];

/** When the template's approved edits since `since` were made, oldest first. */
export const approvedEditsSince = async (tx: DbOrTx, partnerId: string, templateId: string, since: Date) =>
  (
    await tx
      .select({ at: templateEdits.editedAt })
      .from(templateEdits)
      .where(
        and(
          eq(templateEdits.partnerId, partnerId),
          eq(templateEdits.templateId, templateId),
          gt(templateEdits.editedAt, since),
        ),
      )
      .orderBy(templateEdits.editedAt)
  ).map((r) => r.at);

export const recordApprovedEdit = (tx: DbOrTx, row: { id: string; partnerId: string; templateId: string; at: Date }) =>
  tx
    .insert(templateEdits)
    .values({ id: row.id, partnerId: row.partnerId, templateId: row.templateId, editedAt: row.at });

/** An edit Meta did not take gives its place back. */
export const forgetApprovedEdit = (tx: DbOrTx, partnerId: string, id: string) =>
  tx.delete(templateEdits).where(and(eq(templateEdits.partnerId, partnerId), eq(templateEdits.id, id)));
