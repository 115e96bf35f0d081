import { boolean, foreignKey, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { at, createdAt } from './columns.js';
import { projects } from './projects.js';

/**
 * A project's onboarding onto WhatsApp beyond its progress step: the last error Meta gave it (what
 * the troubleshooting wizard's steps follow, doc 2 section 8), the two-step verification PIN it
 * registers its number with (sealed, see modules/webhooks/secret.ts), and what the wizard's calls
 * learnt (code requested, number verified and registered, the last health checks).
 */
export const projectOnboarding = pgTable(
  'project_onboarding',
  {
    projectId: text('project_id').notNull(),
    partnerId: text('partner_id').notNull(),
    /** How the project came on: partner_embedded_signup or partner_waba_migration (null: not known). */
    process: text('process'),
    errorCode: integer('error_code'),
    errorSubcode: integer('error_subcode'),
    errorMessage: text('error_message'),
    errorTraceId: text('error_trace_id'),
    errorAt: at('error_at'),
    pinSealed: text('pin_sealed'),
    /** The client's business token from Embedded Signup's code (sealed: 'facebook-tokens'), for the onboarding calls. */
    businessTokenSealed: text('business_token_sealed'),
    /**
     * Embedded Signup's onboarding calls done, each when (ISO): the app subscribed to the account,
     * the partner's credit line shared with it (and Meta's allocation id).
     */
    accountSteps: jsonb('account_steps').$type<{
      subscribedAt?: string;
      creditSharedAt?: string;
      allocationConfigId?: string;
    }>(),
    codeRequestedAt: at('code_requested_at'),
    verifiedAt: at('verified_at'),
    registeredAt: at('registered_at'),
    accountHealth: jsonb('account_health').$type<Record<string, unknown>>(),
    numberHealth: jsonb('number_health').$type<Record<string, unknown>>(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'project_onboarding_pkey', columns: [t.projectId, t.partnerId] }),
    foreignKey({
      name: 'project_onboarding_project_fk',
      columns: [t.projectId, t.partnerId],
      foreignColumns: [projects.id, projects.partnerId],
    }).onDelete('cascade'),
  ],
);

/**
 * Every registration of a number this server asked Meta for, by the number: Meta allows 10 in 72
 * hours (133016), so the wizard counts them to show what is left and to ask before the last one.
 */
export const registrationAttempts = pgTable(
  'registration_attempts',
  {
    id: text('id').notNull(),
    partnerId: text('partner_id').notNull(),
    projectId: text('project_id').notNull(),
    phoneNumberId: text('phone_number_id').notNull(),
    attemptedAt: at('attempted_at').notNull(),
    /** REGISTERED, FAILED (Meta's code kept), or PENDING while Meta has not answered. */
    outcome: text('outcome').notNull().default('PENDING'),
    errorCode: integer('error_code'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'registration_attempts_pkey', columns: [t.id, t.partnerId] }),
    foreignKey({
      name: 'registration_attempts_project_fk',
      columns: [t.projectId, t.partnerId],
      foreignColumns: [projects.id, projects.partnerId],
    }).onDelete('cascade'),
    index('registration_attempts_number_idx').on(t.phoneNumberId, t.attemptedAt),
  ],
);

/**
 * The sandbox Meta's numbers (ARCHITECTURE rule 15): each number's onboarding state as Meta keeps
 * it, created on first use with the scenario its id's last digits pick (providers/meta/onboarding).
 */
export const sandboxMetaNumbers = pgTable('sandbox_meta_numbers', {
  phoneNumberId: text('phone_number_id').primaryKey(),
  scenario: text('scenario').notNull(),
  verified: boolean('verified').notNull(),
  registered: boolean('registered').notNull(),
  /** SHA-256 of the two-step verification PIN, when two-step verification is on. */
  twoStepPinHash: text('two_step_pin_hash'),
  code: text('code'),
  codeMethod: text('code_method'),
  codeExpiresAt: at('code_expires_at'),
  /** Registration and deregistration attempts (ISO times) in the last 72 hours. */
  registrations: jsonb('registrations').$type<string[]>().notNull().default([]),
  /** The codes sent to the number, newest first (the sandbox phone's inbox). */
  inbox: jsonb('inbox').$type<{ code: string; method: string; at: string }[]>().notNull().default([]),
  failedOnce: boolean('failed_once').notNull().default(false),
  updatedAt: at('updated_at').notNull().defaultNow(),
});
