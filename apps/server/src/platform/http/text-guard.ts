import type { FastifyInstance, FastifyRequest } from 'fastify';
import { messages } from '@pc/contract';
import { badRequest } from '../errors/app-error.js';

/**
 * A lone UTF-16 surrogate (JSON's "\ud800" with no partner): not a character at all, so text with
 * one cannot be stored as UTF-8 (PostgreSQL refuses it, and so do the audit log's JSON columns).
 * With the `u` flag a class of surrogates matches only unpaired ones: a pair is one code point.
 */
const loneSurrogate = /[\uD800-\uDFFF]/u;

type Problem = { path: string; message: string };
const problemOf = (text: string): string | null =>
  text.includes('\u0000') ? messages.nulCharacter : loneSurrogate.test(text) ? messages.brokenUnicode : null;

/** The path of the first string (or key) PostgreSQL cannot hold, walking iteratively (bodies may nest deeply). */
const badTextAt = (root: unknown, prefix: string): Problem | null => {
  const stack: [unknown, string][] = [[root, prefix]];
  while (stack.length > 0) {
    const [value, path] = stack.pop()!;
    if (typeof value === 'string') {
      const message = problemOf(value);
      if (message) return { path, message };
    } else if (value && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        const message = problemOf(key);
        if (message) return { path, message };
        stack.push([child, path ? `${path}.${key}` : key]);
      }
    }
  }
  return null;
};

/**
 * PostgreSQL text cannot hold the NUL character nor broken Unicode: a string with either would fail
 * in the database as a 500. Refused up front with a 400 for every route (the one place every
 * parsed body passes), in the body, the path and the query alike.
 */
export const rejectNulText = (app: FastifyInstance) => {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    for (const [part, value] of [
      ['body', request.body],
      ['params', request.params],
      ['query', request.query],
    ] as const) {
      const problem = badTextAt(value, '');
      if (problem) throw badRequest(problem.message, { [problem.path || part]: problem.message });
    }
  });
};
