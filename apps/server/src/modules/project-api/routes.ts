import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ErrorBody,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENT_REPLAYED_HEADER,
  PROJECT_API_PREFIX,
  PROJECT_API_SECURITY,
  ProjectApiTemplatesQuery,
  ProjectApiTemplatesResponse,
  SendTemplateMessageHeaders,
  SendTemplateMessageRequest,
  SendTemplateMessageResponse,
} from '@pc/contract';
import type { ProjectApiCtx } from './context.js';
import { callerOf, guardProjectApi } from './guard.js';
import { sendOnce } from './idempotency.js';
import { sendTemplateMessage } from './send.js';
import { listApprovedTemplates } from './templates.js';

const tags = ['project-api'];
const security = [{ [PROJECT_API_SECURITY]: [] }];
// Public to the session layer: the guard checks the private app's credential, and limits per app.
const config = { access: 'public', publicLimit: 'none' } as const;
const refusals = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 429: ErrorBody };

/** The project API, authenticated with the project's private app credential. */
export const projectApiRoutes =
  (ctx: ProjectApiCtx): FastifyPluginAsyncZod =>
  async (app) => {
    guardProjectApi(app, ctx);

    app.get(
      `${PROJECT_API_PREFIX}/templates`,
      {
        config,
        schema: {
          operationId: 'listProjectTemplates',
          tags,
          security,
          summary: "The project's approved templates",
          description:
            "APPROVED templates of the credential's project by name and language, at most `limit` (250) a page; `next` is the `after` of the following page.",
          querystring: ProjectApiTemplatesQuery,
          response: { 200: ProjectApiTemplatesResponse, ...refusals },
        },
      },
      (request) => listApprovedTemplates(ctx, callerOf(request), request.query),
    );

    app.post(
      `${PROJECT_API_PREFIX}/messages`,
      {
        config,
        schema: {
          operationId: 'sendProjectMessage',
          tags,
          security,
          summary: 'Send a template message',
          description:
            "Sends an APPROVED template to one WhatsApp number through the messaging provider. An authentication template takes its one-time code (at most 15 characters) as its one parameter; Meta is sent it in the body and in the OTP button. Refused with 402 when the conversation it would open cannot be paid by the project's template credit or its partner's balance (nothing is sent). Accepted messages are charged, counted and told to the project's webhooks (message.created, message.status.updated, contact.created for a new number) like any other. With an `Idempotency-Key` header, a retry with the same key and body within 24 hours answers the first send's answer (header `Idempotent-Replayed: true`) and sends nothing; the key with another body is 422, and while the first is under way (or was cut short after the provider may have sent) 409. A refused send frees its key.",
          headers: SendTemplateMessageHeaders,
          body: SendTemplateMessageRequest,
          response: {
            202: SendTemplateMessageResponse,
            ...refusals,
            402: ErrorBody,
            409: ErrorBody,
            422: ErrorBody,
            502: ErrorBody,
          },
        },
      },
      async (request, reply) => {
        const caller = callerOf(request);
        const { answer, replayed } = await sendOnce(
          ctx.db,
          ctx.now,
          {
            partnerId: caller.project.partnerId,
            projectId: caller.project.id,
            key: request.headers[IDEMPOTENCY_KEY_HEADER],
            body: request.body,
          },
          () => sendTemplateMessage(ctx, caller, request.body, request.log),
        );
        if (replayed) reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
        return reply.status(202).send(answer);
      },
    );
  };
