import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/open.js';
import { privateApps, projects } from '../../platform/db/schema.js';
import { enterInDirectory } from '../../platform/db/directory.js';
import { partnerOf } from '../../platform/db/partner-of.js';

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

/** A new app, entered in the partner directory with it (a client's credential names it alone). */
export const insertApp = async (db: DbOrTx, row: typeof privateApps.$inferInsert): Promise<PrivateAppRow> => {
  const [app] = await db.insert(privateApps).values(row).returning();
  await enterInDirectory(db, [{ id: app!.id, kind: 'private-app', partnerId: app!.partnerId }]);
  return app!;
};

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

/**
 * An app by its id alone, with its project's archive mark: what the project API's sign-in looks up.
 * Its partner comes from the partner directory, so the app is then asked of that partner's rows only.
 */
export const findAppForCredential = async (db: DbOrTx, appId: string) => {
  const partnerId = await partnerOf(db, privateApps, appId);
  if (partnerId === undefined) return undefined;
  return (
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
      .where(and(eq(privateApps.partnerId, partnerId), eq(privateApps.id, appId)))
  )[0];
};
