import {
  isChatWebhook,
  WEBHOOK_MAX_PER_PROJECT,
  WEBHOOK_PREVIOUS_SECRET_TTL_MS,
  webhookMessages,
  type CreateWebhookRequest,
  type UpdateWebhookRequest,
  type WebhookListResponse,
  type WebhookResponse,
} from '@pc/contract';
import type { AgentViewer } from '../../platform/auth/viewer.js';
import type { Tx } from '../../platform/db/open.js';
import { newId } from '../../platform/db/ids.js';
import { badRequest, notFound } from '../../platform/errors/app-error.js';
import { recordPartnerChange, type PartnerChange } from '../activity/record.js';
import { changedFields } from '../audit/changed.js';
import type { WebhooksCtx } from './context.js';
import { urlForLog } from './url-for-log.js';
import {
  countWebhooks,
  deleteWebhook,
  findProject,
  findWebhook,
  insertWebhook,
  listWebhooks,
  lockProject,
  updateWebhook,
  webhooksOldestFirst,
  type NewWebhookRow,
  type WebhookRow,
  type WebhooksProject,
} from './queries.js';
import { checkedUrl, normaliseTopics, projectApiWritable, refuseDirect, webhooksWritable } from './rules.js';
import { newWebhookSecret } from './secret.js';
import { toWebhook } from './webhook-row.js';

/**
 * A project's webhooks (doc 2 sections 2.1, 2.4, 5.4 and 7.2). Reading is allowed whenever the
 * partner is not DIRECT, so a lapsed add-on or plan still shows what exists; every change needs the
 * Webhook tab's rule and runs with the project's row locked, so that the limit of five holds when
 * two people add one at the same moment.
 */

export const listProjectWebhooks = async (
  ctx: WebhooksCtx,
  viewer: AgentViewer,
  projectId: string,
): Promise<WebhookListResponse> => {
  const project = await findProject(ctx.db, viewer.partnerId, projectId);
  if (!project) throw notFound('Project not found.');
  refuseDirect(project);
  const rows = await listWebhooks(ctx.db, viewer.partnerId, projectId);
  return { webhooks: rows.map((row) => toWebhook(row, viewer, ctx.box, ctx.now())) };
};

/** Runs `work` with the partner's project locked, once `allowed` lets the change through. */
const onLockedProject = <T>(
  ctx: WebhooksCtx,
  viewer: AgentViewer,
  projectId: string,
  allowed: (project: WebhooksProject) => void,
  work: (tx: Tx) => Promise<T>,
): Promise<T> =>
  ctx.db.transaction(async (tx) => {
    const project = await lockProject(tx, viewer.partnerId, projectId);
    if (!project) throw notFound('Project not found.');
    allowed(project);
    return work(tx);
  });

const webhookOrFail = async (tx: Tx, viewer: AgentViewer, projectId: string, webhookId: string) => {
  const row = await findWebhook(tx, viewer.partnerId, projectId, webhookId);
  if (!row) throw notFound(webhookMessages.notFound);
  return row;
};

/** A webhook as the partner's activity log names it: by its URL, the address the member typed. */
const webhookTarget = (row: Pick<WebhookRow, 'id' | 'url'>) => ({
  kind: 'webhook' as const,
  id: row.id,
  name: urlForLog(row.url),
});

/** What the log says of a secret made anew: that it was, never the secret. */
const secretRotated = { before: null, after: { secret: 'rotated' } };

/**
 * Changes one webhook of the project and answers it with `message`; the activity log gets `action`
 * with what `describe` says changed (nothing: no entry).
 */
const changeWebhook = (
  ctx: WebhooksCtx,
  viewer: AgentViewer,
  ref: { projectId: string; webhookId: string },
  change: {
    action: PartnerChange['action'];
    message: string;
    values: (current: WebhookRow) => Partial<NewWebhookRow>;
    describe: (current: WebhookRow, row: WebhookRow) => Pick<PartnerChange, 'before' | 'after'> | null;
  },
): Promise<WebhookResponse> =>
  onLockedProject(ctx, viewer, ref.projectId, webhooksWritable, async (tx) => {
    const current = await webhookOrFail(tx, viewer, ref.projectId, ref.webhookId);
    const row = (await updateWebhook(tx, viewer.partnerId, ref.projectId, ref.webhookId, {
      ...change.values(current),
      updatedAt: ctx.now(),
    }))!;
    const described = change.describe(current, row);
    if (described)
      await recordPartnerChange(tx, viewer, { action: change.action, target: webhookTarget(row), ...described });
    return { message: change.message, webhook: toWebhook(row, viewer, ctx.box, ctx.now()) };
  });

/** The fields of `keys` that differ between the webhook as it was and as it is; null when none. */
const changedOf = (current: WebhookRow, row: WebhookRow, keys: readonly (keyof WebhookRow)[]) => {
  const pick = (r: WebhookRow) => Object.fromEntries(keys.map((k) => [k, k === 'url' ? urlForLog(r.url) : r[k]]));
  const { before, after, keys: changed } = changedFields(pick(current), pick(row));
  return changed.length > 0 ? { before, after } : null;
};

export const createWebhook = (
  ctx: WebhooksCtx,
  viewer: AgentViewer,
  projectId: string,
  body: CreateWebhookRequest,
): Promise<WebhookResponse> =>
  onLockedProject(ctx, viewer, projectId, webhooksWritable, async (tx) => {
    const topics = normaliseTopics(body.topics);
    const url = checkedUrl(ctx.env, body.webhook_url);
    if ((await countWebhooks(tx, viewer.partnerId, projectId)) >= WEBHOOK_MAX_PER_PROJECT)
      throw badRequest(webhookMessages.maxReached);
    const row = await insertWebhook(tx, {
      id: newId(),
      partnerId: viewer.partnerId,
      projectId,
      topics,
      url,
      secret: ctx.box.seal(newWebhookSecret()),
      createdAt: ctx.now(),
      updatedAt: ctx.now(),
    });
    await recordPartnerChange(tx, viewer, {
      action: 'webhook.create',
      target: webhookTarget(row),
      before: null,
      after: { url: urlForLog(row.url), topics: row.topics },
    });
    return { message: webhookMessages.created, webhook: toWebhook(row, viewer, ctx.box, ctx.now()) };
  });

/** The project detail sends the URL only, the management screen the URL and the topics. */
export const editWebhook = (
  ctx: WebhooksCtx,
  viewer: AgentViewer,
  projectId: string,
  webhookId: string,
  body: UpdateWebhookRequest,
) =>
  changeWebhook(
    ctx,
    viewer,
    { projectId, webhookId },
    {
      action: 'webhook.update',
      message: webhookMessages.updated,
      values: () => ({
        ...(body.topics !== undefined ? { topics: normaliseTopics(body.topics) } : {}),
        url: checkedUrl(ctx.env, body.webhook_url),
      }),
      describe: (current, row) => changedOf(current, row, ['url', 'topics']),
    },
  );

/** A webhook the delivery stopped (410 Gone, or failing for the whole schedule) receives events again. */
export const enableWebhook = (ctx: WebhooksCtx, viewer: AgentViewer, projectId: string, webhookId: string) =>
  changeWebhook(
    ctx,
    viewer,
    { projectId, webhookId },
    {
      action: 'webhook.enable',
      message: webhookMessages.enabled,
      values: () => ({ status: 'ENABLED', disabledReason: null, disabledAt: null }),
      describe: (current, row) => changedOf(current, row, ['status', 'disabledReason']),
    },
  );

/**
 * A new shared secret, the one it replaces kept for WEBHOOK_PREVIOUS_SECRET_TTL_MS: deliveries until
 * then carry both signatures, so the receiver can switch without losing a webhook (Standard
 * Webhooks' zero-downtime rotation). Only the secret just replaced is kept: a second rotation
 * within the day drops the one before it, which the receiver had already given up.
 */
const rotated = (ctx: WebhooksCtx, current: WebhookRow): Partial<NewWebhookRow> => ({
  secret: ctx.box.seal(newWebhookSecret()),
  previousSecret: current.secret,
  previousSecretExpiresAt: new Date(ctx.now().getTime() + WEBHOOK_PREVIOUS_SECRET_TTL_MS),
});

export const regenerateSecret = (ctx: WebhooksCtx, viewer: AgentViewer, projectId: string, webhookId: string) =>
  changeWebhook(
    ctx,
    viewer,
    { projectId, webhookId },
    {
      action: 'webhook.secret',
      message: webhookMessages.secretGenerated,
      values: (current) => rotated(ctx, current),
      describe: () => secretRotated,
    },
  );

export const removeWebhook = (ctx: WebhooksCtx, viewer: AgentViewer, projectId: string, webhookId: string) =>
  onLockedProject(ctx, viewer, projectId, webhooksWritable, async (tx) => {
    const gone = await deleteWebhook(tx, viewer.partnerId, projectId, webhookId);
    if (!gone) throw notFound(webhookMessages.notFound);
    await recordPartnerChange(tx, viewer, {
      action: 'webhook.delete',
      target: webhookTarget(gone),
      before: { url: urlForLog(gone.url), topics: gone.topics, status: gone.status },
      after: null,
    });
    return { message: webhookMessages.deleted };
  });

/**
 * The Project Api tab's Generate (doc 2 section 5.4): a new secret for the project's chat webhook,
 * the oldest subscribed to the spec's two chat topics (doc 2 section 7.2: `isChatWebhook`); without
 * one, 'subscribe to webhook first' (another webhook's secret is that webhook's, not the chat's). It
 * is the Project Api tab's action, so that tab's rule applies.
 */
export const regenerateChatSecret = (
  ctx: WebhooksCtx,
  viewer: AgentViewer,
  projectId: string,
): Promise<WebhookResponse> =>
  onLockedProject(ctx, viewer, projectId, projectApiWritable, async (tx) => {
    const rows = await webhooksOldestFirst(tx, viewer.partnerId, projectId);
    const chat = rows.find((r) => isChatWebhook(r.topics));
    if (!chat) throw badRequest(webhookMessages.subscribeFirst);
    const row = await updateWebhook(tx, viewer.partnerId, projectId, chat.id, {
      ...rotated(ctx, chat),
      updatedAt: ctx.now(),
    });
    await recordPartnerChange(tx, viewer, {
      action: 'chat-webhook.secret',
      target: webhookTarget(chat),
      ...secretRotated,
    });
    return { message: webhookMessages.secretGenerated, webhook: toWebhook(row!, viewer, ctx.box, ctx.now()) };
  });
