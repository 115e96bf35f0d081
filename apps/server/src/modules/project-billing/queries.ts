import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/open.js';
import {
  businesses,
  partners,
  paymentPlanFamilies,
  planFamilies,
  projects,
  wccFamilies,
} from '../../platform/db/schema.js';
import { businessOfProject } from '../../platform/db/tenant-joins.js';

export type ProjectRow = typeof projects.$inferSelect;
export type ProjectWithBusiness = ProjectRow & { businessName: string };

/**
 * The partner's project that is not deleted, with its business's name; locked for the rest of the
 * transaction when asked, so two actions on one project run one after the other.
 */
export const findProject = async (
  db: DbOrTx,
  partnerId: string,
  projectId: string,
  opts: { lock?: boolean } = {},
): Promise<ProjectWithBusiness | undefined> => {
  const query = db
    .select({ project: projects, businessName: businesses.displayName })
    .from(projects)
    .innerJoin(businesses, businessOfProject)
    .where(and(eq(projects.id, projectId), eq(projects.partnerId, partnerId), eq(projects.partnerArchived, false)));
  const [row] = opts.lock ? await query.for('update', { of: projects }) : await query;
  return row ? { ...row.project, businessName: row.businessName } : undefined;
};

/**
 * The partner's project, deleted (archived) or not, locked for the transaction, with whether its
 * business is deleted: what a status change, the one action a deleted project takes, needs.
 */
export const lockProjectForStatus = async (db: DbOrTx, partnerId: string, projectId: string) =>
  (
    await db
      .select({ project: projects, businessArchived: businesses.archived })
      .from(projects)
      .innerJoin(businesses, businessOfProject)
      .where(and(eq(projects.id, projectId), eq(projects.partnerId, partnerId)))
      .for('update', { of: projects })
  )[0];

export const updateProject = (db: DbOrTx, partnerId: string, projectId: string, values: Partial<ProjectRow>) =>
  db
    .update(projects)
    .set(values)
    .where(and(eq(projects.id, projectId), eq(projects.partnerId, partnerId)));

export const findPlanFamily = async (db: DbOrTx, partnerId: string, familyId: string) =>
  (
    await db
      .select()
      .from(planFamilies)
      .where(and(eq(planFamilies.id, familyId), eq(planFamilies.partnerId, partnerId)))
  )[0];

export const findWccFamily = async (db: DbOrTx, partnerId: string, wccPlanId: string) =>
  (
    await db
      .select({ id: wccFamilies.id, name: wccFamilies.name })
      .from(wccFamilies)
      .where(and(eq(wccFamilies.id, wccPlanId), eq(wccFamilies.partnerId, partnerId)))
  )[0];

export const findPaymentPlan = async (db: DbOrTx, partnerId: string, paymentPlanId: string) =>
  (
    await db
      .select({ id: paymentPlanFamilies.id, name: paymentPlanFamilies.name })
      .from(paymentPlanFamilies)
      .where(and(eq(paymentPlanFamilies.id, paymentPlanId), eq(paymentPlanFamilies.partnerId, partnerId)))
  )[0];

export const findPartnerFlags = async (db: DbOrTx, partnerId: string) =>
  (await db.select({ flags: partners.flags }).from(partners).where(eq(partners.id, partnerId)))[0]?.flags ?? {};

export const findPartnerAddons = async (db: DbOrTx, partnerId: string) =>
  (
    await db
      .select({ addons: partners.addons, currency: partners.currency })
      .from(partners)
      .where(eq(partners.id, partnerId))
  )[0];
