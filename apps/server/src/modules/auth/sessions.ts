import { and, eq, isNull, ne } from 'drizzle-orm';
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
  return deps.tokens.sign({ sub: account.id, sid: id, kind: account.kind, pid: account.partnerId }, expiresAt);
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
