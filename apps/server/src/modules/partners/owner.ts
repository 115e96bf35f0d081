import { and, asc, eq } from 'drizzle-orm';
import { OWNER_ROLE } from '@pc/contract';
import type { DbOrTx } from '../../platform/db/open.js';
import { agents } from '../../platform/db/schema.js';

/** The partner's owner (its first enabled owner), whom the console mails about the partner's account. */
export const ownerOf = async (db: DbOrTx, partnerId: string) =>
  (
    await db
      .select({ id: agents.id, name: agents.name, email: agents.email })
      .from(agents)
      .where(and(eq(agents.partnerId, partnerId), eq(agents.agentRole, OWNER_ROLE), eq(agents.disabled, false)))
      .orderBy(asc(agents.createdAt), asc(agents.id))
      .limit(1)
  )[0];
