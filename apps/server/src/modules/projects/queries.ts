import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/open.js';
import { businesses, kycSubmissions, partners, projects, storedFiles } from '../../platform/db/schema.js';
import { businessOfProject } from '../../platform/db/tenant-joins.js';

export type ProjectRow = typeof projects.$inferSelect;
export type PartnerRow = typeof partners.$inferSelect;

/** Within the partner only: another partner's project is simply not found. */
export const findProject = async (db: DbOrTx, partnerId: string, projectId: string): Promise<ProjectRow | undefined> =>
  (
    await db
      .select()
      .from(projects)
      .where(and(eq(projects.partnerId, partnerId), eq(projects.id, projectId)))
  )[0];

export const findProjectWithBusiness = async (db: DbOrTx, partnerId: string, projectId: string) =>
  (
    await db
      .select({ project: projects, businessName: businesses.displayName })
      .from(projects)
      .innerJoin(businesses, businessOfProject)
      .where(and(eq(projects.partnerId, partnerId), eq(projects.id, projectId)))
  )[0];

export const findPartner = async (db: DbOrTx, partnerId: string): Promise<PartnerRow | undefined> =>
  (await db.select().from(partners).where(eq(partners.id, partnerId)))[0];

export const findBusiness = async (db: DbOrTx, partnerId: string, businessId: string) =>
  (
    await db
      .select()
      .from(businesses)
      .where(and(eq(businesses.partnerId, partnerId), eq(businesses.id, businessId)))
  )[0];

export const updateProject = async (db: DbOrTx, partnerId: string, projectId: string, values: Partial<ProjectRow>) =>
  (
    await db
      .update(projects)
      .set(values)
      .where(and(eq(projects.partnerId, partnerId), eq(projects.id, projectId)))
      .returning()
  )[0];

/** Takes the sync slot only when the last sync is older than the throttle: one statement, so two at once cannot both pass. */
export const claimChannelSync = async (
  db: DbOrTx,
  partnerId: string,
  projectId: string,
  now: Date,
  throttleMs: number,
) =>
  (
    await db
      .update(projects)
      .set({ lastChannelSyncAt: now })
      .where(
        and(
          eq(projects.partnerId, partnerId),
          eq(projects.id, projectId),
          sql`(${projects.lastChannelSyncAt} is null or ${projects.lastChannelSyncAt} <= ${new Date(now.getTime() - throttleMs).toISOString()}::timestamptz)`,
        ),
      )
      .returning({ id: projects.id })
  ).length > 0;

export const insertStoredFile = (db: DbOrTx, row: typeof storedFiles.$inferInsert) =>
  db.insert(storedFiles).values(row);

export const findStoredFile = async (db: DbOrTx, fileId: string) =>
  (await db.select().from(storedFiles).where(eq(storedFiles.id, fileId)))[0];

export const findStoredFileByKey = async (db: DbOrTx, partnerId: string, storageKey: string) =>
  (
    await db
      .select()
      .from(storedFiles)
      .where(and(eq(storedFiles.partnerId, partnerId), eq(storedFiles.storageKey, storageKey)))
  )[0];

export const insertKycSubmission = (db: DbOrTx, row: typeof kycSubmissions.$inferInsert) =>
  db.insert(kycSubmissions).values(row);

export const partnerUsesBusinessManager = async (db: DbOrTx, partnerId: string, fbBusinessId: string) =>
  (
    await db
      .select({ id: projects.id })
      .from(projects)
      .where(and(eq(projects.partnerId, partnerId), eq(projects.fbBusinessId, fbBusinessId)))
      .limit(1)
  ).length > 0;

export const updateStoredFile = (
  db: DbOrTx,
  partnerId: string,
  fileId: string,
  values: Partial<typeof storedFiles.$inferInsert>,
) =>
  db
    .update(storedFiles)
    .set(values)
    .where(and(eq(storedFiles.partnerId, partnerId), eq(storedFiles.id, fileId)));
