import { and, asc, eq } from 'drizzle-orm';
import { partners, projects } from '../../../src/platform/db/schema.js';
import type { Member, Sweep } from './case.js';

/** The member's projects their partner has not archived, with the partner's type and plan type. */
export const projectsOf = async (s: Sweep, member: Member) =>
  s.t.database.db
    .select({ project: projects, partnerType: partners.type, planType: partners.planType })
    .from(projects)
    .innerJoin(partners, eq(partners.id, projects.partnerId))
    .where(and(eq(projects.partnerId, (await s.idsOf(member)).partnerId), eq(projects.partnerArchived, false)))
    .orderBy(asc(projects.name));
