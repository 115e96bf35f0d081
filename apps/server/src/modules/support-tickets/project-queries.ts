import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/open.js';
import { projects } from '../../platform/db/schema.js';
import { partnerOf } from '../../platform/db/partner-of.js';

/** What tickets read of a project: whose it is, its name, and the fields a ticket may ask to change. */
const projectColumns = {
  id: projects.id,
  partnerId: projects.partnerId,
  name: projects.name,
  partnerArchived: projects.partnerArchived,
  dailyTemplateLimit: projects.dailyTemplateLimit,
  maxAgents: projects.maxAgents,
  macQuota: projects.macQuota,
};

/** The partner's own project (the tenant floor: another partner's id finds nothing). */
export const findPartnerProject = async (db: DbOrTx, partnerId: string, projectId: string) =>
  (
    await db
      .select(projectColumns)
      .from(projects)
      .where(and(eq(projects.partnerId, partnerId), eq(projects.id, projectId)))
  )[0];

/**
 * The partner's project, locked until the transaction ends: raising a ticket on it waits for any
 * other raise on it, so the open tickets are counted and the new one added as one step.
 */
export const lockPartnerProject = async (tx: DbOrTx, partnerId: string, projectId: string) =>
  (
    await tx
      .select(projectColumns)
      .from(projects)
      .where(and(eq(projects.partnerId, partnerId), eq(projects.id, projectId)))
      .for('update')
  )[0];

/** Any partner's project, locked (the super-admin's writes). */
export const lockAnyProject = async (tx: DbOrTx, projectId: string) => {
  const partnerId = await partnerOf(tx, projects, projectId);
  return partnerId === undefined ? undefined : lockPartnerProject(tx, partnerId, projectId);
};
export type TicketProject = NonNullable<Awaited<ReturnType<typeof lockAnyProject>>>;

export type ProjectFields = { dailyTemplateLimit?: number; maxAgents?: number; macQuota?: number };

export const updateProjectFields = (tx: DbOrTx, project: TicketProject, values: ProjectFields) =>
  tx
    .update(projects)
    .set(values)
    .where(and(eq(projects.partnerId, project.partnerId), eq(projects.id, project.id)));
