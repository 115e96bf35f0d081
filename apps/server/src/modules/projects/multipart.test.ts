import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs, startTestApp, type TestContext } from '../../../test/harness.js';
import { kycSubmissions } from '../../platform/db/schema.js';

/** Malformed multipart bodies: each answers 400 with a message, never 500, and stores nothing. */
let t: TestContext;
let owner: string;
beforeAll(async () => {
  t = await startTestApp();
  owner = await signInAs(t.app, 'owner');
});
afterAll(() => t.close());

const B = 'xBOUNDARYx';
const part = (name: string, value: string, filename?: string) =>
  `--${B}\r\nContent-Disposition: form-data; name="${name}"${filename ? `; filename="${filename}"\r\nContent-Type: application/pdf` : ''}\r\n\r\n${value}\r\n`;
const whole = (...parts: string[]) => `${parts.join('')}--${B}--\r\n`;
const ofBoundary = `multipart/form-data; boundary=${B}`;

const cases: [string, string, string][] = [
  ['no boundary', 'multipart/form-data', whole(part('a', 'b'))],
  ['an empty body', ofBoundary, ''],
  ['not multipart at all', ofBoundary, 'hello there'],
  ['a truncated part', ofBoundary, `--${B}\r\nContent-Disposition: form-data; name="gstNumber"\r\n\r\n27AAP`],
  ['a truncated part header', ofBoundary, `--${B}\r\nContent-Disposition: form-da`],
  ['no closing boundary', ofBoundary, part('gstNumber', '27AAPFU0939F1ZV')],
  ['a part without a name', ofBoundary, whole(`--${B}\r\nContent-Type: text/plain\r\n\r\nx\r\n`)],
  [
    'an oversized part header',
    ofBoundary,
    whole(`--${B}\r\nContent-Disposition: form-data; name="a"\r\nX-Pad: ${'x'.repeat(100_000)}\r\n\r\nv\r\n`),
  ],
  [
    'too many header lines',
    ofBoundary,
    whole(`--${B}\r\nContent-Disposition: form-data; name="a"\r\n${'X-H: 1\r\n'.repeat(200)}\r\nv\r\n`),
  ],
  ['too many parts', ofBoundary, whole(...Array.from({ length: 60 }, (_, i) => part(`f${i}`, 'v')))],
  ['two files', ofBoundary, whole(part('file', '%PDF-1.4', 'a.pdf'), part('file', '%PDF-1.4', 'b.pdf'))],
  ['wrong part names', ofBoundary, whole(part('document', '%PDF-1.4', 'a.pdf'), part('gst', '27AAPFU0939F1ZV'))],
  [
    'a file where a field is expected',
    ofBoundary,
    whole(part('policy', 'eyJ4IjoxfQ', 'policy.txt'), part('key', 'k'), part('file', 'x', 'a.pdf')),
  ],
];

describe.each([
  ['the unauthenticated storage upload', '/api/storage/upload', false],
  ['KYC submission', '/partner/submit-kyc', true],
] as const)('%s', (_, url, signedIn) => {
  it.each(cases)('%s: 400 with a message', async (_case, contentType, payload) => {
    const kycBefore = (await t.database.db.select().from(kycSubmissions)).length;
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': contentType, ...(signedIn ? { authorization: `Bearer ${owner}` } : {}) },
      payload,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toEqual(expect.any(String));
    expect(res.json().message.length).toBeGreaterThan(5);
    expect((await t.database.db.select().from(kycSubmissions)).length).toBe(kycBefore);
  });
});
