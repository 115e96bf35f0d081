import { and, eq } from 'drizzle-orm';
import { claim, releaseClaims } from '../../platform/db/claims.js';
import type { DbOrTx } from '../../platform/db/open.js';
import { businesses, partners, projectMetaAds, projects } from '../../platform/db/schema.js';
import { businessOfProject } from '../../platform/db/tenant-joins.js';

export type MetaAdsRow = typeof projectMetaAds.$inferSelect;

/** A project of the partner with its business's name, its partner and its Meta Ads row (if any). */
export const findAdsProject = async (db: DbOrTx, partnerId: string, projectId: string, lock = false) => {
  const query = db
    .select({ project: projects, partner: partners, businessName: businesses.displayName, meta: projectMetaAds })
    .from(projects)
    .innerJoin(partners, eq(partners.id, projects.partnerId))
    .innerJoin(businesses, businessOfProject)
    .leftJoin(
      projectMetaAds,
      and(eq(projectMetaAds.projectId, projects.id), eq(projectMetaAds.partnerId, projects.partnerId)),
    )
    .where(and(eq(projects.partnerId, partnerId), eq(projects.id, projectId)));
  return (lock ? await query.for('update', { of: projects }) : await query)[0];
};

/** Writes the project's Meta Ads row, made on first use. An ad account unselected gives back its claim. */
export const saveMetaAds = async (
  db: DbOrTx,
  project: { id: string; partnerId: string },
  values: Partial<MetaAdsRow>,
  now: Date,
) => {
  if ('selectedAdAccountId' in values && !values.selectedAdAccountId)
    await releaseClaims(db, project.id, ['ad-account']);
  await db
    .insert(projectMetaAds)
    .values({ projectId: project.id, partnerId: project.partnerId, ...values, updatedAt: now })
    .onConflictDoUpdate({
      target: [projectMetaAds.projectId, projectMetaAds.partnerId],
      set: { ...values, updatedAt: now },
    });
};

/**
 * One project an ad account, whatever the partner (its spend is debited from that project's credit):
 * the account is claimed for the platform, and the project's previous one given back. False when
 * another project holds it.
 */
export const claimAdAccount = async (db: DbOrTx, project: { id: string; partnerId: string }, accountId: string) => {
  await releaseClaims(db, project.id, ['ad-account']);
  return claim(db, { kind: 'ad-account', value: accountId, partnerId: project.partnerId, holderId: project.id });
};
