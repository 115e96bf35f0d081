import { and, eq } from 'drizzle-orm';
import { businesses, projects } from './schema.js';

/**
 * A project's business, joined on its key and on the partner both rows share. The composite
 * foreign key makes the second equality change no result; a distributed database joins two
 * tenant tables only on it (docs/scaling.md, "The rules a query keeps").
 */
export const businessOfProject = and(
  eq(businesses.id, projects.businessId),
  eq(businesses.partnerId, projects.partnerId),
)!;
