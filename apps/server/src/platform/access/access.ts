import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  hasPermission,
  isOwner,
  messages,
  permissionsOf,
  type Access,
  type EitherPermission,
  type Permission,
} from '@pc/contract';
import { forbidden, notFound, unauthenticated } from '../errors/app-error.js';
import type { AgentViewer, AdminViewer, Viewer } from '../auth/viewer.js';

// Augmenting Fastify's types needs interfaces.
/* eslint-disable @typescript-eslint/consistent-type-definitions */
declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    viewer: Viewer | null;
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */

export type AccessRow = { method: string; url: string; access: Access };

type Authenticate = (request: FastifyRequest) => Promise<Viewer | null>;

const permitted = (viewer: Viewer, access: Access): boolean => {
  if (access === 'authenticated') return true;
  if (access === 'superadmin') return viewer.kind === 'superadmin';
  if (viewer.kind !== 'agent') return false;
  if (access === 'member') return true;
  if (access === 'owner') return isOwner(viewer);
  return permissionsOf(access as Permission | EitherPermission).some((permission) => hasPermission(viewer, permission));
};

/**
 * Every route registered inside `scope` must declare its access, or registration throws. The
 * declaration is enforced on each request before the body is even validated, and the whole
 * route -> access table is kept for the snapshot test.
 */
export const enforceAccess = (
  scope: FastifyInstance,
  authenticate: Authenticate,
  table: AccessRow[],
  /** Told who is calling as soon as it is known (the logger tags the request's lines with it). */
  onViewer: (request: FastifyRequest, reply: FastifyReply) => void = () => {},
) => {
  scope.addHook('onRoute', (route) => {
    const access = route.config?.access;
    const methods = ([] as string[]).concat(route.method);
    if (!access) throw new Error(`Route ${methods.join(',')} ${route.url} declares no access`);
    for (const method of methods) if (method !== 'HEAD') table.push({ method, url: route.url, access });
  });
  scope.addHook('onRequest', async (request, reply) => {
    const access = request.routeOptions.config.access;
    request.viewer = await authenticate(request);
    onViewer(request, reply);
    if (access === 'public') return;
    if (!request.viewer) throw unauthenticated(messages.unauthenticated);
    if (!access || !permitted(request.viewer, access)) {
      // Refused for being a referral user (contract hasPermission), not for the role: say that.
      const viewer = request.viewer;
      if (viewer.kind === 'agent' && viewer.isReferral && access && permitted({ ...viewer, isReferral: false }, access))
        throw forbidden(messages.referralAreasOnly);
      throw forbidden(access === 'owner' ? messages.ownerOnly : messages.forbidden);
    }
    checkPathPartner(request);
  });
};

/** The spec records some paths with the placeholder itself ("/partner/:partnerId/..."). */
const PARTNER_PLACEHOLDER = ':partnerId';

/**
 * A `{partnerId}` in a signed-in member's path must be the session's partner or the spec's literal
 * placeholder (ARCHITECTURE rule 1): another partner's id answers 404, as its data would, and
 * nothing runs. Handlers still take the partner from the session, never from the path.
 */
const checkPathPartner = (request: FastifyRequest) => {
  const viewer = request.viewer;
  const inPath = (request.params as Record<string, unknown> | undefined)?.partnerId;
  if (viewer?.kind !== 'agent' || typeof inPath !== 'string') return;
  if (inPath !== viewer.partnerId && inPath !== PARTNER_PLACEHOLDER) throw notFound();
};

/** The tenant floor: the partner always comes from the verified session, never from the payload. */
export const agentOf = (request: FastifyRequest): AgentViewer => {
  const viewer = request.viewer;
  if (!viewer || viewer.kind !== 'agent') throw forbidden(messages.forbidden);
  return viewer;
};

export const adminOf = (request: FastifyRequest): AdminViewer => {
  const viewer = request.viewer;
  if (!viewer || viewer.kind !== 'superadmin') throw forbidden(messages.forbidden);
  return viewer;
};

export const viewerOf = (request: FastifyRequest): Viewer => {
  if (!request.viewer) throw unauthenticated(messages.unauthenticated);
  return request.viewer;
};
