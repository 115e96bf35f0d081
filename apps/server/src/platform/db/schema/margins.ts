import { bigint, foreignKey, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { partners } from './identity.js';
import { projects } from './projects.js';

const amount = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);

/** The measures every margin rollup keeps (money in 1/100000 of the project's currency). */
const measures = () => ({
  conversations: integer('conversations').notNull().default(0),
  charged: integer('charged').notNull().default(0),
  free: integer('free').notNull().default(0),
  unbilled: integer('unbilled').notNull().default(0),
  /** What the partner's clients paid (CHARGED conversations). */
  revenue: amount('revenue'),
  /** What the provider charges the partner: for every conversation it did not make free. */
  providerCost: amount('provider_cost'),
  /** What the free conversations would have cost the client at the project's prices. */
  freeSaved: amount('free_saved'),
  /** Leakage: the price of conversations left UNBILLED (no balance covered them). */
  unbilledAmount: amount('unbilled_amount'),
  /** Leakage: conversations charged below the provider's cost, and by how much in all. */
  belowCost: integer('below_cost').notNull().default(0),
  belowCostAmount: amount('below_cost_amount'),
});

/**
 * The margin report's rollup: per project, UTC day, category and country, what the conversations
 * opened brought in and cost, kept by the charging transaction that opens them
 * (modules/margins/rollup.ts), so the report reads days, never conversations. Money in 1/100000 of
 * the project's currency.
 */
export const marginDays = pgTable(
  'margin_days',
  {
    partnerId: text('partner_id')
      .notNull()
      .references(() => partners.id),
    projectId: text('project_id').notNull(),
    dayDate: text('day_date').notNull(),
    category: text('category', { enum: ['marketing', 'utility', 'authentication', 'service'] }).notNull(),
    country: text('country').notNull(),
    ...measures(),
  },
  (t) => [
    primaryKey({
      name: 'margin_days_pkey',
      columns: [t.partnerId, t.projectId, t.dayDate, t.category, t.country],
    }),
    foreignKey({
      name: 'margin_days_project_fk',
      columns: [t.projectId, t.partnerId],
      foreignColumns: [projects.id, projects.partnerId],
    }),
    index('margin_days_partner_day_idx').on(t.partnerId, t.dayDate),
  ],
);

/**
 * The same day rows summed over category and country: per project and day (the report by project or
 * business reads 1,000 rows a day for a partner of 1,000 projects, not 12,000). Kept by the same
 * batch write as margin_days (modules/margins/rollup.ts), in the charging transaction.
 */
export const marginProjectDays = pgTable(
  'margin_project_days',
  {
    partnerId: text('partner_id')
      .notNull()
      .references(() => partners.id),
    projectId: text('project_id').notNull(),
    dayDate: text('day_date').notNull(),
    ...measures(),
  },
  (t) => [
    primaryKey({ name: 'margin_project_days_pkey', columns: [t.partnerId, t.dayDate, t.projectId] }),
    foreignKey({
      name: 'margin_project_days_project_fk',
      columns: [t.projectId, t.partnerId],
      foreignColumns: [projects.id, projects.partnerId],
    }),
  ],
);

/** The same day rows summed over the projects: per partner, day, category and country (the report by category or country). */
export const marginMixDays = pgTable(
  'margin_mix_days',
  {
    partnerId: text('partner_id')
      .notNull()
      .references(() => partners.id),
    dayDate: text('day_date').notNull(),
    category: text('category', { enum: ['marketing', 'utility', 'authentication', 'service'] }).notNull(),
    country: text('country').notNull(),
    ...measures(),
  },
  (t) => [primaryKey({ name: 'margin_mix_days_pkey', columns: [t.partnerId, t.dayDate, t.category, t.country] })],
);
