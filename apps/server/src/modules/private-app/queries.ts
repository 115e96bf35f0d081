import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/open.js';
import { privateApps, projects } from '../../platform/db/schema.js';

export type PrivateAppRow = typeof privateApps.$inferSelect;

export { findRuledProject as findProject, lockRuledProject as lockProject } from '../webhooks/project-row.js';
export type { RuledProject as PrivateAppProject } from '../webhooks/project-row.js';

export const findProjectApp = async (db: DbOrTx, partnerId: string, projectId: string) =>
  (
    await db
      .select()
      .from(privateApps)
      .where(and(eq(privateApps.partnerId, partnerId), eq(privateApps.projectId, projectId)))
  )[0];

export const insertApp = async (db: DbOrTx, row: typeof privateApps.$inferInsert): Promise<PrivateAppRow> =>
  (await db.insert(privateApps).values(row).returning())[0]!;

/** A new password hash for the project's app of this id; undefined when there is no such app. */
export const resetApp = async (
  db: DbOrTx,
  partnerId: string,
  projectId: string,
  appId: string,
  passwordHash: string,
  now: Date,
): Promise<PrivateAppRow | undefined> =>
  (
    await db
      .update(privateApps)
      .set({ passwordHash, updatedAt: now })
      .where(and(eq(privateApps.partnerId, partnerId), eq(privateApps.projectId, projectId), eq(privateApps.id, appId)))
      .returning()
  )[0];

/** An app by its id alone, with its project's archive mark: what the project API's sign-in looks up. */
export const findAppForCredential = async (db: DbOrTx, appId: string) =>
  (
    await db
      .select({
        id: privateApps.id,
        partnerId: privateApps.partnerId,
        projectId: privateApps.projectId,
        passwordHash: privateApps.passwordHash,
        partnerArchived: projects.partnerArchived,
      })
      .from(privateApps)
      .innerJoin(projects, and(eq(projects.id, privateApps.projectId), eq(projects.partnerId, privateApps.partnerId)))
      .where(eq(privateApps.id, appId))
  )[0];
