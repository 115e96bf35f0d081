import { boolean, foreignKey, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { projects } from './projects.js';

/**
 * Who stopped a project's marketing messages: Meta's `user_preferences` webhook says a WhatsApp
 * user stopped or resumed the business's marketing messages, and a marketing template to a user
 * who stopped would fail undelivered (Meta's 131050), so the project API refuses it before sending.
 * A user is kept by every id Meta named them with (phone digits, business-scoped user id), as a
 * send names its recipient. `changedAt` is when the user said it: an older word arriving late
 * changes nothing.
 */
export const marketingOptOuts = pgTable(
  'marketing_opt_outs',
  {
    partnerId: text('partner_id').notNull(),
    projectId: text('project_id').notNull(),
    /** Phone digits with the country code, or a business-scoped user id (`US.1349...`). */
    recipient: text('recipient').notNull(),
    /** True after a stop, false after a resume. */
    stopped: boolean('stopped').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'marketing_opt_outs_pkey', columns: [t.partnerId, t.projectId, t.recipient] }),
    foreignKey({
      name: 'marketing_opt_outs_project_fk',
      columns: [t.projectId, t.partnerId],
      foreignColumns: [projects.id, projects.partnerId],
    }).onDelete('cascade'),
  ],
);
