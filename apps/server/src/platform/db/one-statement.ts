import { sql, type SQL } from 'drizzle-orm';

/**
 * Several writes sent as one statement, `with w1 as (<first>), w2 as (<second>) <last>`: one round
 * trip, and on the embedded database one parse, plan and protocol exchange, instead of one each.
 * PostgreSQL runs every data-modifying part of a WITH once and to completion, all on one snapshot,
 * so the parts must not read each other's effects nor write the same rows (two upserts of one key
 * in two parts would both insert): give it writes to different tables, or to different rows.
 * Answers null for no parts.
 */
export const oneStatement = (parts: readonly SQL[]): SQL | null => {
  if (parts.length === 0) return null;
  const last = parts[parts.length - 1]!;
  if (parts.length === 1) return last;
  const withs = parts.slice(0, -1).map((part, i) => sql`${sql.raw(`w${i + 1}`)} as (${part})`);
  return sql`with ${sql.join(withs, sql`, `)} ${last}`;
};
