import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/open.js';
import { marketingOptOuts, projects } from '../../platform/db/schema.js';

/** A project by its partner, as every tenant key names it. */
export type ProjectRef = { partnerId: string; projectId: string };

/** A user's last word on a project's marketing messages, by one of the ids Meta named them with. */
export type OptOutRow = ProjectRef & { recipient: string; stopped: boolean; changedAt: Date };

/**
 * The projects whose business number is each of Meta's phone number ids, across partners (Meta's
 * webhooks name the number, not the partner). Usually one a number; a number a project gave up and
 * another took is both of theirs.
 */
export const projectsOfPhoneNumbers = async (
  db: DbOrTx,
  phoneNumberIds: readonly string[],
): Promise<Map<string, ProjectRef[]>> => {
  const ids = [...new Set(phoneNumberIds)];
  const found = new Map<string, ProjectRef[]>();
  if (ids.length === 0) return found;
  const rows = await db
    .select({ partnerId: projects.partnerId, projectId: projects.id, phoneNumberId: projects.wabaNumberId })
    .from(projects)
    .where(inArray(projects.wabaNumberId, ids));
  for (const { phoneNumberId, ...ref } of rows)
    if (phoneNumberId) found.set(phoneNumberId, [...(found.get(phoneNumberId) ?? []), ref]);
  return found;
};

const t = marketingOptOuts;

/**
 * Writes each row unless the row kept is newer: a later word wins, an older one arriving late
 * changes nothing, and at the same instant a stop wins over a resume (whichever came first). The
 * rows must have distinct keys (one statement cannot change a row twice). Answers the rows written.
 */
export const writeOptOuts = async (db: DbOrTx, rows: OptOutRow[]): Promise<number> => {
  if (rows.length === 0) return 0;
  const written = await db
    .insert(t)
    .values(rows)
    .onConflictDoUpdate({
      target: [t.partnerId, t.projectId, t.recipient],
      set: { stopped: sql`excluded.stopped`, changedAt: sql`excluded.changed_at` },
      setWhere: sql`${t.changedAt} < excluded.changed_at or (${t.changedAt} = excluded.changed_at and excluded.stopped and not ${t.stopped})`,
    })
    .returning({ recipient: t.recipient });
  return written.length;
};

export const findOptOut = async (db: DbOrTx, key: ProjectRef & { recipient: string }) =>
  (
    await db
      .select({ stopped: t.stopped, changedAt: t.changedAt })
      .from(t)
      .where(and(eq(t.partnerId, key.partnerId), eq(t.projectId, key.projectId), eq(t.recipient, key.recipient)))
  )[0];
