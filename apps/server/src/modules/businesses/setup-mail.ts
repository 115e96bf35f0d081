import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/open.js';
import { businesses, partners } from '../../platform/db/schema.js';

export type SetupMailTarget = { id: string; email: string; name: string };

/**
 * Businesses a password-setup mail may go to for this email: active businesses of non-DIRECT
 * partners (DIRECT partners set the password in the console instead).
 */
export const businessesForSetupMail = async (db: DbOrTx, email: string): Promise<SetupMailTarget[]> =>
  db
    .select({ id: businesses.id, email: businesses.email, name: businesses.displayName })
    .from(businesses)
    .innerJoin(partners, eq(partners.id, businesses.partnerId))
    .where(
      and(
        sql`lower(${businesses.email}) = ${email.trim().toLowerCase()}`,
        eq(businesses.archived, false),
        sql`${partners.type} <> 'DIRECT'`,
      ),
    )
    .limit(10);

export const setBusinessPasswordHash = (db: DbOrTx, businessId: string, passwordHash: string) =>
  db.update(businesses).set({ passwordHash }).where(eq(businesses.id, businessId));
