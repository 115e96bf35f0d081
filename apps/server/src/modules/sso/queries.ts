import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/open.js';
import { agents, partners, ssoTokens } from '../../platform/db/schema.js';

/** What single sign-on needs of a partner: its secret and what its cookie is named after. */
export const findSsoPartner = async (db: DbOrTx, partnerId: string) =>
  (
    await db
      .select({ id: partners.id, name: partners.name, brandName: partners.brandName, secret: partners.ssoSecretKey })
      .from(partners)
      .where(eq(partners.id, partnerId))
  )[0];

/** An enabled agent of this partner, by login user name or email (case-insensitively); never another partner's. */
export const findActiveAgent = async (db: DbOrTx, partnerId: string, login: string) =>
  (
    await db
      .select()
      .from(agents)
      .where(
        and(
          eq(agents.partnerId, partnerId),
          eq(agents.disabled, false),
          or(
            sql`lower(${agents.loginUsername}) = ${login.trim().toLowerCase()}`,
            sql`lower(${agents.email}) = ${login.trim().toLowerCase()}`,
          ),
        ),
      )
  )[0];

/**
 * Records a token's use: one insert that the primary key lets through once, in every server
 * process alike (a second one, even at the same moment, inserts nothing). True the first time.
 */
export const recordTokenUse = async (db: DbOrTx, partnerId: string, jti: string, expiresAt: Date) =>
  (
    await db
      .insert(ssoTokens)
      .values({ partnerId, jti, expiresAt })
      .onConflictDoNothing()
      .returning({ jti: ssoTokens.jti })
  ).length === 1;

/** Used tokens that expired before `before` can no longer be replayed: their rows go. */
export const forgetExpiredTokens = (db: DbOrTx, before: Date) =>
  db.delete(ssoTokens).where(lt(ssoTokens.expiresAt, before));
