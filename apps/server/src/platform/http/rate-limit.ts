import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { messages } from '@pc/contract';
import type { Env } from '../../env.js';
import { tooManyRequests } from '../errors/app-error.js';

/**
 * Which per-address limit a public route takes: `signIn` for the auth forms (each check costs an
 * argon2 hash), `public` for the rest, `none` for a caller that authenticates otherwise (the
 * messaging platform's key). Routes that need a session are not limited here.
 */
export type PublicLimit = 'signIn' | 'public' | 'none';

// Augmenting Fastify's types needs interfaces.
/* eslint-disable @typescript-eslint/consistent-type-definitions */
declare module 'fastify' {
  interface FastifyContextConfig {
    publicLimit?: PublicLimit;
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */

type Limiter = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/**
 * @fastify/rate-limit on every public route (and the static brand files), per client address and
 * route, in this process's memory: a 429 with Retry-After and the app's error body. The attempt
 * throttles of sign-in and reset mails (modules/auth/throttle.ts) are in the database and hold
 * across processes; these limits only stop floods early.
 */
export const limitPublicRoutes = async (app: FastifyInstance, env: Env) => {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      tooManyRequests(messages.tooManyRequests(Math.ceil(context.ttl / 1000)), Math.ceil(context.ttl / 1000)),
  });
  const limiter = (group: string, max: number): Limiter =>
    app.rateLimit({
      max,
      timeWindow: 60_000,
      keyGenerator: (request) => `${group}:${request.ip}:${request.routeOptions.url ?? request.url.split('?')[0]}`,
    });
  const limiters: Record<Exclude<PublicLimit, 'none'>, Limiter> = {
    signIn: limiter('sign-in', env.RATE_LIMIT_SIGN_IN_PER_MINUTE),
    public: limiter('public', env.RATE_LIMIT_PUBLIC_PER_MINUTE),
  };
  return {
    /** For a scope whose routes declare their access: limits the public ones. */
    publicRoutesOf: (scope: FastifyInstance) =>
      scope.addHook('onRequest', async (request, reply) => {
        const { access, publicLimit = 'public' } = request.routeOptions.config;
        if (access === 'public' && publicLimit !== 'none') await limiters[publicLimit](request, reply);
      }),
    /** For files served under a prefix outside the declared routes (the demo brand files). */
    prefix: (prefix: string) =>
      app.addHook('onRequest', async (request, reply) => {
        if (request.url.startsWith(prefix)) await limiters.public(request, reply);
      }),
  };
};
