import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { formatMoney, TemplateCategory, templateLanguageName, type Template } from '@pc/contract';
import type { JobHandlers } from '../../platform/jobs/job.js';
import { isAccountField } from '../../providers/meta/accounts/words.js';
import { inboundMessagesOf, USER_PREFERENCES_FIELD, userPreferencesOf } from '../../providers/meta/messages/inbound.js';
import { MESSAGES_FIELD, statusReportsOf } from '../../providers/meta/messages/statuses.js';
import type { TemplatesCtx } from './context.js';
import { findProject, findTemplate, type TemplateRow, type TemplatesProject } from './queries.js';
import { lockTemplateOfProvider, RECATEGORISED_MAIL_JOB } from './sync-queries.js';
import { applyMetaWord } from './meta-word.js';
import { componentsUpdateOf, wordOfChange } from './meta-template-changes.js';
import { templateOf } from './template-row.js';
import { ownerMailedAbout } from '../notifications/owner-mail.js';

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
      const edited = said ? null : componentsUpdateOf(field, change.value, entry.time, [ctx.env.publicUrl]);
      const providerTemplateId = said?.providerTemplateId ?? edited?.providerTemplateId;
      if (!providerTemplateId) continue;
      const applied = await ctx.db.transaction(async (tx) => {
        const row = await lockTemplateOfProvider(tx, providerTemplateId);
        const word = said?.word ?? (row && edited?.wordFor(row));
        return row && word ? applyMetaWord(tx, row, word, ctx.now()) : false;
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
      ownerMailedAbout(ctx.db, p.partnerId, 'TEMPLATE_RECATEGORISED'),
    ]);
    if (!project || !owner) return;
    const price = templateOf(row, project, ctx.now()).categoryChange;
    const move = { from: row.previousCategory, to: row.category };
    await ctx.mail.send(recategorisedMail(owner, row, project, move, price, ctx.env.publicUrl));
  },
});
