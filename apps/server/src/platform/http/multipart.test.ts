import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorMapper } from '../errors/error-mapper.js';
import { multipartLimits, multipartOptions, multipartProblem, multipartTexts as texts } from './multipart.js';

/**
 * The one mapping of the multipart parser's errors: a route that reads its form with no error
 * handling of its own still answers 400 with the message, through the error mapper, and the
 * limits set at registration hold for it.
 */
let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify();
  registerErrorMapper(app);
  await app.register(multipart, multipartOptions());
  app.post('/form', async (request) => {
    const names: string[] = [];
    for await (const part of request.parts()) {
      if (part.type === 'file') await part.toBuffer();
      names.push(part.fieldname);
    }
    return { names };
  });
  await app.ready();
});
afterAll(() => app.close());

const B = 'b0und';
const post = (payload: string, contentType = `multipart/form-data; boundary=${B}`) =>
  app.inject({ method: 'POST', url: '/form', headers: { 'content-type': contentType }, payload });
const field = (name: string, value = 'v') =>
  `--${B}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const file = (name: string) =>
  `--${B}\r\nContent-Disposition: form-data; name="${name}"; filename="f.txt"\r\nContent-Type: text/plain\r\n\r\nx\r\n`;
const end = `--${B}--\r\n`;

describe("the parser's errors answer 400 with a message", () => {
  it.each([
    ['no boundary', texts.noBoundary, field('a') + end, 'multipart/form-data'],
    ['a cut-off part', texts.truncated, `--${B}\r\nContent-Disposition: form-data; name="a"\r\n\r\nv`],
    ['a cut-off part header', texts.truncated, `--${B}\r\nContent-Disposit`],
    ['too many parts', texts.tooManyParts, `--${B}\r\nX: 1\r\n\r\nv\r\n`.repeat(multipartLimits.parts + 1) + end],
    ['too many fields', texts.tooManyFields, Array.from({ length: 13 }, (_, i) => field(`f${i}`)).join('') + end],
    ['two files', texts.oneFile, file('a') + file('b') + end],
    ['a field named __proto__', texts.forbiddenName, field('__proto__') + end],
    [
      'a JSON field that is not JSON',
      texts.badJsonField,
      `--${B}\r\nContent-Disposition: form-data; name="j"\r\nContent-Type: application/json\r\n\r\n{\r\n${end}`,
    ],
  ])('%s', async (_, message, payload, contentType?: string) => {
    const res = await post(payload, contentType);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ message, code: 'MALFORMED_FORM' });
  });

  it('a well-formed form within the limits is read', async () => {
    const res = await post(field('a') + file('f') + end);
    expect(res.json()).toEqual({ names: ['a', 'f'] });
  });

  it("leaves other errors alone (a 500 stays a 500, never a client's 400)", () => {
    expect(multipartProblem(new Error('connection refused'))).toBeNull();
    expect(multipartProblem('Unexpected end of form')).toBeNull();
    // busboy 1.x's wording, should the parser change.
    expect(multipartProblem(new Error('Unexpected end of form'))).toBe(texts.truncated);
    expect(multipartProblem(new Error('Malformed part header'))).toBe(texts.malformedHeader);
  });
});
