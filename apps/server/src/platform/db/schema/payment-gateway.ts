import { foreignKey, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { razorpayDisconnectReasons } from '@pc/contract';
import { at, createdAt } from './columns.js';
import { agents, partners } from './identity.js';

/**
 * The `state` of each Razorpay authorisation the console started (modules/payment-gateway): only
 * its SHA-256 is kept, with the partner and the agent it was issued to, the redirect URI the token
 * exchange must repeat, and its expiry. Connecting consumes it with one conditional update, so it
 * connects at most once, for that agent of that partner, before it expires.
 */
export const razorpayAuthStates = pgTable(
  'razorpay_auth_states',
  {
    stateHash: text('state_hash').notNull(),
    partnerId: text('partner_id')
      .notNull()
      .references(() => partners.id),
    agentId: text('agent_id').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: at('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'razorpay_auth_states_pkey', columns: [t.stateHash, t.partnerId] }),
    foreignKey({
      name: 'razorpay_auth_states_agent_fk',
      columns: [t.agentId, t.partnerId],
      foreignColumns: [agents.id, agents.partnerId],
    }),
    index('razorpay_auth_states_partner_expires_idx').on(t.partnerId, t.expiresAt),
  ],
);

/**
 * A partner's connected Razorpay account (at most one). The OAuth tokens are sealed with
 * AES-256-GCM under a key derived from the server's secret (modules/payment-gateway/sealed.ts):
 * never answered, never logged, unreadable from a database dump alone. When Razorpay ends the grant
 * (its revocation webhook, or a refused refresh) the row stays, disconnected (`revokedAt` and
 * `disconnectedReason` set), so the partner is told why; connecting again replaces it.
 */
export const razorpayConnections = pgTable(
  'razorpay_connections',
  {
    partnerId: text('partner_id')
      .primaryKey()
      .references(() => partners.id),
    /** Razorpay's account id, `acc_...` (the merchant id the console shows without its first 4 characters). */
    accountId: text('account_id').notNull(),
    /** The data the tokens reach: `test` or `live` (Razorpay's token mode). */
    mode: text('mode', { enum: ['test', 'live'] }).notNull(),
    accessTokenSealed: text('access_token_sealed').notNull(),
    refreshTokenSealed: text('refresh_token_sealed'),
    /** The account's public key for checkout (`rzp_..._oauth_...`): public by design, kept for payments. */
    publicToken: text('public_token'),
    accessTokenExpiresAt: at('access_token_expires_at'),
    connectedBy: text('connected_by').notNull(),
    connectedAt: at('connected_at').notNull().defaultNow(),
    /** When Razorpay ended the grant (its word's time, or the refused refresh's); null while connected. */
    revokedAt: at('revoked_at'),
    disconnectedReason: text('disconnected_reason', { enum: razorpayDisconnectReasons }),
  },
  (t) => [
    foreignKey({
      name: 'razorpay_connections_connected_by_fk',
      columns: [t.connectedBy, t.partnerId],
      foreignColumns: [agents.id, agents.partnerId],
    }),
    // Razorpay's webhooks name the account, not the partner.
    index('razorpay_connections_account_idx').on(t.accountId),
  ],
);

/**
 * Razorpay's OAuth webhooks the console acts on (`account.app.authorization_revoked`), one row per
 * event id, also those of accounts no partner has: a delivery Razorpay repeats is kept, and acted
 * on, once. Events of other kinds are not kept.
 */
export const razorpayWebhookEvents = pgTable('razorpay_webhook_events', {
  /** `X-Razorpay-Event-Id`, or the SHA-256 of the body when a delivery has none. */
  eventId: text('event_id').primaryKey(),
  event: text('event').notNull(),
  accountId: text('account_id'),
  /** Razorpay's `created_at`: when the merchant revoked the access. */
  happenedAt: at('happened_at').notNull(),
  /** disconnected (partners' connections ended), unchanged (already so, or connected since), unknown_account. */
  outcome: text('outcome').notNull(),
  receivedAt: at('received_at').notNull(),
});
