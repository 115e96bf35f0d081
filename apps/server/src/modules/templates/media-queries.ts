import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/open.js';
import { storedFiles } from '../../platform/db/schema.js';

export const insertMediaFile = (db: DbOrTx, row: Omit<typeof storedFiles.$inferInsert, 'purpose'>) =>
  db.insert(storedFiles).values({ ...row, purpose: 'MEDIA' });

/** A sample media file the partner asked an upload form for, by its storage key. */
export const findMediaFile = async (db: DbOrTx, partnerId: string, storageKey: string) =>
  (
    await db
      .select()
      .from(storedFiles)
      .where(
        and(
          eq(storedFiles.partnerId, partnerId),
          eq(storedFiles.storageKey, storageKey),
          eq(storedFiles.purpose, 'MEDIA'),
        ),
      )
  )[0];

export const markMediaSaved = (
  db: DbOrTx,
  partnerId: string,
  fileId: string,
  values: { size: number; contentType: string },
) =>
  db
    .update(storedFiles)
    .set({ ...values, isPublic: true })
    .where(and(eq(storedFiles.partnerId, partnerId), eq(storedFiles.id, fileId)));
