import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { formatMoney, TemplateCategory, templateLanguageName, type Template } from '@pc/contract';
import type { DbOrTx } from '../../platform/db/open.js';
import type { JobHandlers } from '../../platform/jobs/runner.js';
import { isAccountField } from '../../providers/meta/accounts/words.js';
import { inboundMessagesOf, USER_PREFERENCES_FIELD, userPreferencesOf } from '../../providers/meta/messages/inbound.js';
import { MESSAGES_FIELD, statusReportsOf } from '../../providers/meta/messages/statuses.js';
import type { TemplatesCtx } from './context.js';
import { findProject, findTemplate, type NewTemplateRow, type TemplateRow, type TemplatesProject } from './queries.js';
import {
  enqueueRecategorisedMail,
  lockTemplateOfProvider,
  RECATEGORISED_MAIL_JOB,
  updateTemplate,
} from './sync-queries.js';
import { templateOf } from './template-row.js';
import { ownerOf } from '../partners/owner.js';

/**
 * What Meta says about a template (its status webhook, its category webhook, or its list read by a
 * sync) applied to the console's row. Applying the same word twice changes nothing more, so Meta's
 * retried deliveries are harmless.
 */

/** Meta's statuses as the console keeps them: its word, but the events that mean "approved again" or "going away". */
export const statusFromMeta = (status: string): string => {
  const s = status.trim().toUpperCase();
  // FLAGGED warns of falling quality on an approved template, which can still be sent; REINSTATED undoes a pause.
  if (s === 'FLAGGED' || s === 'REINSTATED') return 'APPROVED';
  if (s === 'PENDING_DELETION') return 'DELETED';
  return s;
};

/** Meta writes NONE when there is no reason; the console's column is empty then ('Unmarked'). */
export const reasonFromMeta = (reason: string | null | undefined): string =>
  !reason || reason.trim().toUpperCase() === 'NONE' ? '' : reason.trim();

export type MetaWord = {
  /** list: Meta's current state (a sync); status: a status webhook; category: a category webhook. */
  source: 'list' | 'status' | 'category';
  status?: string;
  reason?: string | null;
  category?: string;
  /** The category webhook's previous_category. */
  previousCategory?: string | null;
};

export type TemplateChange = { values: Partial<NewTemplateRow>; recategorisedTo: TemplateCategory | null };

const categoryOf = (v: unknown) => TemplateCategory.safeParse(v).data;

/** The category part of Meta's word: a move (previous category kept, the partner told) or a plain update. */
const categoryChange = (row: TemplateRow, word: MetaWord, status: string, now: Date): TemplateChange => {
  const to = categoryOf(word.category);
  const none: TemplateChange = { values: {}, recategorisedTo: null };
  if (!to || to === row.category) return none;
  // A status webhook names the category the template was approved in; Meta's move may have been
  // delivered before it (deliveries come in no set order): the move stands.
  if (word.source === 'status' && to === row.previousCategory) return none;
  const from = categoryOf(word.previousCategory) ?? categoryOf(row.category);
  const moved = from !== undefined && (word.source === 'category' || status === 'APPROVED');
  if (!moved) return { values: { category: to }, recategorisedTo: null };
  return { values: { category: to, previousCategory: from, categoryChangedAt: now }, recategorisedTo: to };
};

/** What the row becomes by Meta's word; null when it already is so. */
export const changeOf = (row: TemplateRow, word: MetaWord, now: Date): TemplateChange | null => {
  const values: Partial<NewTemplateRow> = {};
  const status = word.status === undefined ? row.status : statusFromMeta(word.status);
  if (status !== row.status && status !== '') values.status = status;
  if (status === 'DELETED' && !row.deletedAt) values.deletedAt = now;
  if (word.reason !== undefined) {
    const reason = reasonFromMeta(word.reason);
    if (reason !== row.rejectedReason) values.rejectedReason = reason;
  }
  const category = categoryChange(row, word, status, now);
  Object.assign(values, category.values);
  if (Object.keys(values).length === 0) return null;
  return { values: { ...values, updatedAt: now }, recategorisedTo: category.recategorisedTo };
};

/**
 * Applies Meta's word to a locked row in the caller's transaction, with the partner's mail about a
 * re-categorisation enqueued in it (ARCHITECTURE rule 13). Answers whether the row changed.
 */
export const applyMetaWord = async (
  tx: DbOrTx,
  row: TemplateRow,
  word: MetaWord,
  now: Date,
  extra: Partial<NewTemplateRow> = {},
): Promise<boolean> => {
  const change = changeOf(row, word, now);
  const changedExtra = Object.entries(extra).some(([k, v]) => row[k as keyof TemplateRow] !== v);
  if (!change && !changedExtra) return false;
  await updateTemplate(tx, row, { ...extra, ...change?.values, updatedAt: now });
  if (change?.recategorisedTo) await enqueueRecategorisedMail(tx, row, change.recategorisedTo, now);
  return true;
};

// ---- The webhook body (Meta's WhatsApp Business Account webhooks) ----

/**
 * The envelope. Loose on purpose: a body refused here is retried by Meta for days. The entry's id is
 * the WhatsApp Business Account (the partner's business for PARTNER_* events) and its time when it
 * happened, in seconds. Two of Meta's own reference examples put `field` in the value or the entry
 * rather than the change; those places are read too.
 */
const EntryId = z.union([z.string().max(100), z.number().int().nonnegative()]).transform(String);
export const MetaWebhookBody = z.object({
  object: z.string().max(200),
  entry: z.array(
    z.object({
      id: EntryId.optional(),
      time: z.number().optional(),
      field: z.string().max(200).optional(),
      changes: z.array(z.object({ field: z.string().max(200).optional(), value: z.unknown() })).default([]),
    }),
  ),
});
export type MetaWebhookBody = z.infer<typeof MetaWebhookBody>;

/**
 * Meta's template id, a JSON number in the webhook. One beyond 2^53 has lost digits in JSON.parse
 * and is ignored rather than matched to the wrong template: the next sync catches up.
 */
const TemplateRef = z
  .union([z.string().regex(/^\d{1,30}$/), z.number().int().nonnegative().refine(Number.isSafeInteger)])
  .transform(String);
const StatusUpdate = z.object({
  event: z.string().min(1).max(100),
  message_template_id: TemplateRef,
  reason: z.string().max(2000).nullish(),
  message_template_category: z.string().max(100).optional(),
});
const CategoryUpdate = z.object({
  message_template_id: TemplateRef,
  new_category: z.string().max(100),
  previous_category: z.string().max(100).nullish(),
});

/** A change of the body as Meta's word on one template; null for fields and shapes the console does not use. */
export const wordOfChange = (field: string, value: unknown): { providerTemplateId: string; word: MetaWord } | null => {
  if (field === 'message_template_status_update') {
    const v = StatusUpdate.safeParse(value).data;
    return v
      ? {
          providerTemplateId: v.message_template_id,
          word: {
            source: 'status',
            status: v.event,
            reason: v.reason ?? 'NONE',
            category: v.message_template_category,
          },
        }
      : null;
  }
  if (field === 'template_category_update') {
    const v = CategoryUpdate.safeParse(value).data;
    return v
      ? {
          providerTemplateId: v.message_template_id,
          word: { source: 'category', category: v.new_category, previousCategory: v.previous_category ?? null },
        }
      : null;
  }
  return null;
};

const fieldInValue = (value: unknown): string | undefined => {
  const field = (value as { field?: unknown } | null)?.field;
  return typeof field === 'string' ? field : undefined;
};

/**
 * A verified delivery: each template change in its own short transaction (one row locked at a
 * time, so it cannot deadlock with a sync's reconcile); the statuses of sent messages recorded as
 * the platform's message events (charging, analytics, webhooks) in batches of a thousand, a repeat
 * changing nothing, after the users' messages that open service windows; users' marketing
 * opt-outs recorded; an
 * account or number event kept and applied to its projects (modules/account-events). Unknown
 * templates, messages and fields are ignored. Answers how many templates changed.
 */
export const receiveMetaWebhook = async (ctx: TemplatesCtx, body: MetaWebhookBody): Promise<number> => {
  let changed = 0;
  for (const entry of body.entry)
    for (const change of entry.changes) {
      const field = change.field ?? fieldInValue(change.value) ?? entry.field ?? '';
      if (field === MESSAGES_FIELD) {
        // Users' messages first: the windows they open price the business's messages.
        await ctx.reportInbound(inboundMessagesOf(change.value));
        await ctx.reportStatuses(statusReportsOf(change.value));
        continue;
      }
      if (field === USER_PREFERENCES_FIELD) {
        await ctx.reportPreferences(userPreferencesOf(change.value));
        continue;
      }
      if (isAccountField(field)) {
        await ctx.receiveAccount({ entryId: entry.id ?? '', time: entry.time, field, value: change.value });
        continue;
      }
      const said = wordOfChange(field, change.value);
      if (!said) continue;
      const applied = await ctx.db.transaction(async (tx) => {
        const row = await lockTemplateOfProvider(tx, said.providerTemplateId);
        return row ? applyMetaWord(tx, row, said.word, ctx.now()) : false;
      });
      if (applied) changed += 1;
    }
  return changed;
};

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Meta's subscription handshake: the configured verify token, compared in constant time; unset lets nothing in. */
export const verifyTokenMatches = (configured: string | undefined, given: string): boolean =>
  !!configured && timingSafeEqual(digest(configured), digest(given));

// ---- Telling the partner ----

const MailJob = z.object({ partnerId: z.string(), templateId: z.string(), category: TemplateCategory });

/** The owner's mail: which template Meta moved, and what a conversation it opens costs now. */
export const recategorisedMail = (
  owner: { name: string; email: string },
  t: Pick<TemplateRow, 'name' | 'language' | 'projectId'>,
  project: Pick<TemplatesProject, 'name'>,
  move: { from: string; to: string },
  price: Template['categoryChange'],
  publicUrl: string,
) => ({
  to: owner.email,
  subject: `Meta moved your template ${t.name} to ${move.to}`,
  text: [
    `Hello ${owner.name},`,
    '',
    `Meta has moved the template "${t.name}" (${templateLanguageName(t.language)}) of the project ${project.name} from ${move.from} to ${move.to}.`,
    price
      ? `A conversation it opens in ${price.country} is now charged as ${move.to}: ${formatMoney(price.to, price.currency)} instead of ${formatMoney(price.from, price.currency)}.`
      : `A conversation it opens is now charged at the ${move.to} price of the project's plan.`,
    '',
    `The template: ${publicUrl}/projects/${t.projectId}/manage/template-message`,
    '',
  ].join('\n'),
});

/** The mail job: read when it runs, so that a template moved again meanwhile is told once, by its own job. */
export const recategorisedMailJobs = (ctx: TemplatesCtx): JobHandlers => ({
  [RECATEGORISED_MAIL_JOB]: async (job) => {
    const p = MailJob.parse(job.payload);
    const row = await findTemplate(ctx.db, p.partnerId, p.templateId);
    if (!row || row.category !== p.category || row.deletedAt || !row.previousCategory) return;
    const [project, owner] = await Promise.all([
      findProject(ctx.db, p.partnerId, row.projectId),
      ownerOf(ctx.db, p.partnerId),
    ]);
    if (!project || !owner) return;
    const price = templateOf(row, project, ctx.now()).categoryChange;
    const move = { from: row.previousCategory, to: row.category };
    await ctx.mail.send(recategorisedMail(owner, row, project, move, price, ctx.env.publicUrl));
  },
});
