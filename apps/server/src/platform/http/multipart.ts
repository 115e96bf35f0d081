import type { FastifyMultipartOptions } from '@fastify/multipart';
import { AppError } from '../errors/app-error.js';

/**
 * Limits on every multipart form, set where @fastify/multipart is registered; a route sets its own
 * fileSize. The forms we take are small (KYC: six fields and a file), so a few parts, one file and
 * short values are plenty, and a body built to exhaust the parser is cut off early.
 */
export const multipartLimits = {
  parts: 16,
  fields: 12,
  files: 1,
  fieldSize: 16 * 1024,
  fieldNameSize: 100,
  // Header lines of one part (a browser sends two: Content-Disposition and Content-Type).
  headerPairs: 8,
} as const;

/** A fresh options object per registration: the plugin writes into the one it is given. */
export const multipartOptions = (): FastifyMultipartOptions => ({ limits: { ...multipartLimits } });

export const multipartTexts = {
  notMultipart: 'Send this as a multipart form (Content-Type: multipart/form-data with a boundary).',
  noBoundary: 'The multipart form has no usable boundary in its Content-Type.',
  truncated:
    'The multipart form is incomplete: a part or the closing boundary (as its Content-Type gives it) is missing.',
  malformedHeader: 'A part of the multipart form has a malformed header.',
  tooManyParts: `The multipart form has too many parts (at most ${multipartLimits.parts}).`,
  tooManyFields: `The multipart form has too many fields (at most ${multipartLimits.fields}).`,
  oneFile: 'The multipart form may carry one file only.',
  fileTooLarge: 'The file is too large.',
  forbiddenName: 'A field of the multipart form has a name that is not allowed.',
  badJsonField: 'A field of the multipart form declared as JSON is not valid JSON.',
  unreadable: 'The multipart form could not be read.',
  noName: 'A part of the multipart form has no name.',
  fieldTooLong: (name: string) =>
    `The form field '${name}' is too long (at most ${multipartLimits.fieldSize / 1024} KB).`,
  notPlainText: (name: string) => `The form field '${name}' must be plain text.`,
  twice: (name: string) => `The form field '${name}' appears more than once.`,
  notAFile: (name: string) => `The form field '${name}' must be text, not a file.`,
  fileExpected: (name: string) => `The form part '${name}' must be a file.`,
  unexpected: (name: string, expected: readonly string[], file: string) =>
    `Unexpected form field '${name}'. This form takes ${expected.join(', ')} and the file as '${file}'.`,
} as const;

// @fastify/multipart's own errors, by code.
const byCode: Record<string, string> = {
  FST_INVALID_MULTIPART_CONTENT_TYPE: multipartTexts.notMultipart,
  FST_PARTS_LIMIT: multipartTexts.tooManyParts,
  FST_FIELDS_LIMIT: multipartTexts.tooManyFields,
  FST_FILES_LIMIT: multipartTexts.oneFile,
  FST_REQ_FILE_TOO_LARGE: multipartTexts.fileTooLarge,
  FST_PROTO_VIOLATION: multipartTexts.forbiddenName,
  FST_INVALID_JSON_FIELD_ERROR: multipartTexts.badJsonField,
  FST_MP_PREMATURE_CLOSE: multipartTexts.truncated,
};

// Busboy's errors carry no code, only these messages (@fastify/busboy's, and busboy 1.x's wording).
const byMessage: [RegExp, string][] = [
  [/^Multipart: Boundary not found|^Boundary required|^The needle cannot/, multipartTexts.noBoundary],
  [/^Unexpected end of (multipart data|form)|terminated early/, multipartTexts.truncated],
  [/^Malformed (part header|content type)/, multipartTexts.malformedHeader],
  [/^Missing Content-Type|^Unsupported Content-Type/, multipartTexts.notMultipart],
];

/** The message of a malformed form when the error is the multipart parser's (a 400), else null. */
export const multipartProblem = (error: unknown): string | null => {
  if (!(error instanceof Error)) return null;
  const code = 'code' in error && typeof error.code === 'string' ? error.code : '';
  return byCode[code] ?? byMessage.find(([pattern]) => pattern.test(error.message))?.[1] ?? null;
};

export const malformedForm = (message: string) => new AppError('MALFORMED_FORM', 400, message);
