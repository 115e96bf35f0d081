import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SSO_SIGN_IN_PATH, SsoSettings, SsoSignInQuery } from '@pc/contract';
import type { Deps } from '../../deps.js';
import { agentOf } from '../../platform/access/access.js';
import { ssoCookies } from './cookies.js';
import { getSsoSettings } from './settings.js';
import { ssoSignIn } from './sign-in.js';

const tags = ['sso'];

export const ssoRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/sso-settings',
      { config: { access: 'owner' }, schema: { tags, response: { 200: SsoSettings } } },
      (request) => getSsoSettings(deps.db, agentOf(request).partnerId),
    );

    app.get(
      SSO_SIGN_IN_PATH,
      {
        config: { access: 'public', publicLimit: 'signIn' },
        schema: {
          tags,
          description:
            "A partner's system signs its user in: a JWT (HS256, the partner's SSO secret) as ?token= or in the cookie " +
            'named after the brand followed by SSOToken. 302 to the console signed in; 401 SSO_REFUSED with the reason.',
          querystring: SsoSignInQuery,
        },
      },
      async (request, reply) => {
        const signedIn = await ssoSignIn(
          deps,
          { token: request.query.token, cookies: ssoCookies(request.headers.cookie) },
          { ip: request.ip, device: String(request.headers['user-agent'] ?? '') },
        );
        // A used cookie is worth nothing more (its jti is spent); it goes when it was set on this host.
        if (signedIn.cookieName) reply.header('set-cookie', `${signedIn.cookieName}=; Path=/; Max-Age=0; SameSite=Lax`);
        reply.header('cache-control', 'no-store');
        return reply.redirect(`/login?token=${encodeURIComponent(signedIn.token)}`, 302);
      },
    );
  };
