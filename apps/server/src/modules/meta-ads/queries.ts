import { and, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/open.js';
import { businesses, partners, projectMetaAds, projects } from '../../platform/db/schema.js';

export type MetaAdsRow = typeof projectMetaAds.$inferSelect;

/** A project of the partner with its business's name, its partner and its Meta Ads row (if any). */
export const findAdsProject = async (db: DbOrTx, partnerId: string, projectId: string, lock = false) => {
  const query = db
    .select({ project: projects, partner: partners, businessName: businesses.displayName, meta: projectMetaAds })
    .from(projects)
    .innerJoin(partners, eq(partners.id, projects.partnerId))
    .innerJoin(businesses, eq(businesses.id, projects.businessId))
    .leftJoin(projectMetaAds, eq(projectMetaAds.projectId, projects.id))
    .where(and(eq(projects.partnerId, partnerId), eq(projects.id, projectId)));
  return (lock ? await query.for('update', { of: projects }) : await query)[0];
};

/** Writes the project's Meta Ads row, made on first use. */
export const saveMetaAds = (
  db: DbOrTx,
  project: { id: string; partnerId: string },
  values: Partial<MetaAdsRow>,
  now: Date,
) =>
  db
    .insert(projectMetaAds)
    .values({ projectId: project.id, partnerId: project.partnerId, ...values, updatedAt: now })
    .onConflictDoUpdate({ target: projectMetaAds.projectId, set: { ...values, updatedAt: now } });

/** The other project whose ads an ad account already runs, if any (its spend is debited there). */
export const accountTakenBy = async (db: DbOrTx, accountId: string, projectId: string) =>
  (
    await db
      .select({ projectId: projectMetaAds.projectId })
      .from(projectMetaAds)
      .where(and(eq(projectMetaAds.selectedAdAccountId, accountId), ne(projectMetaAds.projectId, projectId)))
  )[0];
