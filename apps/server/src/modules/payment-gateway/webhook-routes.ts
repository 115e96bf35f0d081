import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { unauthenticated } from '../../platform/errors/app-error.js';
import { keepRawJsonBodies } from '../../platform/http/raw-json.js';
import {
  RAZORPAY_EVENT_ID_HEADER,
  RAZORPAY_SIGNATURE_HEADER,
  verifyRazorpayWebhook,
} from '../../providers/razorpay/webhook-signature.js';
import type { PaymentGatewayCtx } from './context.js';
import { RazorpayWebhookBody, receiveRazorpayWebhook } from './webhook.js';

const tags = ['payment gateway'];
export const RAZORPAY_WEBHOOK_PATH = '/platform/razorpay/webhook';

/**
 * Razorpay's webhook receiver (the URL set on the partner application's webhook in Razorpay's
 * dashboard), in a scope of its own whose JSON parser keeps the raw bytes for the signature. Public
 * (ARCHITECTURE rule 3): Razorpay proves itself by `X-Razorpay-Signature`. A body that is not a
 * webhook's shape answers 400; a missing or wrong signature 401 and changes nothing; a verified
 * delivery 200, whatever its event (Razorpay retries anything else for a day).
 */
export const webhookRoutes =
  (ctx: PaymentGatewayCtx): FastifyPluginAsyncZod =>
  async (app) => {
    const rawBodyOf = keepRawJsonBodies(app);

    app.post(
      RAZORPAY_WEBHOOK_PATH,
      {
        config: { access: 'public' },
        schema: {
          tags,
          security: [],
          headers: z.object({
            [RAZORPAY_SIGNATURE_HEADER]: z.string().max(200).optional(),
            [RAZORPAY_EVENT_ID_HEADER]: z.string().max(200).optional(),
          }),
          body: RazorpayWebhookBody,
          response: { 200: z.object({ message: z.string() }) },
        },
      },
      async (request) => {
        const rawBody = rawBodyOf(request);
        if (!rawBody || !verifyRazorpayWebhook(ctx.webhookSecret, rawBody, request.headers[RAZORPAY_SIGNATURE_HEADER]))
          throw unauthenticated('Invalid webhook signature.');
        const eventId = request.headers[RAZORPAY_EVENT_ID_HEADER];
        const outcome = await receiveRazorpayWebhook(ctx, { eventId, rawBody, body: request.body });
        request.log.info({ event: request.body.event, eventId, outcome }, 'Razorpay webhook');
        return { message: 'EVENT_RECEIVED' };
      },
    );
  };
