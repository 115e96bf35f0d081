import type { Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { messages } from '@pc/contract';
import { malformedForm, multipartProblem, multipartTexts as texts } from '../../platform/http/multipart.js';

export type FormUpload = {
  fields: Record<string, string>;
  file: { name: string; bytes: Buffer; tooLarge: boolean } | null;
};

/** The parts a route's form takes: these text fields (each at most once, any may be missing) and one file part. */
export type FormShape = { fields: readonly string[]; file: string; maxBytes: number };

/** Why a text part does not belong in the form, or null. */
const fieldProblem = (part: Multipart & { type: 'field' }, shape: FormShape, seen: Record<string, string>) => {
  const name = part.fieldname;
  if (!name) return texts.noName;
  if (name === shape.file) return texts.fileExpected(name);
  if (!shape.fields.includes(name)) return texts.unexpected(name, shape.fields, shape.file);
  if (name in seen) return texts.twice(name);
  if (part.valueTruncated) return texts.fieldTooLong(name);
  // A part sent as application/json arrives parsed; ours are plain text.
  if (typeof part.value !== 'string') return texts.notPlainText(name);
  if (part.value.includes('\u0000')) return messages.nulCharacter;
  return null;
};

/** Why a file part does not belong in the form, or null. */
const fileProblem = (name: string, shape: FormShape) => {
  if (!name) return texts.noName;
  if (name === shape.file) return null;
  return shape.fields.includes(name) ? texts.notAFile(name) : texts.unexpected(name, shape.fields, shape.file);
};

/**
 * Reads a multipart form of the given shape: its text fields and at most one file, stopping at
 * `maxBytes` (+1 to tell "too large"). A malformed form (the parser's errors, mapped by
 * platform/http/multipart.ts) or a part that does not fit the shape is a 400 and nothing is kept.
 * The rest of a refused form is still read to its end, so the connection is left clean.
 */
export const readForm = async (request: FastifyRequest, shape: FormShape): Promise<FormUpload> => {
  if (!request.isMultipart()) throw malformedForm(texts.notMultipart);
  const fields: Record<string, string> = {};
  let file: FormUpload['file'] = null;
  let refusal: string | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: shape.maxBytes + 1 } })) {
      if (part.type === 'file') {
        refusal ??= fileProblem(part.fieldname, shape);
        const chunks: Buffer[] = [];
        for await (const chunk of part.file) if (!refusal) chunks.push(chunk as Buffer);
        if (refusal) continue;
        const bytes = Buffer.concat(chunks);
        file = { name: part.filename, bytes, tooLarge: part.file.truncated || bytes.length > shape.maxBytes };
      } else {
        refusal ??= fieldProblem(part, shape, fields);
        if (!refusal) fields[part.fieldname] = part.value as string;
      }
    }
  } catch (error) {
    const code = error instanceof Error && 'code' in error ? String(error.code) : '';
    // A limit met after a part was refused: the part's problem says more (a file under a field's name
    // meets the one-file limit when the real file follows).
    const limit = /_LIMIT$|^FST_REQ_FILE_TOO_LARGE$/.test(code);
    if (limit && refusal) throw malformedForm(refusal);
    // Too large is the route's own message (the spec's).
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      return { fields, file: { name: '', bytes: Buffer.alloc(0), tooLarge: true } };
    // A broken form (truncated, no boundary) is that, whatever its parts were.
    throw malformedForm(multipartProblem(error) ?? refusal ?? texts.unreadable);
  }
  if (refusal) throw malformedForm(refusal);
  return { fields, file };
};
