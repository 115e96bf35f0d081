import { and, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { businesses, projects } from './schema.js';
import { textArray } from './unnest.js';

/**
 * A project's business, joined on its key and on the partner both rows share. The composite
 * foreign key makes the second equality change no result; a distributed database joins two
 * tenant tables only on it (docs/scaling.md, "The rules a query keeps").
 */
export const businessOfProject = and(
  eq(businesses.id, projects.businessId),
  eq(businesses.partnerId, projects.partnerId),
)!;

/**
 * Rows of these partners: `= id` for one (what a distributed database routes a statement on to
 * one node), `= any(ids)` for several (one database's batch of many partners).
 */
export const ofPartners = (column: SQLWrapper, partnerIds: readonly string[]): SQL =>
  partnerIds.length === 1 ? sql`${column} = ${partnerIds[0]}` : sql`${column} = any(${textArray([...partnerIds])})`;
