import { badRequest } from '../../../platform/errors/app-error.js';

/** Where a page of the delivery log ended: created_at in whole microseconds (exact, unlike a Date) and the id. */
export type DeliveryKey = { micros: string; id: string };

export const invalidCursor = 'Invalid cursor: pass the next of the previous page, or none for the first.';

const shape = /^(\d{1,18})\.([A-Za-z0-9_-]{1,100})$/;

export const encodeCursor = (key: DeliveryKey): string => Buffer.from(`${key.micros}.${key.id}`).toString('base64url');

/** Absent or '' is the first page; anything encodeCursor did not make is a 400. */
export const decodeCursor = (cursor: string | undefined): DeliveryKey | null => {
  if (!cursor) return null;
  const match = shape.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match) throw badRequest(invalidCursor, { cursor: invalidCursor });
  return { micros: match[1]!, id: match[2]! };
};
