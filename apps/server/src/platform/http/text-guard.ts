import type { FastifyInstance, FastifyRequest } from 'fastify';
import { messages } from '@pc/contract';
import { badRequest } from '../errors/app-error.js';

/** The path of the first string holding a NUL character, walking iteratively (bodies may nest deeply). */
const nulAt = (root: unknown, prefix: string): string | null => {
  const stack: [unknown, string][] = [[root, prefix]];
  while (stack.length > 0) {
    const [value, path] = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return path;
    } else if (value && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        if (key.includes('\u0000')) return path;
        stack.push([child, path ? `${path}.${key}` : key]);
      }
    }
  }
  return null;
};

/**
 * PostgreSQL text cannot hold the NUL character: a string with one would fail in the database as
 * a 500. Refused up front for every route, in the body, the path and the query alike.
 */
export const rejectNulText = (app: FastifyInstance) => {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    for (const [part, value] of [
      ['body', request.body],
      ['params', request.params],
      ['query', request.query],
    ] as const) {
      const path = nulAt(value, '');
      if (path !== null) throw badRequest(messages.nulCharacter, { [path || part]: messages.nulCharacter });
    }
  });
};
