import { bigint, index, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, money } from './columns.js';
import { partners } from './identity.js';

/**
 * A partner's central balance, the money its projects' plans, add-ons and conversations are paid
 * from: one row per partner, written with the partner. Its own table, not a column of `partners`:
 * partners is read with every request and copied to every node of a distributed database, where a
 * balance written with every money call would be a write on every node; this row lives with the
 * partner's other rows (docs/ledger.md, docs/scaling.md).
 */
export const partnerBalances = pgTable('partner_balances', {
  partnerId: text('partner_id')
    .primaryKey()
    .references(() => partners.id),
  centralBalance: money('central_balance'),
});

/**
 * The billing log (ledger): every change of a central balance or a project credit is one row,
 * written in the same transaction as the change. `balanceAfter` is the balance it left.
 */
export const billingLogs = pgTable(
  'billing_logs',
  {
    id: text('id').notNull(),
    partnerId: text('partner_id')
      .notNull()
      .references(() => partners.id),
    projectId: text('project_id'),
    businessId: text('business_id'),
    balance: text('balance', { enum: ['CENTRAL', 'WCC', 'PWC', 'AD_CREDIT'] }).notNull(),
    action: text('action', { enum: ['ADD', 'SUBTRACT'] }).notNull(),
    amount: money('amount'),
    /** What the partner paid including tax (a recharge's GST); null when no tax was paid: the amount. */
    amountWithTax: bigint('amount_with_tax', { mode: 'number' }),
    /**
     * What the provider charges for what this entry sold (same currency as `amount`), so the partner's
     * margin (amount minus this) can be reported; null for money that sells nothing (credits, top-ups).
     */
    providerAmount: bigint('provider_amount', { mode: 'number' }),
    balanceAfter: money('balance_after'),
    reasonCode: text('reason_code').notNull(),
    message: text('message').notNull().default(''),
    businessName: text('business_name'),
    projectName: text('project_name'),
    paymentId: text('payment_id'),
    orderId: text('order_id'),
    invoiceId: text('invoice_id'),
    invoiceLink: text('invoice_link'),
    /** A money-moving request retried with the same key writes nothing new. */
    idempotencyKey: text('idempotency_key'),
    /**
     * The partner's member who moved the money (a credit move, a plan switch, an add-on), named as
     * they were then; null for what the system wrote (renewals, charging, webhooks, platform staff).
     */
    byMemberId: text('by_member_id'),
    byMemberName: text('by_member_name'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'billing_logs_pkey', columns: [t.id, t.partnerId] }),
    index('billing_logs_partner_created_idx').on(t.partnerId, t.createdAt, t.id),
    // Also INCLUDE (reason_code, balance) in SQL (migration 0022): one project's page and count from the index alone.
    index('billing_logs_project_idx').on(t.partnerId, t.projectId, t.createdAt, t.id),
    uniqueIndex('billing_logs_idempotency_key').on(t.partnerId, t.idempotencyKey),
  ],
);
