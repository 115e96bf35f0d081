import { and, asc, desc, eq, gt, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/open.js';
import { newId } from '../../platform/db/ids.js';
import { sessions } from '../../platform/db/schema.js';
import type { Deps } from '../../deps.js';
import type { Account } from './accounts.js';

export type Device = { ip?: string; device?: string };

/** Opens a session for the account and returns its signed token. */
export const openSession = async (deps: Deps, db: DbOrTx, account: Account, from: Device): Promise<string> => {
  const id = newId();
  const expiresAt = new Date(deps.now().getTime() + deps.env.TOKEN_TTL_HOURS * 3600_000);
  await db.insert(sessions).values({
    id,
    subjectKind: account.kind,
    subjectId: account.id,
    partnerId: account.partnerId ?? null,
    device: from.device?.slice(0, 300) ?? null,
    ip: from.ip ?? null,
    expiresAt,
  });
  return deps.tokens.sign(
    { sub: account.id, sid: id, kind: account.kind, pid: account.partnerId, ref: account.isReferral },
    expiresAt,
  );
};

export const revokeSession = (db: DbOrTx, sessionId: string, now: Date) =>
  db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));

/** Ends every session of a subject, but the one kept (if any). */
export const revokeSessionsOf = (db: DbOrTx, subjectId: string, now: Date, keep?: string) =>
  db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(eq(sessions.subjectId, subjectId), isNull(sessions.revokedAt), keep ? ne(sessions.id, keep) : undefined),
    );

/**
 * The live sessions (neither revoked nor expired) of some of a partner's agents, at most `perAgent`
 * of each, newest first: what the team list shows of their devices.
 */
export const liveAgentSessions = async (
  db: DbOrTx,
  partnerId: string,
  agentIds: string[],
  now: Date,
  perAgent: number,
) => {
  if (agentIds.length === 0) return [];
  const ranked = db
    .select({
      agentId: sessions.subjectId,
      device: sessions.device,
      createdAt: sessions.createdAt,
      rank: sql<number>`row_number() over (partition by ${sessions.subjectId} order by ${sessions.createdAt} desc, ${sessions.id} desc)`.as(
        'rank',
      ),
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.subjectKind, 'agent'),
        eq(sessions.partnerId, partnerId),
        inArray(sessions.subjectId, agentIds),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
      ),
    )
    .as('ranked');
  return db
    .select({ agentId: ranked.agentId, device: ranked.device, createdAt: ranked.createdAt })
    .from(ranked)
    .where(lte(ranked.rank, perAgent))
    .orderBy(asc(ranked.agentId), desc(ranked.createdAt), asc(ranked.rank));
};
