import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import { marginMeasures } from '@pc/contract';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../platform/db/open.js';
import { oneStatement } from '../../platform/db/one-statement.js';
import { unnestInserts } from '../../platform/db/unnest.js';
import { marginDays, marginMixDays, marginProjectDays } from '../../platform/db/schema.js';

type MarginDay = typeof marginDays.$inferInsert & {
  conversations: number;
  charged: number;
  free: number;
  unbilled: number;
  revenue: number;
  providerCost: number;
  freeSaved: number;
  unbilledAmount: number;
  belowCost: number;
  belowCostAmount: number;
};

type Sums = Pick<MarginDay, (typeof marginMeasures)[number]>;

/** The rows merged by a coarser key, their measures summed, in key order. */
const merged = <R extends Sums>(all: MarginDay[], keyOf: (r: MarginDay) => string, shape: (r: MarginDay) => R): R[] => {
  const out = new Map<string, R>();
  for (const r of all) {
    const key = keyOf(r);
    const into = out.get(key);
    if (!into) out.set(key, { ...shape(r) });
    else for (const m of marginMeasures) into[m] += r[m];
  }
  return [...out.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, r]) => r);
};

/**
 * Adds rows to a rollup table: inserted, or their measures added to the stored row of the same key.
 * All the rows in one statement (one array parameter per column), each key once, in the order given.
 */
const upsertSums = (
  table: typeof marginDays | typeof marginProjectDays | typeof marginMixDays,
  all: object[],
  target: PgColumn[],
): SQL[] => {
  const name = getTableName(table);
  const columns = getTableColumns(table);
  const add = marginMeasures
    .map((m) => `${columns[m].name} = ${name}.${columns[m].name} + excluded.${columns[m].name}`)
    .join(', ');
  const conflict = target.map((c) => c.name).join(', ');
  return unnestInserts(table, all as (typeof table.$inferInsert)[]).map(
    (insert) => sql`${insert} on conflict (${sql.raw(conflict)}) do update set ${sql.raw(add)}`,
  );
};

/** One conversation as charging opened it: what the margin report adds of it. */
export type OpenedConversation = {
  partnerId: string;
  projectId: string;
  dayDate: string;
  category: MarginDay['category'];
  country: string;
  status: 'CHARGED' | 'FREE' | 'UNBILLED';
  /** The partner's price (charged, or left unbilled); 0 when free. */
  amount: number;
  providerAmount: number;
  /** A free one: what it would have cost the client. */
  saved: number;
};

/**
 * The margin rows of one charging batch, merged by key before they are written: the batch's
 * transaction adds them to the day rows (modules/charging/ingest.ts), so a report never reads a
 * conversation that its rollup does not count, nor the other way round.
 */
export const marginBatch = () => {
  const rows = new Map<string, MarginDay>();
  return {
    /** `sign` -1 takes back what a unit added (a message that failed undelivered). */
    add(c: OpenedConversation, sign: 1 | -1 = 1) {
      const key = `${c.projectId}|${c.dayDate}|${c.category}|${c.country}`;
      const row = rows.get(key) ?? {
        partnerId: c.partnerId,
        projectId: c.projectId,
        dayDate: c.dayDate,
        category: c.category,
        country: c.country,
        conversations: 0,
        charged: 0,
        free: 0,
        unbilled: 0,
        revenue: 0,
        providerCost: 0,
        freeSaved: 0,
        unbilledAmount: 0,
        belowCost: 0,
        belowCostAmount: 0,
      };
      row.conversations += sign;
      row.providerCost += sign * c.providerAmount;
      if (c.status === 'CHARGED') {
        row.charged += sign;
        row.revenue += sign * c.amount;
        if (c.amount < c.providerAmount) {
          row.belowCost += sign;
          row.belowCostAmount += sign * (c.providerAmount - c.amount);
        }
      } else if (c.status === 'FREE') {
        row.free += sign;
        row.freeSaved += sign * c.saved;
      } else {
        row.unbilled += sign;
        row.unbilledAmount += sign * c.amount;
      }
      rows.set(key, row);
    },
    rows: () => [...rows.values()],
    /**
     * Adds the batch to the stored day rows, and to their sums per project and day and per
     * category and country and day (the report's coarser rollups), all in one statement, each key
     * once per table (the rows of a partner's day are written under its lock).
     */
    async write(tx: DbOrTx) {
      const all = [...rows.values()];
      // The three tables in one statement: one round trip (platform/db/one-statement.ts).
      const statement = oneStatement([
        ...upsertSums(marginDays, all, [
          marginDays.partnerId,
          marginDays.projectId,
          marginDays.dayDate,
          marginDays.category,
          marginDays.country,
        ]),
        ...upsertSums(
          marginProjectDays,
          merged(
            all,
            (r) => `${r.partnerId}|${r.dayDate}|${r.projectId}`,
            ({ category: _c, country: _k, ...r }) => r,
          ),
          [marginProjectDays.partnerId, marginProjectDays.dayDate, marginProjectDays.projectId],
        ),
        ...upsertSums(
          marginMixDays,
          merged(
            all,
            (r) => `${r.partnerId}|${r.dayDate}|${r.category}|${r.country}`,
            ({ projectId: _p, ...r }) => r,
          ),
          [marginMixDays.partnerId, marginMixDays.dayDate, marginMixDays.category, marginMixDays.country],
        ),
      ]);
      if (statement) await tx.execute(statement);
    },
  };
};
