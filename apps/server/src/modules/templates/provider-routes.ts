import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SyncTemplatesRequest, SyncTemplatesResponse } from '@pc/contract';
import { agentOf } from '../../platform/access/access.js';
import { forbidden, unauthenticated } from '../../platform/errors/app-error.js';
import { keepRawJsonBodies } from '../../platform/http/raw-json.js';
import { metaAppSecret } from '../../providers/meta/templates/create.js';
import { verifyMetaSignature } from '../../providers/meta/templates/signature.js';
import type { TemplatesCtx } from './context.js';
import { acceptMetaDelivery } from './meta-deliveries.js';
import { MetaWebhookBody, verifyTokenMatches } from './meta-webhook.js';
import { syncTemplatesBy } from './sync.js';

const tags = ['templates'];
const SIGNATURE_HEADER = 'x-hub-signature-256';

/**
 * Meta's webhook receiver in a scope of its own: its JSON parser keeps the raw bytes for the
 * signature, and no other route's parser changes. The body is judged before the signature, as
 * every route's is: malformed JSON or not a webhook's shape answers 400; a webhook without a valid
 * signature answers 401 and changes nothing. Meta only sends the latter kind of mistake. A verified
 * delivery is stored and answered; a job does the work (meta-deliveries.ts).
 */
const META_WEBHOOK_BODY_LIMIT = 3 * 1024 * 1024;

const metaWebhookReceiver =
  (ctx: TemplatesCtx): FastifyPluginAsyncZod =>
  async (app) => {
    // Read once: with the real Meta and no app secret configured, the server does not start.
    const appSecret = metaAppSecret(ctx.env);
    const rawBodyOf = keepRawJsonBodies(app);

    app.post(
      '/platform/meta/webhook',
      {
        // "Webhook payloads can be up to 3 MB" (Meta's webhooks overview): a larger limit than the
        // console's 1 MiB, or Meta's biggest deliveries would be refused and retried for days.
        bodyLimit: META_WEBHOOK_BODY_LIMIT,
        // Meta calls it (ARCHITECTURE rule 3: public), proving itself by the signature. Meta sends
        // bursts from few addresses: the console-wide public limit would turn them into retries, so
        // the route has its own, roomier per-address limit that only stops floods.
        config: {
          access: 'public',
          publicLimit: 'none',
          rateLimit: { max: ctx.env.RATE_LIMIT_PUBLIC_PER_MINUTE * 10, timeWindow: 60_000 },
          // The sandbox Meta's webhooks come from this server itself: logged at debug.
          selfTraffic: ctx.env.META_MODE === 'sandbox',
        },
        schema: {
          tags,
          security: [],
          headers: z.object({ [SIGNATURE_HEADER]: z.string().max(200).optional() }),
          body: MetaWebhookBody,
          response: { 200: z.object({ message: z.string() }) },
        },
      },
      async (request) => {
        const raw = rawBodyOf(request);
        if (!raw || !verifyMetaSignature(appSecret, raw, request.headers[SIGNATURE_HEADER]))
          throw unauthenticated('Invalid webhook signature.');
        await acceptMetaDelivery(ctx.db, request.body, ctx.now());
        return { message: 'EVENT_RECEIVED' };
      },
    );
  };

/** Sync Templates (doc 2 section 7.6) and Meta's webhook for template status and category changes. */
export const providerRoutes =
  (ctx: TemplatesCtx): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/partner/:partnerId/sync-templates',
      {
        // Doc 2 section 6: the Templates tab writes (create, sync) with business write access.
        config: { access: 'business.write' },
        schema: {
          tags,
          params: z.object({ partnerId: z.string() }),
          body: SyncTemplatesRequest,
          response: { 200: SyncTemplatesResponse },
        },
      },
      (request) => syncTemplatesBy(ctx, agentOf(request), request.body.assistantId),
    );

    // Meta's subscription handshake, when the callback URL is registered in the app's settings.
    app.get(
      '/platform/meta/webhook',
      {
        config: { access: 'public' },
        schema: {
          tags,
          security: [],
          querystring: z.object({
            'hub.mode': z.string().max(50),
            'hub.verify_token': z.string().max(500),
            'hub.challenge': z.string().max(500),
          }),
          response: { 200: z.string() },
        },
      },
      async (request, reply) => {
        const q = request.query;
        if (
          q['hub.mode'] !== 'subscribe' ||
          !verifyTokenMatches(ctx.env.META_WEBHOOK_VERIFY_TOKEN, q['hub.verify_token'])
        )
          throw forbidden('The verify token does not match.');
        // Plain text (and no sniffing, by the security headers): the challenge is never read as a page.
        return reply.type('text/plain; charset=utf-8').send(q['hub.challenge']);
      },
    );

    await app.register(metaWebhookReceiver(ctx));
  };
