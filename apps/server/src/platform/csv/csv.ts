import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** A cell a spreadsheet would run as a formula gets a leading apostrophe. */
export const csvCell = (value: unknown): string => {
  let text = value === null || value === undefined ? '' : value instanceof Date ? value.toISOString() : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

export const csvLine = (cells: readonly unknown[], end = '\r\n') => `${cells.map(csvCell).join(',')}${end}`;

/** The header, then each batch of rows as it comes: the whole range is never held in memory. */
export const csvStream = <T>(header: readonly string[], batches: AsyncIterable<T[]>, toCells: (row: T) => unknown[]) =>
  Readable.from(
    (async function* () {
      yield csvLine(header);
      for await (const batch of batches) yield batch.map((row) => csvLine(toCells(row))).join('');
    })(),
  );

/**
 * The header, then CSV the database already wrote (platform/db/copy-csv.ts), a batch at a time. Its
 * COPY ends lines with LF, so the header does too.
 */
export const csvTextStream = (header: readonly string[], batches: AsyncIterable<string | Buffer>) =>
  Readable.from(
    (async function* () {
      yield csvLine(header, '\n');
      yield* batches;
    })(),
  );

/** Answers a CSV stream as it comes (a file name when the spec gives the call one). */
export const sendCsv = (reply: FastifyReply, stream: Readable, fileName?: string) => {
  reply.header('content-type', 'text/csv; charset=utf-8');
  if (fileName) reply.header('content-disposition', `attachment; filename="${fileName}"`);
  return reply.send(stream);
};
