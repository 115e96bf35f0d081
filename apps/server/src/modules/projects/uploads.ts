import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../platform/errors/app-error.js';

export type FormUpload = {
  fields: Record<string, string>;
  file: { name: string; bytes: Buffer; tooLarge: boolean } | null;
};

const notMultipart = 'Send this as a multipart form.';
const malformed = (error: unknown) => {
  const reason = error instanceof Error && error.message ? error.message.replace(/\.?$/, '.') : '';
  return `The multipart form could not be read${reason ? `: ${reason}` : '.'}`;
};

/** Reads a multipart form: its text fields and at most one file, stopping at `maxBytes` (+1 to tell "too large"). */
export const readForm = async (request: FastifyRequest, maxBytes: number): Promise<FormUpload> => {
  if (!request.isMultipart()) throw badRequest(notMultipart);
  const fields: Record<string, string> = {};
  let file: FormUpload['file'] = null;
  try {
    for await (const part of request.parts({
      limits: { fileSize: maxBytes + 1, files: 1, fields: 30, fieldSize: 64 * 1024, parts: 40, headerPairs: 50 },
    })) {
      if (part.type === 'file') {
        const f = part as MultipartFile;
        const chunks: Buffer[] = [];
        for await (const chunk of f.file) chunks.push(chunk as Buffer);
        const bytes = Buffer.concat(chunks);
        file = { name: f.filename, bytes, tooLarge: f.file.truncated || bytes.length > maxBytes };
      } else if (typeof part.value === 'string') {
        if (part.value.includes('\u0000')) throw badRequest('Text cannot contain the NUL character.');
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof Error && 'code' in error && error.code === 'FST_REQ_FILE_TOO_LARGE')
      return { fields, file: { name: '', bytes: Buffer.alloc(0), tooLarge: true } };
    // Whatever else the parser meets (no boundary, a truncated body, a malformed or oversized part
    // header, too many parts) is the client's malformed form, never a server error.
    throw badRequest(malformed(error));
  }
  return { fields, file };
};
