import { randomInt } from 'node:crypto';
import { and, asc, eq, ne } from 'drizzle-orm';
import { TEMPLATE_NAME_REUSE_DAYS, type TemplateComponent } from '@pc/contract';
import type { Db, DbOrTx } from '../../../platform/db/open.js';
import { uniqueViolationOf } from '../../../platform/db/errors.js';
import { sandboxMetaTemplates } from '../../../platform/db/schema.js';
import { enqueue } from '../../../platform/jobs/queue.js';
import type { Job } from '../../../platform/jobs/job.js';
import { duplicateTemplate, metaRefusal, templateBeingDeleted } from './checks.js';
import { reviewOutcome } from './review.js';
import { signMetaPayload } from './signature.js';
import { type MetaTemplatesProvider, type ProviderTemplate } from './templates.js';
import { categoryUpdatePayload, statusUpdatePayload } from './webhook-payloads.js';
import { MetaApiError } from '../graph-error.js';
import { invalidHandle, isSandboxHandle, sandboxHandleOf, uploadableTypes } from './sample-upload.js';
import { inMetaCase, readBackOf } from './read-back.js';
import { editSandboxTemplate } from './sandbox-edit.js';

export { reviewOutcome } from './review.js';

/**
 * The sandbox Meta for templates (ARCHITECTURE rules 8, 13, 15). It holds each account's templates
 * in `sandbox_meta_templates` as Meta reads them back (read-back.ts: an authentication template's
 * texts written out, its OTP button a URL), refuses what Meta refuses at once (checks.ts), reviews
 * a submitted template `reviewDelayMs` later by what it says (review.ts), and tells the console
 * about every change by POSTing Meta's webhook body to `callbackUrl`, signed with `appSecret` in
 * `X-Hub-Signature-256`. The review and each delivery are jobs: written in the transaction of the
 * change that causes them, run when due, and a delivery that is not answered 2xx is retried with
 * backoff for about the 7 days Meta keeps retrying.
 */

/** POSTs a body and answers the HTTP status (network errors throw). */
export type SendWebhook = (url: string, body: string, headers: Record<string, string>) => Promise<number>;

export type SandboxMetaTemplatesOptions = {
  db: Db;
  now: () => Date;
  reviewDelayMs: number;
  appSecret: string;
  callbackUrl: string;
  send?: SendWebhook;
};

export const REVIEW_JOB = 'sandbox.meta.template-review';
export const WEBHOOK_JOB = 'sandbox.meta.webhook';
/** About 7 days of the runner's backoff (capped at an hour), as long as Meta retries a delivery. */
const WEBHOOK_MAX_ATTEMPTS = 175;
const WEBHOOK_TIMEOUT_MS = 10_000;
/** Meta sends a category change a moment after the approval it follows. */
const FOLLOW_UP_AFTER_MS = 1_000;
const DAY_MS = 24 * 60 * 60 * 1000;

const postWebhook: SendWebhook = async (url, body, headers) => {
  const res = await fetch(url, {
    method: 'POST',
    body,
    headers,
    redirect: 'manual',
    signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
  });
  await res.body?.cancel();
  return res.status;
};

/** A numeric id of 16 digits like Meta's, below 2^53 so that the webhook's JSON number is exact. */
const newTemplateId = () => `${randomInt(100_000, 900_000)}${String(randomInt(0, 10_000_000_000)).padStart(10, '0')}`;

type Row = typeof sandboxMetaTemplates.$inferSelect;
const asProviderTemplate = (r: Row): ProviderTemplate => ({
  id: r.id,
  name: r.name,
  language: r.language,
  category: r.category,
  status: r.status,
  rejectedReason: r.rejectedReason,
  previousCategory: r.previousCategory,
  components: r.components as TemplateComponent[],
});

/**
 * A delivery job. `then` is a delivery that must not arrive before this one (the category change
 * after the approval it follows): it is enqueued once this one has been taken, because jobs due
 * together run in no set order.
 */
const enqueueWebhook = (db: DbOrTx, body: string, runAt: Date, opts: { then?: string; key?: string } = {}) =>
  enqueue(db, {
    kind: WEBHOOK_JOB,
    // Kept as JSON text: jsonb would reorder the keys of an object.
    payload: { body, ...(opts.then ? { then: opts.then } : {}) },
    runAt,
    key: opts.key,
    maxAttempts: WEBHOOK_MAX_ATTEMPTS,
  });

export const createSandboxMetaTemplates = (opts: SandboxMetaTemplatesOptions): MetaTemplatesProvider => {
  const { db } = opts;
  const send = opts.send ?? postWebhook;

  const review = async (job: Job) => {
    const now = opts.now();
    await db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(sandboxMetaTemplates)
        .where(eq(sandboxMetaTemplates.id, String(job.payload.templateId)))
        .for('update');
      // Deleted (or reviewed) meanwhile: nothing left to decide.
      if (!row || row.status !== 'PENDING') return;
      const outcome = reviewOutcome({ category: row.category, components: row.components as TemplateComponent[] });
      const previousCategory = outcome.status === 'APPROVED' ? outcome.previousCategory : null;
      await tx
        .update(sandboxMetaTemplates)
        .set({
          status: outcome.status,
          rejectedReason: outcome.reason,
          category: outcome.category,
          previousCategory,
          updatedAt: now,
        })
        .where(eq(sandboxMetaTemplates.id, row.id));
      const decision = statusUpdatePayload(
        {
          ...row,
          event: outcome.status,
          reason: outcome.reason,
          // The approval is of the category asked for; the move to another one is its own event.
          category: row.category,
          rejectionInfo: outcome.status === 'REJECTED' ? outcome.rejectionInfo : undefined,
        },
        now,
      );
      const move = previousCategory
        ? categoryUpdatePayload({ ...row, previousCategory, newCategory: outcome.category }, now)
        : null;
      await enqueueWebhook(tx, JSON.stringify(decision), now, move ? { then: JSON.stringify(move) } : {});
    });
  };

  const deliver = async (job: Job) => {
    const body = String(job.payload.body);
    const status = await send(opts.callbackUrl, body, {
      'content-type': 'application/json',
      'user-agent': 'facebookexternalua',
      'x-hub-signature-256': signMetaPayload(opts.appSecret, body),
    });
    if (status < 200 || status > 299) throw new Error(`The webhook receiver answered HTTP ${status}`);
    const then = job.payload.then;
    // Keyed by this job: a delivery run again (a crash before its job was finished) adds no second
    // follow-up while the first is pending. Deliveries are at least once, as Meta's are.
    if (typeof then === 'string')
      await enqueueWebhook(db, then, new Date(opts.now().getTime() + FOLLOW_UP_AFTER_MS), {
        key: `${WEBHOOK_JOB}:after:${job.id}`,
      });
  };

  return {
    mode: 'sandbox',
    uploadSample: async (file) => {
      if (!(uploadableTypes as readonly string[]).includes(file.contentType))
        throw new MetaApiError(400, 100, undefined, 'Invalid parameter', undefined, `file_type ${file.contentType}`);
      return sandboxHandleOf(opts.appSecret, file);
    },
    create: async (submitted) => {
      const t = inMetaCase(submitted);
      const refusal = metaRefusal(t);
      if (refusal) throw refusal;
      // Only a handle of this app's uploads names a media sample: a URL is refused, as Meta does.
      const handles = t.components.flatMap((c) =>
        c.type === 'HEADER' && c.format !== 'TEXT' && c.format !== 'LOCATION' ? (c.example?.header_handle ?? []) : [],
      );
      if (handles.some((h) => !isSandboxHandle(opts.appSecret, h))) throw invalidHandle();
      const now = opts.now();
      const id = newTemplateId();
      try {
        await db.transaction(async (tx) => {
          const held = await tx
            .select()
            .from(sandboxMetaTemplates)
            .where(and(eq(sandboxMetaTemplates.wabaId, t.wabaId), eq(sandboxMetaTemplates.name, t.name)))
            .for('update');
          const same = held.find((r) => r.language === t.language);
          if (same && same.status !== 'DELETED') throw duplicateTemplate(t.language);
          const reusableFrom = now.getTime() - TEMPLATE_NAME_REUSE_DAYS * DAY_MS;
          if (held.some((r) => r.status === 'DELETED' && r.updatedAt.getTime() > reusableFrom))
            throw templateBeingDeleted(t.language);
          // Deleted long enough ago: the name is free again.
          if (same) await tx.delete(sandboxMetaTemplates).where(eq(sandboxMetaTemplates.id, same.id));
          await tx.insert(sandboxMetaTemplates).values({
            id,
            wabaId: t.wabaId,
            name: t.name,
            language: t.language,
            category: t.category,
            components: readBackOf(t),
            status: 'PENDING',
            createdAt: now,
            updatedAt: now,
          });
          await enqueue(tx, {
            kind: REVIEW_JOB,
            payload: { templateId: id },
            runAt: new Date(now.getTime() + opts.reviewDelayMs),
            key: `${REVIEW_JOB}:${id}`,
          });
        });
      } catch (error) {
        // Two submissions of the same name at once: the second meets the unique index.
        if (uniqueViolationOf(error) !== null) throw duplicateTemplate(t.language);
        throw error;
      }
      // Meta's answer (e.g. the copy code page's `{ "id", "status": "PENDING", "category": "AUTHENTICATION" }`);
      // an authentication template may be APPROVED at once there, here it is reviewed like any other.
      return { id, status: 'PENDING', category: t.category };
    },
    edit: (templateId, edit) =>
      editSandboxTemplate(
        {
          db,
          now: opts.now,
          appSecret: opts.appSecret,
          reviewDelayMs: opts.reviewDelayMs,
          enqueueReview: (tx, id, runAt) =>
            // Keyed by the edit: an earlier review of the same template may be done already.
            enqueue(tx, {
              kind: REVIEW_JOB,
              payload: { templateId: id },
              runAt,
              key: `${REVIEW_JOB}:${id}:${runAt.getTime()}`,
            }),
          enqueueWebhook: (tx, body, runAt) => enqueueWebhook(tx, body, runAt),
        },
        templateId,
        edit,
      ),
    list: async (wabaId) =>
      (
        await db
          .select()
          .from(sandboxMetaTemplates)
          .where(eq(sandboxMetaTemplates.wabaId, wabaId))
          .orderBy(asc(sandboxMetaTemplates.createdAt), asc(sandboxMetaTemplates.id))
      ).map(asProviderTemplate),
    delete: async (wabaId, name) => {
      const deleted = await db
        .update(sandboxMetaTemplates)
        .set({ status: 'DELETED', updatedAt: opts.now() })
        .where(
          and(
            eq(sandboxMetaTemplates.wabaId, wabaId),
            eq(sandboxMetaTemplates.name, name),
            ne(sandboxMetaTemplates.status, 'DELETED'),
          ),
        )
        .returning({ id: sandboxMetaTemplates.id });
      if (deleted.length === 0)
        throw new MetaApiError(
          400,
          100,
          undefined,
          'Invalid parameter',
          undefined,
          `Message template "${name}" was not found.`,
        );
    },
    jobHandlers: { [REVIEW_JOB]: review, [WEBHOOK_JOB]: deliver },
  };
};
