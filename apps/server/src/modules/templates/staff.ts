import {
  superadminProjectTexts,
  TemplateCategory,
  templateFormOf,
  TemplateStatus,
  toComponents,
  validateTemplate,
  type MigrateTemplatesResponse,
  type StaffSyncTemplatesResponse,
} from '@pc/contract';
import type { Tx } from '../../platform/db/open.js';
import { AppError, conflict } from '../../platform/errors/app-error.js';
import { type ProviderTemplate } from '../../providers/meta/templates/templates.js';
import type { TemplatesCtx } from './context.js';
import { statusFromMeta } from './meta-word.js';
import { liveProjectOrFail, wabaIdOf } from './project.js';
import type { TemplateRow } from './queries.js';
import { metaRefusalMessage } from './submit.js';
import { markResubmitted, templatesInUse } from './staff-queries.js';
import { syncTemplates } from './sync.js';
import { MetaApiError } from '../../providers/meta/graph-error.js';

/**
 * What platform staff do to a project's templates from the super-admin project screen (doc 2
 * section 7.7): a sync run now, and a migration of the templates to the project's new account.
 * Each records its audit row, through `record`, in the transaction of its change.
 */

/**
 * Staff are not held by the partner's 5-minute cool-down, only by a sync of the project that is
 * still running: one started less than this long ago (the same stamp the partner's sync takes, so
 * it holds across server processes), or one this process is running now.
 */
export const STAFF_SYNC_GAP_MS = 30_000;
const running = new Set<string>();

const texts = superadminProjectTexts;

export type StaffRecord<R> = (tx: Tx, result: R) => Promise<void>;

export const staffSyncTemplates = async (
  ctx: TemplatesCtx,
  partnerId: string,
  projectId: string,
  record: StaffRecord<{ created: number; updated: number }>,
): Promise<StaffSyncTemplatesResponse> => {
  if (running.has(projectId)) throw conflict(texts.syncRunning);
  running.add(projectId);
  try {
    const { message, created, updated, lastSyncedAt } = await syncTemplates(ctx, partnerId, projectId, {
      cooldownMs: STAFF_SYNC_GAP_MS,
      onReconciled: record,
    });
    return { message, created, updated, lastSyncedAt };
  } catch (error) {
    // The partner's "try after few minutes" would mislead: staff wait only for the running sync.
    if (error instanceof AppError && error.httpStatus === 429) throw conflict(texts.syncRunning);
    throw error;
  } finally {
    running.delete(projectId);
  }
};

const nameKey = (t: { name: string; language: string }) => `${t.name}\u0000${t.language}`;

const migrateFailed = () => new AppError('PROVIDER_UNAVAILABLE', 502, texts.migrateFailed);

type Submitted = { row: TemplateRow; created: { id: string; status: string; category: string } };
type Refused = MigrateTemplatesResponse['refused'][number];

/**
 * Migrate all templates (ours; the spec names the call only): after the project's number moved to
 * another WhatsApp Business Account (e.g. v2 to v3), every template the console holds in use
 * (staff-queries IN_USE_STATUSES) that the account does not have is submitted to it again, in the
 * order they were made; each row then carries the new account's id and answer (PENDING: Meta
 * reviews it again). A template the provider refuses is reported and left as it was. If the
 * provider fails part-way, what was submitted is still written before the failure is answered.
 */
export const migrateTemplates = async (
  ctx: TemplatesCtx,
  partnerId: string,
  projectId: string,
  record: StaffRecord<{ submitted: string[]; refused: Refused[] }>,
): Promise<MigrateTemplatesResponse> => {
  const project = await liveProjectOrFail(ctx, partnerId, projectId);
  const wabaId = wabaIdOf(ctx, project);
  let held: ProviderTemplate[];
  try {
    held = await ctx.metaTemplates.list(wabaId);
  } catch {
    throw migrateFailed();
  }
  const heldKeys = new Set(held.filter((t) => statusFromMeta(t.status) !== 'DELETED').map(nameKey));
  const missing = (await templatesInUse(ctx.db, partnerId, project.id)).filter((r) => !heldKeys.has(nameKey(r)));

  const submitted: Submitted[] = [];
  const refused: Refused[] = [];
  let providerDown = false;
  for (const row of missing) {
    const verdict = validateTemplate(templateFormOf(row), { trustedMediaOrigins: [ctx.env.publicUrl] });
    if (!verdict.ok) {
      // Made outside the console against its rules (imported by a sync): nothing to rebuild it from.
      refused.push({ name: row.name, language: row.language, reason: verdict.message });
      continue;
    }
    try {
      const created = await ctx.metaTemplates.create({
        wabaId,
        name: row.name,
        language: row.language,
        category: verdict.template.category,
        components: toComponents(verdict.template),
      });
      submitted.push({ row, created });
    } catch (error) {
      if (error instanceof MetaApiError && error.httpStatus < 500) {
        refused.push({ name: row.name, language: row.language, reason: metaRefusalMessage(error) });
        continue;
      }
      providerDown = true;
      break;
    }
  }

  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    for (const { row, created } of submitted)
      await markResubmitted(tx, row, {
        providerTemplateId: created.id,
        status: TemplateStatus.safeParse(created.status).data ?? 'PENDING',
        category: TemplateCategory.safeParse(created.category).data ?? row.category,
        submittedAt: now,
        updatedAt: now,
      });
    await record(tx, { submitted: submitted.map(({ row }) => `${row.name} (${row.language})`), refused });
  });
  if (providerDown) throw migrateFailed();
  return { message: texts.migrated(submitted.length), submitted: submitted.length, refused };
};
