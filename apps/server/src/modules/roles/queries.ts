import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { AccessLevel } from '@pc/contract';
import type { DbOrTx } from '../../platform/db/open.js';
import { roles } from '../../platform/db/schema.js';

export type RoleRow = typeof roles.$inferSelect;

// Rows made in one transaction share created_at: the name breaks the tie so the order is stable.
export const listRoles = (db: DbOrTx, partnerId: string) =>
  db.select().from(roles).where(eq(roles.partnerId, partnerId)).orderBy(asc(roles.createdAt), asc(roles.name));

export const countRoles = async (db: DbOrTx, partnerId: string) =>
  (await db.select({ n: count() }).from(roles).where(eq(roles.partnerId, partnerId)))[0]?.n ?? 0;

/** Role names are unique per partner regardless of case. */
export const findRole = async (db: DbOrTx, partnerId: string, name: string): Promise<RoleRow | undefined> =>
  (
    await db
      .select()
      .from(roles)
      .where(and(eq(roles.partnerId, partnerId), sql`lower(${roles.name}) = ${name.trim().toLowerCase()}`))
  )[0];

export const insertRole = (db: DbOrTx, partnerId: string, name: string, accessLevel: AccessLevel) =>
  db.insert(roles).values({ partnerId, name, accessLevel });

export const updateRoleAccess = (db: DbOrTx, partnerId: string, name: string, accessLevel: AccessLevel) =>
  db
    .update(roles)
    .set({ accessLevel })
    .where(and(eq(roles.partnerId, partnerId), eq(roles.name, name)));
