import { eq } from 'drizzle-orm';
import type { DbOrTx, Db } from '../../../platform/db/open.js';
import { sandboxMetaTemplates } from '../../../platform/db/schema.js';
import { metaRefusal } from './checks.js';
import { inMetaCase, readBackOf } from './read-back.js';
import { invalid } from './refusals.js';
import { reviewOutcome } from './review.js';
import { invalidHandle, isSandboxHandle } from './sample-upload.js';
import type { TemplateEdit } from './templates.js';
import { componentsUpdatePayload, statusUpdatePayload } from './webhook-payloads.js';
import { MetaApiError } from '../graph-error.js';

/**
 * The sandbox's `POST /{template-id}`, by Meta's template management page (research §3.1):
 * "Only templates with an APPROVED, REJECTED, or PAUSED status can be edited"; "all components will
 * be replaced"; "You cannot edit the category of an approved template"; "Approved templates can be
 * edited up to 10 times in a 30 day window, or 1 time in a 24 hour window"; "After editing an
 * approved or paused template, it will automatically be approved unless it fails template review."
 * A rejected one goes through review again. Meta then sends message_template_components_update
 * ("A template is edited."). Meta publishes no error for the refusals: they are code 100 with our
 * detail.
 */

const DAY_MS = 86_400_000;
const editable = ['APPROVED', 'REJECTED', 'PAUSED'];

/** Graph's answer for an id it does not know (code 100, subcode 33). */
const unknownObject = (id: string) =>
  new MetaApiError(
    400,
    100,
    33,
    `Unsupported post request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
  );

/** Approved edits in the windows Meta counts, this one included. */
const overLimit = (edits: readonly string[], now: Date) => {
  const since = (ms: number) => edits.filter((at) => Date.parse(at) > now.getTime() - ms).length;
  return since(DAY_MS) >= 1 || since(30 * DAY_MS) >= 10;
};

export type SandboxEditDeps = {
  db: Db;
  now: () => Date;
  appSecret: string;
  reviewDelayMs: number;
  enqueueReview: (tx: DbOrTx, templateId: string, runAt: Date) => Promise<unknown>;
  enqueueWebhook: (tx: DbOrTx, body: string, runAt: Date) => Promise<unknown>;
};

export const editSandboxTemplate = async (deps: SandboxEditDeps, templateId: string, edit: TemplateEdit) => {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(sandboxMetaTemplates)
      .where(eq(sandboxMetaTemplates.id, templateId))
      .for('update');
    if (!row || row.status === 'DELETED') throw unknownObject(templateId);
    if (!editable.includes(row.status))
      throw invalid(`A template in status ${row.status} cannot be edited: only APPROVED, REJECTED or PAUSED ones.`);
    const category = (edit.category ?? row.category).toUpperCase();
    const approved = row.status === 'APPROVED';
    if (approved && category !== row.category) throw invalid('The category of an approved template cannot be edited.');
    if (approved && overLimit(row.approvedEdits, now))
      throw invalid('An approved template can be edited once in 24 hours and 10 times in 30 days.');
    const t = inMetaCase({
      wabaId: row.wabaId,
      name: row.name,
      language: row.language,
      category,
      components: edit.components,
    });
    const refusal = metaRefusal(t);
    if (refusal) throw refusal;
    const handles = t.components.flatMap((c) =>
      c.type === 'HEADER' && c.format !== 'TEXT' && c.format !== 'LOCATION' ? (c.example?.header_handle ?? []) : [],
    );
    if (handles.some((h) => !isSandboxHandle(deps.appSecret, h))) throw invalidHandle();

    const components = readBackOf(t);
    // A rejected template is reviewed again; an approved or paused one is approved unless it fails review.
    const outcome = row.status === 'REJECTED' ? null : reviewOutcome({ category, components });
    const status = outcome?.status ?? 'PENDING';
    await tx
      .update(sandboxMetaTemplates)
      .set({
        category,
        components,
        status,
        rejectedReason: outcome?.reason ?? 'NONE',
        approvedEdits: approved ? [...row.approvedEdits, now.toISOString()] : row.approvedEdits,
        updatedAt: now,
      })
      .where(eq(sandboxMetaTemplates.id, row.id));
    const ref = { wabaId: row.wabaId, id: row.id, name: row.name, language: row.language };
    await deps.enqueueWebhook(tx, JSON.stringify(componentsUpdatePayload({ ...ref, components }, now)), now);
    if (!outcome) await deps.enqueueReview(tx, row.id, new Date(now.getTime() + deps.reviewDelayMs));
    else if (outcome.status !== row.status)
      await deps.enqueueWebhook(
        tx,
        JSON.stringify(
          statusUpdatePayload(
            {
              ...ref,
              event: outcome.status,
              reason: outcome.reason,
              category,
              rejectionInfo: outcome.status === 'REJECTED' ? outcome.rejectionInfo : undefined,
            },
            now,
          ),
        ),
        now,
      );
  });
};
