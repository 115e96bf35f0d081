import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../src/platform/db/open.js';
import { partners } from '../src/platform/db/schema.js';

/** The id of a seeded partner, for factories that add to the demo world. */
export const findPartnerIdByName = async (db: DbOrTx, name: string): Promise<string> => {
  const [row] = await db.select({ id: partners.id }).from(partners).where(eq(partners.name, name));
  if (!row) throw new Error(`no partner named ${name}`);
  return row.id;
};
