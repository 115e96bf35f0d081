import type { Env } from '../../../env.js';
import type { Db } from '../../../platform/db/open.js';
import { signingSecret } from '../../storage/create.js';
import { createGraphMetaTemplates } from './graph.js';
import { createSandboxMetaTemplates, type SendWebhook } from './sandbox.js';
import type { MetaTemplatesProvider } from './templates.js';

/**
 * The secret Meta's webhooks are signed with. Live: the app's own secret, which only Meta and the
 * configuration know. Sandbox: the configured one, else one derived from the server's token secret
 * (the sandbox signs and the endpoint verifies with the same value).
 */
export const metaAppSecret = (env: Env): string => {
  if (env.META_APP_SECRET) return env.META_APP_SECRET;
  if (env.META_MODE === 'live') throw new Error('META_MODE=live needs META_APP_SECRET to verify Meta webhooks');
  return signingSecret(env, 'meta-app-secret');
};

/** Where Meta (or the sandbox) posts the WhatsApp Business Account webhooks. */
export const metaWebhookUrl = (env: Env): string =>
  env.META_WEBHOOK_CALLBACK_URL ?? `${env.publicUrl}/platform/meta/webhook`;

/** The template side of Meta: the sandbox by default, the Graph API when META_MODE=live. */
export const createMetaTemplates = (
  env: Env,
  db: Db,
  now: () => Date,
  opts: { send?: SendWebhook } = {},
): MetaTemplatesProvider => {
  if (env.META_MODE === 'live') {
    if (!env.META_SYSTEM_USER_TOKEN) throw new Error('META_MODE=live needs META_SYSTEM_USER_TOKEN');
    return createGraphMetaTemplates({
      graphUrl: env.graphUrl,
      token: env.META_SYSTEM_USER_TOKEN,
      appId: env.META_APP_ID,
    });
  }
  return createSandboxMetaTemplates({
    db,
    now,
    reviewDelayMs: env.META_SANDBOX_REVIEW_DELAY_MS,
    appSecret: metaAppSecret(env),
    callbackUrl: metaWebhookUrl(env),
    send: opts.send,
  });
};
