import type { FastifyRequest } from 'fastify';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { fullAccess, noAccess, OWNER_ROLE, type AccessLevel } from '@pc/contract';
import type { DbOrTx } from '../db/open.js';
import { agents, platformAdmins, roles, sessions } from '../db/schema.js';
import type { TokenClaims, TokenService } from './tokens.js';

export type AgentViewer = {
  kind: 'agent';
  sessionId: string;
  agentId: string;
  partnerId: string;
  agentRole: string;
  accessLevel: AccessLevel;
  isReferral: boolean;
  name: string;
  email: string;
  loginUsername: string;
};
export type AdminViewer = {
  kind: 'superadmin';
  sessionId: string;
  adminId: string;
  name: string;
  email: string;
  loginUsername: string;
};
export type Viewer = AgentViewer | AdminViewer;

/**
 * The signed-in user as the database says now: a revoked or expired session, a disabled agent or
 * a changed role take effect on the next request, whatever the token still claims.
 */
export const loadViewer = async (db: DbOrTx, claims: TokenClaims, now: Date): Promise<Viewer | null> => {
  const live = and(
    eq(sessions.id, claims.sid),
    isNull(sessions.revokedAt),
    gt(sessions.expiresAt, now),
    eq(sessions.subjectId, claims.sub),
  );
  if (claims.kind === 'superadmin') {
    const [row] = await db
      .select({ admin: platformAdmins })
      .from(sessions)
      .innerJoin(platformAdmins, eq(platformAdmins.id, sessions.subjectId))
      .where(and(live, eq(sessions.subjectKind, 'superadmin')));
    if (!row) return null;
    const { id, name, email, loginUsername } = row.admin;
    return { kind: 'superadmin', sessionId: claims.sid, adminId: id, name, email, loginUsername };
  }
  const [row] = await db
    .select({ agent: agents, accessLevel: roles.accessLevel })
    .from(sessions)
    .innerJoin(agents, eq(agents.id, sessions.subjectId))
    .leftJoin(roles, and(eq(roles.partnerId, agents.partnerId), eq(roles.name, agents.agentRole)))
    .where(and(live, eq(sessions.subjectKind, 'agent'), eq(agents.disabled, false)));
  if (!row) return null;
  const { agent } = row;
  return {
    kind: 'agent',
    sessionId: claims.sid,
    agentId: agent.id,
    partnerId: agent.partnerId,
    agentRole: agent.agentRole,
    accessLevel: agent.agentRole === OWNER_ROLE ? fullAccess : (row.accessLevel ?? noAccess),
    isReferral: agent.isReferral,
    name: agent.name,
    email: agent.email,
    loginUsername: agent.loginUsername,
  };
};

/** The viewer of a request's bearer token; null without one, or when it is no longer honoured. */
export const bearerViewer =
  (db: DbOrTx, tokens: TokenService, now: () => Date) =>
  async (request: FastifyRequest): Promise<Viewer | null> => {
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) return null;
    const claims = await tokens.verify(header.slice(7));
    return claims ? loadViewer(db, claims, now()) : null;
  };
