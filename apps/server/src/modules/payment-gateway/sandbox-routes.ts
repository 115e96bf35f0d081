import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { RAZORPAY_CALLBACK_PATH } from '@pc/contract';
import { z } from 'zod';
import { notFound } from '../../platform/errors/app-error.js';
import {
  isSandboxOutcome,
  SANDBOX_CLIENT_ID,
  sandboxErrors,
  type SandboxRazorpay,
} from '../../providers/razorpay/sandbox.js';
import type { PaymentGatewayCtx } from './context.js';
import { authorisationPage, invalidRequestPage } from './sandbox-page.js';

const tags = ['sandbox'];
const css = readFileSync(
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../assets/sandbox/razorpay.css'),
);
// Without its parameters a request is no authorisation at all (a JSON 400); with them, the page says what is wrong.
const text = z.string().max(2000);
const AuthorizeQuery = z.object({
  response_type: text,
  client_id: text,
  redirect_uri: text,
  scope: text.optional(),
  state: text,
});
const DecideQuery = z.object({ redirect_uri: text, state: text, outcome: text.optional(), decision: text });
const assets: Record<string, Buffer> = { 'page.css': css };
const reasons = {
  responseType: 'response_type must be code.',
  client: 'Unknown client_id.',
  redirect: 'redirect_uri is not registered for this client.',
  state: 'state is missing.',
  decision: 'Choose Allow access or Deny.',
} as const;

/** The checks Razorpay makes of an authorisation request that reach the sandbox's Allow and Deny alike. */
const refusal = (sandbox: SandboxRazorpay, q: { redirect_uri: string; state: string }) => {
  if (q.redirect_uri !== sandbox.redirectUri) return reasons.redirect;
  if (!q.state || q.state.length > 200) return reasons.state;
  return null;
};

const page = (reply: FastifyReply, status: number, body: string) =>
  reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body);

/**
 * The sandbox Razorpay's authorisation page (RAZORPAY_MODE=sandbox; 404 otherwise), public as
 * Razorpay's is. Allow sends the browser to the callback with a code, Deny with
 * `error=access_denied`, both with the state as it came; the redirect is to the one registered
 * redirect URI's path on this server, so the sandbox can send a browser nowhere else.
 */
export const sandboxRoutes =
  (ctx: PaymentGatewayCtx): FastifyPluginAsyncZod =>
  async (app) => {
    const sandboxOrFail = () => {
      if (!ctx.sandbox) throw notFound();
      return ctx.sandbox;
    };

    app.get(
      '/sandbox/razorpay/assets/:file',
      { config: { access: 'public' }, schema: { tags, params: z.object({ file: z.string() }) } },
      async (request, reply) => {
        sandboxOrFail();
        // Own keys only: 'constructor' or '__proto__' would otherwise find Object's.
        if (!Object.hasOwn(assets, request.params.file)) throw notFound();
        return reply
          .type('text/css; charset=utf-8')
          .header('cache-control', 'no-cache')
          .send(assets[request.params.file]);
      },
    );

    app.get(
      '/sandbox/razorpay/authorize',
      { config: { access: 'public' }, schema: { tags, querystring: AuthorizeQuery } },
      async (request, reply) => {
        const sandbox = sandboxOrFail();
        const q = request.query;
        if (q.response_type !== 'code') return page(reply, 400, invalidRequestPage(reasons.responseType));
        if (q.client_id !== SANDBOX_CLIENT_ID) return page(reply, 400, invalidRequestPage(reasons.client));
        const refused = refusal(sandbox, q);
        if (refused) return page(reply, 400, invalidRequestPage(refused));
        return page(reply, 200, authorisationPage({ redirectUri: q.redirect_uri, state: q.state }));
      },
    );

    app.get(
      '/sandbox/razorpay/decide',
      { config: { access: 'public' }, schema: { tags, querystring: DecideQuery } },
      async (request, reply) => {
        const sandbox = sandboxOrFail();
        const q = request.query;
        const refused = refusal(sandbox, q);
        if (refused) return page(reply, 400, invalidRequestPage(refused));
        const outcome = q.outcome ?? 'connect';
        if ((q.decision !== 'allow' && q.decision !== 'deny') || !isSandboxOutcome(outcome))
          return page(reply, 400, invalidRequestPage(reasons.decision));
        const answer: Record<string, string> =
          q.decision === 'allow'
            ? { code: await sandbox.issueCode({ redirectUri: q.redirect_uri, outcome }), state: q.state }
            : { error: 'access_denied', error_description: sandboxErrors.accessDenied, state: q.state };
        return reply
          .header('cache-control', 'no-store')
          .redirect(`${RAZORPAY_CALLBACK_PATH}?${new URLSearchParams(answer).toString()}`, 303);
      },
    );
  };
