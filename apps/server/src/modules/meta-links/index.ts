import type { FastifyPluginAsync } from 'fastify';
import type { Deps } from '../../deps.js';
import { metaLinkTokens } from '../../providers/meta/create.js';
import { createMetaSignup } from '../../providers/meta/signup/create.js';
import { secretBox } from '../webhooks/secret.js';
import type { MetaLinksCtx } from './context.js';
import { metaLinkRoutes } from './routes.js';

/**
 * The generated links' way back (doc 2's "generate link" calls): Facebook's login sends the client
 * to the link callback, which completes the WhatsApp account, Meta Ads or catalogue connection.
 */
export const metaLinksModule = (deps: Deps, connectAds: MetaLinksCtx['connectAds']): FastifyPluginAsync => {
  const ctx: MetaLinksCtx = {
    ...deps,
    linkTokens: metaLinkTokens(deps.env),
    facebook: createMetaSignup(deps.env, deps.now).signup,
    tokenBox: secretBox(deps.env, 'facebook-tokens'),
    connectAds,
  };
  return metaLinkRoutes(ctx);
};
