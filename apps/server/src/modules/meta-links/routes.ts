import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { escapeHtml as escape, sandboxHtml as html } from '../../platform/http/sandbox-page.js';
import { LINK_CALLBACK_PATH } from '../../providers/meta/link-dialog.js';
import { completeLink } from './complete.js';
import type { MetaLinksCtx } from './context.js';
import { linkTexts } from './texts.js';

const text = z.string().max(2000).optional();
/** Facebook's parameters back: a code and the state, or the cancel's error fields (its manual login flow). */
const Callback = z.object({
  state: text,
  code: text,
  error: text,
  error_reason: text,
  error_description: text,
});

/** The page a generated link's client lands on after Facebook: what was connected, or why not. */
export const metaLinkRoutes =
  (ctx: MetaLinksCtx): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      LINK_CALLBACK_PATH,
      { config: { access: 'public' }, schema: { tags: ['meta'], querystring: Callback } },
      async (request, reply) => {
        const outcome = await completeLink(ctx, request.query, request.log);
        const title = outcome.kind ? linkTexts.titles[outcome.kind] : 'Connect to WhatsApp';
        const id = outcome.status === 200 ? 'done' : 'error';
        return reply
          .status(outcome.status)
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(html(title, `<p id="${id}">${escape(outcome.message)}</p>`, 'WhatsApp Business'));
      },
    );
  };
