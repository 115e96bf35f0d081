import { bigint, foreignKey, index, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { at, createdAt } from './columns.js';
import { partners } from './identity.js';
import { projects } from './projects.js';

const amount = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);

/**
 * What each balance paid out and took in per UTC day, for the wallet forecast: per partner,
 * balance (CENTRAL, or a project's WCC, PWC or AD_CREDIT credit), its owner (the partner for
 * CENTRAL, else the project) and day. Kept by a statement trigger on billing_logs (migration 0025),
 * so every writer of the ledger keeps it, in the same transaction; the forecast reads 30 day rows
 * per balance, never the ledger. `spent` leaves out corrections and credit taken back into the
 * central balance (modules/wallet/burn.ts says why).
 */
export const balanceDays = pgTable(
  'balance_days',
  {
    partnerId: text('partner_id')
      .notNull()
      .references(() => partners.id),
    balance: text('balance', { enum: ['CENTRAL', 'WCC', 'PWC', 'AD_CREDIT'] }).notNull(),
    ownerId: text('owner_id').notNull(),
    dayDate: text('day_date').notNull(),
    spent: amount('spent'),
    added: amount('added'),
  },
  (t) => [primaryKey({ name: 'balance_days_pkey', columns: [t.partnerId, t.balance, t.ownerId, t.dayDate] })],
);

/**
 * A partner's warning level for one balance: the central balance (no project) or a project's WCC
 * credit, in money (1/100000 of the currency) or in days left at the current burn. `crossedAt` is
 * set when the balance went under it and its mail was queued, cleared when the balance is back
 * above: one mail per crossing.
 */
export const walletThresholds = pgTable(
  'wallet_thresholds',
  {
    id: text('id').notNull(),
    partnerId: text('partner_id')
      .notNull()
      .references(() => partners.id),
    balance: text('balance', { enum: ['CENTRAL', 'WCC'] }).notNull(),
    projectId: text('project_id'),
    kind: text('kind', { enum: ['AMOUNT', 'DAYS'] }).notNull(),
    /** Money in 1/100000 of the currency (AMOUNT) or whole days (DAYS). */
    value: bigint('value', { mode: 'number' }).notNull(),
    crossedAt: at('crossed_at'),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'wallet_thresholds_pkey', columns: [t.id, t.partnerId] }),
    foreignKey({
      name: 'wallet_thresholds_project_fk',
      columns: [t.projectId, t.partnerId],
      foreignColumns: [projects.id, projects.partnerId],
    }),
    // One threshold per balance: the central balance (project '') or one project's credit.
    uniqueIndex('wallet_thresholds_balance_idx').on(t.partnerId, t.balance, sql`coalesce(${t.projectId}, '')`),
    index('wallet_thresholds_crossed_idx').on(t.partnerId, t.crossedAt),
  ],
);
