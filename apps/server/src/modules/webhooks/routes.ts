import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CreateWebhookRequest,
  UpdateWebhookRequest,
  WebhookListResponse,
  WebhookMessageResponse,
  WebhookPath,
  WebhookResponse,
} from '@pc/contract';
import { agentOf } from '../../platform/access/access.js';
import type { WebhooksCtx } from './context.js';
import {
  createWebhook,
  editWebhook,
  enableWebhook,
  listProjectWebhooks,
  regenerateChatSecret,
  regenerateSecret,
  removeWebhook,
} from './manage.js';

const tags = ['webhooks'];
// Doc 2 section 6: the webhook buttons need write access; reading the list, read access.
const read = { access: 'business.read' } as const;
const write = { access: 'business.write' } as const;
const ProjectPath = WebhookPath.pick({ projectId: true });

/** The webhook calls of the project detail and the management screen (doc 2 section 7.2), and ours. */
export const webhookRoutes =
  (ctx: WebhooksCtx): FastifyPluginAsyncZod =>
  async (app) => {
    const list = { config: read, schema: { tags, params: ProjectPath, response: { 200: WebhookListResponse } } };
    // The project detail's list and the management screen's: the same webhooks.
    app.get('/project/:projectId/partner/webhook', list, (request) =>
      listProjectWebhooks(ctx, agentOf(request), request.params.projectId),
    );
    app.get('/project/:projectId/webhooks', list, (request) =>
      listProjectWebhooks(ctx, agentOf(request), request.params.projectId),
    );

    app.post(
      '/project/:projectId/webhook',
      {
        config: write,
        schema: { tags, params: ProjectPath, body: CreateWebhookRequest, response: { 200: WebhookResponse } },
      },
      (request) => createWebhook(ctx, agentOf(request), request.params.projectId, request.body),
    );

    app.patch(
      '/project/:projectId/webhook/:webhookId',
      {
        config: write,
        schema: { tags, params: WebhookPath, body: UpdateWebhookRequest, response: { 200: WebhookResponse } },
      },
      (request) => editWebhook(ctx, agentOf(request), request.params.projectId, request.params.webhookId, request.body),
    );

    app.delete(
      '/project/:projectId/webhook/:webhookId',
      { config: write, schema: { tags, params: WebhookPath, response: { 200: WebhookMessageResponse } } },
      (request) => removeWebhook(ctx, agentOf(request), request.params.projectId, request.params.webhookId),
    );

    app.post(
      '/project/:projectId/webhook/:webhookId/enable',
      { config: write, schema: { tags, params: WebhookPath, response: { 200: WebhookResponse } } },
      (request) => enableWebhook(ctx, agentOf(request), request.params.projectId, request.params.webhookId),
    );

    app.post(
      '/project/:projectId/webhook/:webhookId/secret',
      { config: write, schema: { tags, params: WebhookPath, response: { 200: WebhookResponse } } },
      (request) => regenerateSecret(ctx, agentOf(request), request.params.projectId, request.params.webhookId),
    );

    // The Project Api tab's Generate: the project's chat webhook, or 'subscribe to webhook first'.
    app.post(
      '/project/:projectId/webhook-secret',
      { config: write, schema: { tags, params: ProjectPath, response: { 200: WebhookResponse } } },
      (request) => regenerateChatSecret(ctx, agentOf(request), request.params.projectId),
    );
  };
