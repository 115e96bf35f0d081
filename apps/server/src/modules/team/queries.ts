import { and, asc, count, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/open.js';
import { agents } from '../../platform/db/schema.js';

export type AgentRow = typeof agents.$inferSelect;
export type NewAgent = typeof agents.$inferInsert;

// Rows made in one transaction share created_at: the id breaks the tie so the order is stable.
export const listAgents = (db: DbOrTx, partnerId: string) =>
  db.select().from(agents).where(eq(agents.partnerId, partnerId)).orderBy(asc(agents.createdAt), asc(agents.id));

export const countActiveAgents = async (db: DbOrTx, partnerId: string) =>
  (
    await db
      .select({ n: count() })
      .from(agents)
      .where(and(eq(agents.partnerId, partnerId), eq(agents.disabled, false)))
  )[0]?.n ?? 0;

/** Within the partner only: another partner's agent id is simply not found. */
export const findAgent = async (db: DbOrTx, partnerId: string, agentId: string): Promise<AgentRow | undefined> =>
  (
    await db
      .select()
      .from(agents)
      .where(and(eq(agents.partnerId, partnerId), eq(agents.id, agentId)))
  )[0];

export const insertAgent = (db: DbOrTx, agent: NewAgent) => db.insert(agents).values(agent);

export const updateAgent = (db: DbOrTx, partnerId: string, agentId: string, values: Partial<AgentRow>) =>
  db
    .update(agents)
    .set(values)
    .where(and(eq(agents.partnerId, partnerId), eq(agents.id, agentId)));
