import { boolean, foreignKey, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { partners } from './identity.js';

/** A file kept by the storage adapter; served back only to its partner (or publicly when marked). */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: text('id').notNull(),
    partnerId: text('partner_id')
      .notNull()
      .references(() => partners.id),
    projectId: text('project_id'),
    purpose: text('purpose', { enum: ['KYC', 'PROFILE_PICTURE', 'MEDIA', 'INVOICE'] }).notNull(),
    storageKey: text('storage_key').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    isPublic: boolean('is_public').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'stored_files_pkey', columns: [t.id, t.partnerId] }),
    index('stored_files_partner_idx').on(t.partnerId, t.createdAt),
  ],
);

/**
 * The handle Meta's Resumable Upload gave for a template's sample media file: kept per file, so a
 * resubmission, or another template with the same sample, does not upload it again.
 */
export const templateSampleHandles = pgTable(
  'template_sample_handles',
  {
    partnerId: text('partner_id').notNull(),
    fileId: text('file_id').notNull(),
    handle: text('handle').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'template_sample_handles_pkey', columns: [t.partnerId, t.fileId] }),
    foreignKey({
      name: 'template_sample_handles_file_fk',
      columns: [t.fileId, t.partnerId],
      foreignColumns: [storedFiles.id, storedFiles.partnerId],
    }),
  ],
);

/** KYC submissions of a project: GST number, the document, and consent. */
export const kycSubmissions = pgTable(
  'kyc_submissions',
  {
    id: text('id').notNull(),
    partnerId: text('partner_id')
      .notNull()
      .references(() => partners.id),
    projectId: text('project_id').notNull(),
    gstNumber: text('gst_number').notNull(),
    fileId: text('file_id').notNull(),
    consent: boolean('consent').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'kyc_submissions_pkey', columns: [t.id, t.partnerId] }),
    index('kyc_submissions_project_idx').on(t.partnerId, t.projectId),
  ],
);
