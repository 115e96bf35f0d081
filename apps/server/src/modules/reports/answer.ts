import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendCsv } from '../../platform/csv/csv.js';
import { wantsCsv } from '../../platform/csv/wants-csv.js';

/**
 * A report whose range and scope were checked: its rows as `{ logs }` (the spec's answer) or as the
 * CSV file the console saves. Either is written as it is read, never held whole.
 */
export type Report = { logs: () => Readable; csv: () => Readable };

/** `{ logs }` as JSON, or the CSV stream when the caller asks for text/csv (the console does). */
export const sendReport = (request: FastifyRequest, reply: FastifyReply, report: Report) => {
  reply.header('vary', 'Accept');
  if (wantsCsv(request.headers.accept)) return sendCsv(reply, report.csv());
  reply.header('content-type', 'application/json; charset=utf-8');
  return reply.send(report.logs());
};
