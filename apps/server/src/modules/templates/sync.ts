import {
  fillSample,
  fromComponents,
  storedFromTemplate,
  TEMPLATE_SYNC_COOLDOWN_MS,
  TemplateCategory,
  templateMessages,
  validateTemplate,
  withMetaTexts,
  type SyncTemplatesResponse,
} from '@pc/contract';
import { newId } from '../../platform/db/ids.js';
import type { Tx } from '../../platform/db/open.js';
import { AppError, tooManyRequests } from '../../platform/errors/app-error.js';
import type { ProviderTemplate } from '../../providers/meta/templates/templates.js';
import { recordPartnerChange, type ActivityAuthor } from '../activity/record.js';
import type { TemplatesCtx } from './context.js';
import { applyMetaWord, reasonFromMeta, statusFromMeta } from './meta-word.js';
import { storedAsGiven } from './stored-as-given.js';
import { liveProjectOrFail, wabaIdOf } from './project.js';
import type { NewTemplateRow, TemplateRow } from './queries.js';
import {
  claimTemplateSync,
  insertImported,
  lastTemplateSyncOf,
  lockSubmittedTemplates,
  releaseTemplateSync,
} from './sync-queries.js';

/**
 * Sync Templates (doc 2 sections 4, 5.5 and 8): the console's copy of the project's templates made
 * to match what Meta holds, at most once in 5 minutes per project. The cool-down is taken first in
 * one statement; Meta is asked outside any transaction; a failure gives the slot back so the user
 * may retry at once; then one transaction reconciles.
 */

/** The 429 with when to come back (Retry-After), from the stamp that holds the cool-down. */
const tooSoon = async (ctx: TemplatesCtx, partnerId: string, projectId: string, now: Date, cooldownMs: number) => {
  const last = await lastTemplateSyncOf(ctx.db, partnerId, projectId);
  const waitMs = last ? last.getTime() + cooldownMs - now.getTime() : cooldownMs;
  return tooManyRequests(templateMessages.syncTooSoon, Math.max(1, Math.ceil(waitMs / 1000)));
};

/** A template Meta holds that the console does not (made in Meta's tools, or lost): stored as the console stores one. */
const importedRow = (
  ctx: TemplatesCtx,
  partnerId: string,
  projectId: string,
  t: ProviderTemplate,
  now: Date,
): NewTemplateRow => {
  const input = fromComponents(t);
  const verdict = validateTemplate(input, { trustedMediaOrigins: [ctx.env.publicUrl] });
  const stored = verdict.ok ? storedFromTemplate(withMetaTexts(verdict.template, t.components)) : storedAsGiven(input);
  const previousCategory = TemplateCategory.safeParse(t.previousCategory).data ?? null;
  return {
    ...stored,
    id: newId(),
    partnerId,
    projectId,
    // Meta's own spelling: the name and language are the key Meta and the unique index know it by.
    name: t.name,
    language: t.language,
    category: t.category,
    status: statusFromMeta(t.status),
    rejectedReason: reasonFromMeta(t.rejectedReason),
    providerTemplateId: t.id,
    previousCategory,
    categoryChangedAt: previousCategory ? now : null,
    createdBy: null,
    createdAt: now,
    updatedAt: now,
  };
};

const nameKey = (t: { name: string; language: string }) => `${t.name}\u0000${t.language}`;

/**
 * An authentication template's text is Meta's, in the template's language: the list tells it,
 * where the console could only guess for languages Meta publishes no text for.
 */
const metaTextsOf = (row: TemplateRow, t: ProviderTemplate): Partial<NewTemplateRow> => {
  const body = t.components.find((c) => c.type === 'BODY')?.text;
  if (!row.authentication || !body) return {};
  const footerText = t.components.find((c) => c.type === 'FOOTER')?.text ?? '';
  if (body === row.body && footerText === row.footerText) return {};
  return {
    body,
    format: body + row.format.slice(row.body.length),
    sampleMessage: fillSample(body, row.templateParams),
    footerText,
  };
};

/** Sent to Meta before the list was asked for: a template submitted since may not be in it yet. */
const submittedBefore = (row: TemplateRow, askedAt: Date) =>
  (row.providerTemplateId !== null || row.submittedAt !== null) &&
  (row.submittedAt ?? row.createdAt).getTime() < askedAt.getTime() &&
  row.updatedAt.getTime() <= askedAt.getTime();

/**
 * One transaction: ours that Meta has (by Meta's id, else by name and language) take Meta's status,
 * reason and category; Meta's that we lack are imported; ours Meta no longer has are deleted. A
 * row changed after the list was asked for (a webhook meanwhile) is newer than the list and kept.
 */
const reconcile = (
  ctx: TemplatesCtx,
  partnerId: string,
  projectId: string,
  held: ProviderTemplate[],
  askedAt: Date,
  onReconciled?: (tx: Tx, result: { created: number; updated: number }) => Promise<void>,
) =>
  ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    const ours = await lockSubmittedTemplates(tx, partnerId, projectId);
    const heldIds = new Set(held.map((t) => t.id));
    const byId = new Map(ours.flatMap((r) => (r.providerTemplateId ? [[r.providerTemplateId, r] as const] : [])));
    // By name only those Meta knows under no id we have: one recreated under the same name is the new one.
    const byName = new Map(
      ours.filter((r) => !r.providerTemplateId || !heldIds.has(r.providerTemplateId)).map((r) => [nameKey(r), r]),
    );
    const matched = new Set<string>();
    const imports: NewTemplateRow[] = [];
    let updated = 0;
    for (const t of held) {
      const row = byId.get(t.id) ?? byName.get(nameKey(t));
      if (row && !matched.has(row.id)) {
        matched.add(row.id);
        if (row.updatedAt.getTime() > askedAt.getTime()) continue;
        const word = { source: 'list', status: t.status, reason: t.rejectedReason, category: t.category } as const;
        const extra = {
          ...(row.providerTemplateId === t.id ? {} : { providerTemplateId: t.id }),
          ...metaTextsOf(row, t),
        };
        if (await applyMetaWord(tx, row, word, now, extra)) updated += 1;
      } else if (statusFromMeta(t.status) !== 'DELETED') {
        imports.push(importedRow(ctx, partnerId, projectId, t, now));
      }
    }
    for (const row of ours)
      if (!matched.has(row.id) && submittedBefore(row, askedAt))
        if (await applyMetaWord(tx, row, { source: 'list', status: 'DELETED' }, now)) updated += 1;
    const result = { created: await insertImported(tx, imports), updated };
    await onReconciled?.(tx, result);
    return result;
  });

const syncFailed = () => new AppError('PROVIDER_UNAVAILABLE', 502, templateMessages.syncFailed);

/**
 * How a sync is run: the partner's waits the 5-minute cool-down; platform staff's (staff.ts) only a
 * shorter gap, and records what it did in the reconcile's transaction.
 */
export type SyncOptions = {
  cooldownMs?: number;
  onReconciled?: (
    tx: Tx,
    result: { created: number; updated: number },
    project: { id: string; name: string },
  ) => Promise<void>;
};

export const syncTemplates = async (
  ctx: TemplatesCtx,
  partnerId: string,
  projectId: string,
  opts: SyncOptions = {},
): Promise<SyncTemplatesResponse> => {
  const project = await liveProjectOrFail(ctx, partnerId, projectId);
  const wabaId = wabaIdOf(ctx, project);
  const now = ctx.now();
  const cooldownMs = opts.cooldownMs ?? TEMPLATE_SYNC_COOLDOWN_MS;
  const claim = await claimTemplateSync(ctx.db, partnerId, project.id, now, cooldownMs);
  if (!claim) throw await tooSoon(ctx, partnerId, project.id, now, cooldownMs);
  // Whatever fails from here, the slot goes back: nothing was synced, so the user may try again.
  const giveBack = () => releaseTemplateSync(ctx.db, partnerId, project.id, now, claim.previous);
  let held: ProviderTemplate[];
  try {
    held = await ctx.metaTemplates.list(wabaId);
  } catch {
    await giveBack();
    throw syncFailed();
  }
  try {
    const { onReconciled } = opts;
    const { created, updated } = await reconcile(
      ctx,
      partnerId,
      project.id,
      held,
      now,
      onReconciled && ((tx, result) => onReconciled(tx, result, project)),
    );
    return { message: templateMessages.syncSuccessful, lastSyncedAt: now.toISOString(), created, updated };
  } catch (error) {
    await giveBack();
    throw error;
  }
};

/**
 * A member's Sync Templates: the activity log gets what it changed, in the reconcile's transaction
 * (a sync that found nothing new is still the member's, and took the project's cool-down).
 */
export const syncTemplatesBy = (ctx: TemplatesCtx, author: ActivityAuthor, projectId: string) =>
  syncTemplates(ctx, author.partnerId, projectId, {
    onReconciled: (tx, result, project) =>
      recordPartnerChange(tx, author, {
        action: 'template.sync',
        target: { kind: 'project', id: project.id, name: project.name },
        before: null,
        after: result,
      }),
  });
