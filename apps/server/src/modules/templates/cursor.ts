import { badRequest } from '../../platform/errors/app-error.js';
import type { TemplateKey } from './list-queries.js';

/** The DIRECT list's `after`: where the last page ended, opaque to the caller. */
export const invalidCursor = 'Invalid cursor: pass the after of the previous page, or none for the first.';

const shape = /^(\d{1,18})\.([A-Za-z0-9_-]{1,100})$/;

export const encodeCursor = (key: TemplateKey): string => Buffer.from(`${key.micros}.${key.id}`).toString('base64url');

/** '' or absent is the first page; anything not made by encodeCursor is a 400. */
export const decodeCursor = (after: string | undefined): TemplateKey | null => {
  if (!after) return null;
  const match = shape.exec(Buffer.from(after, 'base64url').toString('utf8'));
  if (!match) throw badRequest(invalidCursor, { after: invalidCursor });
  return { micros: match[1]!, id: match[2]! };
};
