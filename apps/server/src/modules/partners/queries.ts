import { and, asc, eq, sql } from 'drizzle-orm';
import type { PartnerFlags } from '@pc/contract';
import type { DbOrTx } from '../../platform/db/open.js';
import { partners, projects } from '../../platform/db/schema.js';

export type PartnerRow = typeof partners.$inferSelect;

export const findPartner = async (db: DbOrTx, partnerId: string): Promise<PartnerRow | undefined> =>
  (await db.select().from(partners).where(eq(partners.id, partnerId)))[0];

/** Locks the partner row for the rest of the transaction: quotas are counted under it. */
export const lockPartner = async (db: DbOrTx, partnerId: string): Promise<PartnerRow | undefined> =>
  (await db.select().from(partners).where(eq(partners.id, partnerId)).for('update'))[0];

export const findPartnerByDomain = async (db: DbOrTx, host: string): Promise<PartnerRow | undefined> =>
  (await db.select().from(partners).where(eq(partners.customDomain, host.toLowerCase())))[0];

export const updatePartner = (db: DbOrTx, partnerId: string, values: Partial<PartnerRow>) =>
  db.update(partners).set(values).where(eq(partners.id, partnerId));

// Rows made in one transaction share created_at: the id breaks the tie so the order is stable.
export const listPartners = (db: DbOrTx) =>
  db.select().from(partners).orderBy(asc(partners.createdAt), asc(partners.id));

/** Merges flags into the partner's in one statement, so flags set at the same time are all kept. */
export const mergePartnerFlags = async (db: DbOrTx, partnerId: string, flags: PartnerFlags): Promise<boolean> =>
  (
    await db
      .update(partners)
      .set({ flags: sql`${partners.flags} || ${JSON.stringify(flags)}::jsonb` })
      .where(eq(partners.id, partnerId))
      .returning({ id: partners.id })
  ).length > 0;

/** Live accounts as the projects list counts them: WhatsApp verified and not deleted (archived by the partner). */
export const countLiveProjects = async (db: DbOrTx, partnerId: string): Promise<number> => {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(projects)
    .where(
      and(
        eq(projects.partnerId, partnerId),
        eq(projects.isWhatsappVerified, true),
        eq(projects.partnerArchived, false),
      ),
    );
  return row?.n ?? 0;
};
