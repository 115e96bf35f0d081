import { foreignKey, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, createdAt } from './columns.js';
import { businesses } from './businesses.js';
import { partners } from './identity.js';
import { projects } from './projects.js';

/**
 * A client's sign-up on a partner's public embedded sign-up page (doc 3): the business and project
 * it created, and where it stands (Facebook connected, mobile verified by a 4-digit OTP, test
 * message sent). `signup_key` is the page's own id for the sign-up: unique per partner, so a form
 * sent twice creates one business and one project.
 */
export const embeddedSignups = pgTable(
  'embedded_signups',
  {
    id: text('id').notNull(),
    partnerId: text('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    signupKey: text('signup_key').notNull(),
    businessId: text('business_id').notNull(),
    projectId: text('project_id').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    dialCode: text('dial_code').notNull(),
    mobile: text('mobile').notNull(),
    facebookConnectedAt: at('facebook_connected_at'),
    /** The number the OTP went to, its HMAC-SHA256 under the server's secret (with the sign-up's id), expiry and wrong tries. */
    otpDialCode: text('otp_dial_code'),
    otpMobile: text('otp_mobile'),
    otpHash: text('otp_hash'),
    otpExpiresAt: at('otp_expires_at'),
    otpSentAt: at('otp_sent_at'),
    otpSends: integer('otp_sends').notNull().default(0),
    otpWrongTries: integer('otp_wrong_tries').notNull().default(0),
    phoneVerifiedAt: at('phone_verified_at'),
    testMessageSentAt: at('test_message_sent_at'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'embedded_signups_pkey', columns: [t.id, t.partnerId] }),
    foreignKey({
      name: 'embedded_signups_project_fk',
      columns: [t.projectId, t.partnerId],
      foreignColumns: [projects.id, projects.partnerId],
    }).onDelete('cascade'),
    foreignKey({
      name: 'embedded_signups_business_fk',
      columns: [t.businessId, t.partnerId],
      foreignColumns: [businesses.id, businesses.partnerId],
    }).onDelete('cascade'),
    uniqueIndex('embedded_signups_partner_key_idx').on(t.partnerId, t.signupKey),
    index('embedded_signups_partner_created_idx').on(t.partnerId, t.createdAt),
  ],
);

/**
 * The sandbox phone network (ARCHITECTURE rule 15): the text messages the sandbox SMS provider
 * "delivered", by number, so a tester reads the OTP there. Never written outside the sandbox.
 */
export const sandboxPhoneMessages = pgTable(
  'sandbox_phone_messages',
  {
    id: text('id').primaryKey(),
    phone: text('phone').notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sandbox_phone_messages_phone_idx').on(t.phone, t.createdAt)],
);
