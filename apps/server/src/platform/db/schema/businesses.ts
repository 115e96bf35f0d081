import { sql } from 'drizzle-orm';
import { boolean, foreignKey, index, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import type { Address } from '@pc/contract';
import { createdAt } from './columns.js';
import { agents, partners } from './identity.js';

/** A partner's client business. Archiving keeps the row (and its projects' history). */
export const businesses = pgTable(
  'businesses',
  {
    id: text('id').notNull(),
    partnerId: text('partner_id')
      .notNull()
      .references(() => partners.id),
    displayName: text('display_name').notNull(),
    company: text('company').notNull().default(''),
    email: text('email').notNull(),
    contact: text('contact').notNull().default(''),
    type: text('type').notNull().default('BUSINESS'),
    passwordHash: text('password_hash'),
    archived: boolean('archived').notNull().default(false),
    website: text('website'),
    description: text('description'),
    industry: text('industry'),
    companySize: text('company_size'),
    timezone: text('timezone').notNull(),
    currency: text('currency', { enum: ['INR', 'USD'] }).notNull(),
    countryCode: text('country_code').notNull(),
    gstNumber: text('gst_number'),
    billingAddress: jsonb('billing_address').$type<Address>(),
    shippingAddress: jsonb('shipping_address').$type<Address>(),
    /** The referral user who brought the business (a referral user's lists show only these). */
    referralAgentId: text('referral_agent_id'),
    createdAt: createdAt(),
  },
  // Also, in SQL only: the name's trigrams for the search (businesses_name_trigrams_idx, migration
  // 0021) and the tab counts' counter table business_tab_counts (0020).
  (t) => [
    primaryKey({ name: 'businesses_pkey', columns: [t.id, t.partnerId] }),
    foreignKey({
      name: 'businesses_referral_agent_fk',
      columns: [t.referralAgentId, t.partnerId],
      foreignColumns: [agents.id, agents.partnerId],
    }),
    index('businesses_partner_tab_idx').on(t.partnerId, t.archived, t.createdAt, t.id),
    index('businesses_partner_created_idx').on(t.partnerId, t.createdAt, t.id),
    index('businesses_partner_name_idx').on(t.partnerId, sql`lower(${t.displayName})`),
    index('businesses_referral_idx').on(t.referralAgentId),
  ],
);
