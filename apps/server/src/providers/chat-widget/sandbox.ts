import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Env } from '../../env.js';

/** Where this server serves its sandbox customer-chat widget (assets/sandbox/chat-widget.js). */
export const SANDBOX_CHAT_WIDGET_PATH = '/sandbox/chat-widget.js';

/**
 * The widget the console starts after sign-in (doc 1 section 1): the vendor's script when one is
 * configured; otherwise, unless turned off, the sandbox's, served from this server's own origin, so
 * the demo shows the widget and the server connects to nobody for it.
 */
export const chatWidgetScriptUrl = (env: Pick<Env, 'CHAT_WIDGET_SCRIPT_URL' | 'CHAT_WIDGET'>): string | null =>
  env.CHAT_WIDGET_SCRIPT_URL ?? (env.CHAT_WIDGET === 'sandbox' ? SANDBOX_CHAT_WIDGET_PATH : null);

const scriptFile = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../assets/sandbox/chat-widget.js');

/** Serves the sandbox widget's script when it is the one in use. */
export const sandboxChatWidgetRoutes =
  (env: Pick<Env, 'CHAT_WIDGET_SCRIPT_URL' | 'CHAT_WIDGET'>): FastifyPluginAsyncZod =>
  async (app) => {
    if (chatWidgetScriptUrl(env) !== SANDBOX_CHAT_WIDGET_PATH) return;
    const body = readFileSync(scriptFile);
    app.get(
      SANDBOX_CHAT_WIDGET_PATH,
      { config: { access: 'public' }, schema: { tags: ['sandbox'] } },
      async (_, reply) => reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(body),
    );
  };
