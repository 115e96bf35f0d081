import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { csvLine } from '@pc/contract';

// The cells themselves are the contract's: the browser writes its own CSV (analytics) by the same rule.
export { csvCell, csvLine } from '@pc/contract';

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
