import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/open.js';
import { partners, projects } from '../../platform/db/schema.js';

/** What the Webhook and Project Api tabs' rules read of a project and of its partner, and its name. */
const projectColumns = {
  id: projects.id,
  name: projects.name,
  partnerId: projects.partnerId,
  businessId: projects.businessId,
  partnerArchived: projects.partnerArchived,
  activePlan: projects.activePlan,
  addons: projects.addons,
  partnerType: partners.type,
  partnerPlanType: partners.planType,
};

const ofProject = (partnerId: string, projectId: string) =>
  and(eq(projects.partnerId, partnerId), eq(projects.id, projectId));

/** The partner's project (the tenant floor: another partner's is not found) with what the rules read. */
export const findRuledProject = async (db: DbOrTx, partnerId: string, projectId: string) =>
  (
    await db
      .select(projectColumns)
      .from(projects)
      .innerJoin(partners, eq(partners.id, projects.partnerId))
      .where(ofProject(partnerId, projectId))
  )[0];
export type RuledProject = NonNullable<Awaited<ReturnType<typeof findRuledProject>>>;

/**
 * The same, with the project's row locked for the transaction: changes of one project queue behind
 * each other, so a count checked is the count written. Only the project row is locked (projects
 * before partners, by id, is the lock order).
 */
export const lockRuledProject = async (tx: DbOrTx, partnerId: string, projectId: string) =>
  (
    await tx
      .select(projectColumns)
      .from(projects)
      .innerJoin(partners, eq(partners.id, projects.partnerId))
      .where(ofProject(partnerId, projectId))
      .for('update', { of: projects })
  )[0];
