import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/open.js';
import { projects } from '../../platform/db/schema.js';
import { notFound } from '../../platform/errors/app-error.js';
import type { AgentViewer } from '../../platform/auth/viewer.js';
import { scopeOf } from '../businesses/list.js';
import { findBusiness } from '../businesses/queries.js';

/** Which rows a report covers: the partner's, one business's or one project's. */
export type ReportScope = { partnerId: string; businessId?: string; projectId?: string };

/**
 * The business or project named in a report call must be the viewer's (a referral user's business
 * scope applies): another partner's id is not found, never an empty report.
 */
export const reportScope = async (
  db: DbOrTx,
  viewer: AgentViewer,
  of: { businessId?: string; projectId?: string },
): Promise<ReportScope> => {
  if (of.businessId && !(await findBusiness(db, scopeOf(viewer), of.businessId))) throw notFound();
  if (of.projectId) {
    const [project] = await db
      .select({ id: projects.id })
      .from(projects)
      .where(and(eq(projects.partnerId, viewer.partnerId), eq(projects.id, of.projectId)))
      .limit(1);
    if (!project) throw notFound();
  }
  return { partnerId: viewer.partnerId, businessId: of.businessId, projectId: of.projectId };
};
