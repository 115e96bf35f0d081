import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from '../errors/app-error.js';

/** JSON.parse keeps a `__proto__` key as an own property; refused as every other route's parser refuses it. */
const hasProtoKey = (root: unknown): boolean => {
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if (!value || typeof value !== 'object') continue;
    if (Object.prototype.hasOwnProperty.call(value, '__proto__')) return true;
    for (const child of Object.values(value)) stack.push(child);
  }
  return false;
};

/**
 * For a signed webhook's scope (Meta's, Razorpay's): its JSON parser keeps each body's raw bytes,
 * which the signature is of (re-serialised JSON would differ), beside the request rather than in
 * its body, which every hook walks as parsed JSON. Malformed JSON or a `__proto__` key is a 400.
 * Call it in the webhook's own plugin scope: no other route's parser changes. Answers the reader of
 * a request's raw bytes.
 */
export const keepRawJsonBodies = (app: FastifyInstance) => {
  const rawBodies = new WeakMap<FastifyRequest, Buffer>();
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body: Buffer, done) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body.toString('utf8'));
    } catch {
      return done(badRequest('The body is not valid JSON.'));
    }
    if (hasProtoKey(parsed)) return done(badRequest('The body holds a forbidden key.'));
    rawBodies.set(request, body);
    done(null, parsed);
  });
  return (request: FastifyRequest) => rawBodies.get(request);
};
