import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { PaymentSlab, PlanFamily, WccPrices } from '@pc/contract';
import { createdAt } from './columns.js';
import { partners } from './identity.js';

/** A partner's subscription plan family: its prices per plan and currency (1/100000). */
export const planFamilies = pgTable(
  'plan_families',
  {
    id: text('id').notNull(),
    partnerId: text('partner_id')
      .notNull()
      .references(() => partners.id),
    name: text('name').notNull(),
    plans: jsonb('plans').$type<PlanFamily['plans']>().notNull(),
    defaultPlan: text('default_plan'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'plan_families_pkey', columns: [t.id, t.partnerId] }),
    index('plan_families_partner_idx').on(t.partnerId, t.createdAt),
    // A family's name is unique per partner, whatever its case (doc 3 section 5; 409 on a clash).
    uniqueIndex('plan_families_partner_name_idx').on(t.partnerId, sql`lower(${t.name})`),
  ],
);

/** A partner's WCC (conversation charge) family: price per country and charge type. */
export const wccFamilies = pgTable(
  'wcc_families',
  {
    id: text('id').notNull(),
    partnerId: text('partner_id')
      .notNull()
      .references(() => partners.id),
    name: text('name').notNull(),
    prices: jsonb('prices').$type<WccPrices>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'wcc_families_pkey', columns: [t.id, t.partnerId] }),
    index('wcc_families_partner_idx').on(t.partnerId, t.createdAt),
    // A family's name is unique per partner, whatever its case (doc 3 section 5; 409 on a clash).
    uniqueIndex('wcc_families_partner_name_idx').on(t.partnerId, sql`lower(${t.name})`),
  ],
);

/** A partner's WhatsApp Payments plan family: fee slabs. */
export const paymentPlanFamilies = pgTable(
  'payment_plan_families',
  {
    id: text('id').notNull(),
    partnerId: text('partner_id')
      .notNull()
      .references(() => partners.id),
    name: text('name').notNull(),
    slabs: jsonb('slabs').$type<PaymentSlab[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'payment_plan_families_pkey', columns: [t.id, t.partnerId] }),
    index('payment_plan_families_partner_idx').on(t.partnerId, t.createdAt),
    // A family's name is unique per partner, whatever its case (doc 3 section 5; 409 on a clash).
    uniqueIndex('payment_plan_families_partner_name_idx').on(t.partnerId, sql`lower(${t.name})`),
  ],
);
