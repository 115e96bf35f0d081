import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ReplayFailedRequest,
  ReplayResponse,
  WebhookDeliveryDetail,
  WebhookDeliveryListResponse,
  WebhookDeliveryQuery,
  WebhookMessageResponse,
  WebhookPath,
} from '@pc/contract';
import { agentOf } from '../../../platform/access/access.js';
import { deliveryDetail, listDeliveries, replayFailed, replayOne, sendTestEvent, type WebhookRef } from './console.js';
import type { DeliveryCtx } from './context.js';

const tags = ['webhooks'];
// As the webhooks themselves: the log is read with business read access, replays and tests need write.
const read = { access: 'business.read' } as const;
const write = { access: 'business.write' } as const;
const DeliveryPath = WebhookPath.extend({ deliveryId: z.string().trim().min(1).max(100) });

const refOf = (partnerId: string, params: { projectId: string; webhookId: string }): WebhookRef => ({
  partnerId,
  projectId: params.projectId,
  webhookId: params.webhookId,
});

/** The delivery console (ours): the log, one delivery's attempts, replays, and the test event. */
export const deliveryRoutes =
  (ctx: DeliveryCtx): FastifyPluginAsyncZod =>
  async (app) => {
    const base = '/project/:projectId/webhook/:webhookId';

    app.get(
      `${base}/deliveries`,
      {
        config: read,
        schema: {
          tags,
          params: WebhookPath,
          querystring: WebhookDeliveryQuery,
          response: { 200: WebhookDeliveryListResponse },
        },
      },
      (request) => listDeliveries(ctx, refOf(agentOf(request).partnerId, request.params), request.query),
    );

    app.get(
      `${base}/deliveries/:deliveryId`,
      { config: read, schema: { tags, params: DeliveryPath, response: { 200: WebhookDeliveryDetail } } },
      (request) => deliveryDetail(ctx, refOf(agentOf(request).partnerId, request.params), request.params.deliveryId),
    );

    app.post(
      `${base}/deliveries/:deliveryId/replay`,
      { config: write, schema: { tags, params: DeliveryPath, response: { 200: ReplayResponse } } },
      (request) => {
        const member = agentOf(request);
        return replayOne(ctx, member, refOf(member.partnerId, request.params), request.params.deliveryId);
      },
    );

    app.post(
      `${base}/replay-failed`,
      {
        config: write,
        schema: { tags, params: WebhookPath, body: ReplayFailedRequest, response: { 200: ReplayResponse } },
      },
      (request) => {
        const member = agentOf(request);
        return replayFailed(ctx, member, refOf(member.partnerId, request.params), request.body);
      },
    );

    app.post(
      `${base}/test`,
      { config: write, schema: { tags, params: WebhookPath, response: { 200: WebhookMessageResponse } } },
      (request) => {
        const member = agentOf(request);
        return sendTestEvent(ctx, member, refOf(member.partnerId, request.params));
      },
    );
  };
