import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { messages, PROJECT_API_REALM, projectApiAllowed, projectApiMessages, webhookMessages } from '@pc/contract';
import { AppError, forbidden, tooManyRequests } from '../../platform/errors/app-error.js';
import { countInWindow, secondsUntil } from '../../platform/http/window-counter.js';
import { verifyPrivateAppCredential } from '../private-app/index.js';
import type { ProjectApiCtx } from './context.js';
import { findApiProject, touchApp, type ApiProject } from './queries.js';

/** Who is calling: the private app and its project, as the database says now. */
export type ProjectApiCaller = { privateAppId: string; project: ApiProject };

const callers = new WeakMap<FastifyRequest, ProjectApiCaller>();

/** The caller the guard let through (a route of the project API runs only after it). */
export const callerOf = (request: FastifyRequest): ProjectApiCaller => {
  const caller = callers.get(request);
  if (!caller) throw new Error('project API route without its guard');
  return caller;
};

/** `Authorization: Basic base64(id:password)`; null when it is not one (an id holds no colon). */
export const basicCredential = (header: string | undefined): { id: string; password: string } | null => {
  const match = /^basic +([A-Za-z0-9+/=]{1,600})$/i.exec(header?.trim() ?? '');
  if (!match) return null;
  const text = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = text.indexOf(':');
  const id = text.slice(0, colon);
  // Ids are printable ASCII: anything else (a NUL would fail in the database) is no id of ours.
  if (colon < 1 || !/^[\x21-\x7e]{1,100}$/.test(id)) return null;
  return { id, password: text.slice(colon + 1) };
};

const refused = (reply: FastifyReply) => {
  reply.header('www-authenticate', `Basic realm="${PROJECT_API_REALM}", charset="UTF-8"`);
  return new AppError('INVALID_CREDENTIAL', 401, projectApiMessages.unauthenticated);
};

const MINUTE_MS = 60_000;

/**
 * The project API's own authentication, for routes declared `public` to the session layer: each
 * call's Basic credential is checked (constant time), then counted against its app's limit, then
 * the project API rule is read again (a plan or partner change takes effect at once). Refused
 * credentials are counted per client address instead, so that guessing is limited too while a
 * valid app's quota cannot be spent by someone who only knows its id.
 *
 * The app's limit is a quota of the partner's client: it is counted in the database
 * (platform/http/window-counter.ts), so that calls spread over several server processes share it.
 * The refused-credential limit only stops floods early (a password is 256 random bits, never
 * guessed), so it stays in each process's memory and costs the database nothing.
 */
export const guardProjectApi = (scope: FastifyInstance, ctx: ProjectApiCtx) => {
  const perAddress = scope.createRateLimit({
    max: ctx.env.RATE_LIMIT_PUBLIC_PER_MINUTE,
    timeWindow: MINUTE_MS,
    keyGenerator: (request) => `project-api-refused:${request.ip}`,
  });
  const limited = (limit: Awaited<ReturnType<typeof perAddress>>) =>
    !limit.isAllowed && limit.isExceeded
      ? tooManyRequests(messages.tooManyRequests(limit.ttlInSeconds), limit.ttlInSeconds)
      : null;
  /** Counts the call against its app's quota (every process's calls alike) and refuses past it. */
  const takeAppCall = async (privateAppId: string, reply: FastifyReply) => {
    const max = ctx.env.PROJECT_API_RATE_LIMIT_PER_MINUTE;
    const now = ctx.now();
    const { count, windowEndsAt } = await countInWindow(ctx.db, `project-api:${privateAppId}`, MINUTE_MS, now);
    const seconds = secondsUntil(windowEndsAt, now);
    reply.header('x-ratelimit-limit', max);
    reply.header('x-ratelimit-remaining', Math.max(0, max - count));
    reply.header('x-ratelimit-reset', seconds);
    if (count > max) throw tooManyRequests(messages.tooManyRequests(seconds), seconds);
  };
  // When this process last moved each app's lastUsedAt: a call within the minute skips even the conditional update.
  const touched = new Map<string, number>();

  scope.addHook('preHandler', async (request, reply) => {
    const credential = basicCredential(request.headers.authorization);
    const app = credential
      ? await verifyPrivateAppCredential(ctx.db, ctx.env, credential.id, credential.password)
      : null;
    if (!credential || !app) throw limited(await perAddress(request)) ?? refused(reply);
    const project = await findApiProject(ctx.db, app.partnerId, app.projectId);
    if (!project || project.partnerArchived) throw refused(reply);
    callers.set(request, { privateAppId: credential.id, project });
    request.log = request.log.child({ partnerId: project.partnerId, projectId: project.id });
    reply.log = request.log;

    await takeAppCall(credential.id, reply);
    if (!projectApiAllowed(project, { type: project.partnerType, planType: project.partnerPlanType }))
      throw forbidden(webhookMessages.privateAppNotAllowed);

    const now = ctx.now();
    if (now.getTime() - (touched.get(credential.id) ?? 0) >= MINUTE_MS) {
      await touchApp(ctx.db, project.partnerId, credential.id, now);
      touched.set(credential.id, now.getTime());
    }
  });
};
