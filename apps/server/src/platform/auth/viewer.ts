import type { FastifyRequest } from 'fastify';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { fullAccess, noAccess, OWNER_ROLE, type AccessLevel } from '@pc/contract';
import type { DbOrTx } from '../db/open.js';
import { agents, platformAdmins, roles, sessions } from '../db/schema.js';
import type { TokenClaims, TokenService } from './tokens.js';
import { ViewerCache } from './viewer-cache.js';

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
  /** Where the request came from (`request.ip`: the real client's behind a trusted proxy), for the activity log. */
  address: string;
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

/** `now` goes in as an ISO string: the same text on PGlite and PostgreSQL, compared as timestamptz. */
const live = and(
  eq(sessions.id, sql.placeholder('sid')),
  isNull(sessions.revokedAt),
  gt(sessions.expiresAt, sql.placeholder('now')),
  eq(sessions.subjectId, sql.placeholder('sub')),
);

/**
 * The two lookups, built once per database (drizzle's prepared queries): building the SQL of a join
 * anew cost more than running it. On PostgreSQL they are named statements, so each pooled connection
 * parses and plans them once. Only the columns a viewer carries are read.
 */
const prepareLookups = (db: DbOrTx) => ({
  admin: db
    .select({
      id: platformAdmins.id,
      name: platformAdmins.name,
      email: platformAdmins.email,
      loginUsername: platformAdmins.loginUsername,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(platformAdmins, eq(platformAdmins.id, sessions.subjectId))
    .where(and(live, eq(sessions.subjectKind, 'superadmin')))
    .prepare('viewer_superadmin'),
  agent: db
    .select({
      id: agents.id,
      partnerId: agents.partnerId,
      agentRole: agents.agentRole,
      isReferral: agents.isReferral,
      name: agents.name,
      email: agents.email,
      loginUsername: agents.loginUsername,
      accessLevel: roles.accessLevel,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(agents, eq(agents.id, sessions.subjectId))
    .leftJoin(roles, and(eq(roles.partnerId, agents.partnerId), eq(roles.name, agents.agentRole)))
    // The token's partner names the agent's node on a distributed database (docs/scaling.md).
    .where(
      and(
        live,
        eq(sessions.subjectKind, 'agent'),
        eq(agents.partnerId, sql.placeholder('pid')),
        eq(agents.disabled, false),
      ),
    )
    .prepare('viewer_agent'),
});
const lookups = new WeakMap<DbOrTx, ReturnType<typeof prepareLookups>>();
const lookupsOf = (db: DbOrTx) => {
  let prepared = lookups.get(db);
  if (!prepared) lookups.set(db, (prepared = prepareLookups(db)));
  return prepared;
};

/** The viewer as read, without the request's address (the same session calls from anywhere). */
type StoredViewer = AdminViewer | Omit<AgentViewer, 'address'>;

/**
 * The signed-in user as the database says now: a revoked or expired session, a disabled agent or
 * a changed role take effect on the next request, whatever the token still claims (on another
 * process within VIEWER_CACHE_MS: platform/auth/viewer-cache.ts).
 */
const readViewer = async (db: DbOrTx, claims: TokenClaims, now: Date) => {
  const values = { sid: claims.sid, sub: claims.sub, now: now.toISOString() };
  if (claims.kind === 'superadmin') {
    const [admin] = await lookupsOf(db).admin.execute(values);
    if (!admin) return null;
    const { id, name, email, loginUsername, expiresAt } = admin;
    const viewer: StoredViewer = { kind: 'superadmin', sessionId: claims.sid, adminId: id, name, email, loginUsername };
    return { viewer, expiresAt: expiresAt.getTime() };
  }
  const [agent] = await lookupsOf(db).agent.execute({ ...values, pid: claims.pid ?? '' });
  if (!agent) return null;
  const viewer: StoredViewer = {
    kind: 'agent',
    sessionId: claims.sid,
    agentId: agent.id,
    partnerId: agent.partnerId,
    agentRole: agent.agentRole,
    accessLevel: agent.agentRole === OWNER_ROLE ? fullAccess : (agent.accessLevel ?? noAccess),
    isReferral: agent.isReferral,
    name: agent.name,
    email: agent.email,
    loginUsername: agent.loginUsername,
  };
  return { viewer, expiresAt: agent.expiresAt.getTime() };
};

const caches = new WeakMap<DbOrTx, ViewerCache<StoredViewer>>();
const cacheOf = (db: DbOrTx, ttlMs: number) => {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new ViewerCache<StoredViewer>(ttlMs)));
  return cache;
};

export const loadViewer = async (
  db: DbOrTx,
  claims: TokenClaims,
  now: Date,
  address = '',
  cacheMs = 0,
): Promise<Viewer | null> => {
  const viewer = await cacheOf(db, cacheMs).get(claims.sid, now, () => readViewer(db, claims, now));
  // The token's subject must be the session's (the lookup checks it; a cached entry is keyed by session).
  if (!viewer || viewer.kind !== claims.kind) return null;
  if ((viewer.kind === 'agent' ? viewer.agentId : viewer.adminId) !== claims.sub) return null;
  return viewer.kind === 'agent' ? { ...viewer, address } : viewer;
};

/** The viewer of a request's bearer token; null without one, or when it is no longer honoured. */
export const bearerViewer =
  (db: DbOrTx, tokens: TokenService, now: () => Date, cacheMs = 0) =>
  async (request: FastifyRequest): Promise<Viewer | null> => {
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) return null;
    const claims = await tokens.verify(header.slice(7));
    return claims ? loadViewer(db, claims, now(), request.ip, cacheMs) : null;
  };
