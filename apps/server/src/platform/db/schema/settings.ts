import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { at } from './columns.js';

/**
 * The platform's own settings that the super-admin edits, one JSON value a key (e.g.
 * `application_form`: the application form's titles, fields and links). A key without a row
 * reads as its default in the contract.
 */
export const platformSettings = pgTable('platform_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<unknown>().notNull(),
  updatedAt: at('updated_at').notNull().defaultNow(),
  updatedBy: text('updated_by'),
});
