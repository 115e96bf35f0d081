import { createHash, createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createS3Storage } from './s3.js';

/**
 * A small fake S3 (path-style, one bucket) that checks SigV4 the way S3 does, with its own
 * independent code: header-signed PUT, presigned GET, and the browser's presigned POST policy.
 */
const creds = {
  accessKeyId: 'AKIDEXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
  region: 'eu-west-1',
};
const objects = new Map<string, Buffer>();
const hmac = (k: Buffer | string, d: string) => createHmac('sha256', k).update(d).digest();
const key = (date: string) =>
  hmac(hmac(hmac(hmac(`AWS4${creds.secretAccessKey}`, date), creds.region), 's3'), 'aws4_request');
const enc = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

const verify = (
  method: string,
  path: string,
  query: URLSearchParams,
  headers: Record<string, string>,
  signedHeaders: string,
  payloadHash: string,
  amzDate: string,
  signature: string,
) => {
  const q = [...query.entries()]
    .filter(([k]) => k !== 'X-Amz-Signature')
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([k, v]) => `${enc(k)}=${enc(v)}`)
    .join('&');
  const names = signedHeaders.split(';');
  const canonical = [
    method,
    path,
    q,
    names.map((n) => `${n}:${headers[n]!.trim()}\n`).join(''),
    signedHeaders,
    payloadHash,
  ].join('\n');
  const date = amzDate.slice(0, 8);
  const toSign = [
    'AWS4-HMAC-SHA256',
    amzDate,
    `${date}/${creds.region}/s3/aws4_request`,
    createHash('sha256').update(canonical).digest('hex'),
  ].join('\n');
  return createHmac('sha256', key(date)).update(toSign).digest('hex') === signature;
};

let server: Server;
let endpoint: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url!, 'http://x');
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
      const body = Buffer.concat(chunks);
      if (req.method === 'PUT') {
        const auth = /Credential=[^/]+\/[^,]+, SignedHeaders=([^,]+), Signature=(\w+)/.exec(
          headers.authorization ?? '',
        );
        const hash = createHash('sha256').update(body).digest('hex');
        if (
          !auth ||
          headers['x-amz-content-sha256'] !== hash ||
          !verify('PUT', url.pathname, url.searchParams, headers, auth[1]!, hash, headers['x-amz-date']!, auth[2]!)
        ) {
          res.writeHead(403).end('SignatureDoesNotMatch');
          return;
        }
        objects.set(url.pathname, body);
        res.writeHead(200).end();
        return;
      }
      if (req.method === 'GET') {
        const q = url.searchParams;
        if (
          !verify(
            'GET',
            url.pathname,
            q,
            headers,
            q.get('X-Amz-SignedHeaders')!,
            'UNSIGNED-PAYLOAD',
            q.get('X-Amz-Date')!,
            q.get('X-Amz-Signature')!,
          )
        ) {
          res.writeHead(403).end('SignatureDoesNotMatch');
          return;
        }
        const found = objects.get(url.pathname);
        res.writeHead(found ? 200 : 404).end(found);
        return;
      }
      res.writeHead(405).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

it('puts and gets an object with valid SigV4 signatures', async () => {
  const s3 = createS3Storage({ ...creds, endpoint, bucket: 'uploads' });
  const bytes = Buffer.from('%PDF-1.4 hello');
  await s3.put('p1/kyc/id/gst cert.pdf', bytes, 'application/pdf');
  expect(objects.has('/uploads/p1/kyc/id/gst%20cert.pdf')).toBe(true);
  expect((await s3.get('p1/kyc/id/gst cert.pdf'))?.equals(bytes)).toBe(true);
  expect(await s3.get('p1/none')).toBeNull();
});

it('a wrong secret is refused by the store', async () => {
  const s3 = createS3Storage({ ...creds, secretAccessKey: 'wrong', endpoint, bucket: 'uploads' });
  await expect(s3.put('k', Buffer.from('x'), 'text/plain')).rejects.toThrow(/403/);
});

it('signs the presigned POST policy as S3 checks it', () => {
  const now = new Date('2026-01-02T03:04:05Z');
  const s3 = createS3Storage({ ...creds, endpoint, bucket: 'uploads', now: () => now });
  const post = s3.createUploadPost('p1/profile/x.png', {
    contentType: 'image/png',
    maxBytes: 5 * 1024 * 1024,
    expiresSeconds: 600,
  });
  expect(post.url).toBe(`${endpoint}/uploads`);
  expect(post.fields).toMatchObject({
    key: 'p1/profile/x.png',
    'Content-Type': 'image/png',
    'x-amz-algorithm': 'AWS4-HMAC-SHA256',
    'x-amz-date': '20260102T030405Z',
    'x-amz-credential': 'AKIDEXAMPLE/20260102/eu-west-1/s3/aws4_request',
  });
  const policy = JSON.parse(Buffer.from(post.fields.policy!, 'base64').toString()) as {
    expiration: string;
    conditions: unknown[];
  };
  expect(policy.expiration).toBe('2026-01-02T03:14:05.000Z');
  expect(policy.conditions).toContainEqual(['content-length-range', 0, 5 * 1024 * 1024]);
  expect(post.fields['x-amz-signature']).toBe(
    createHmac('sha256', key('20260102')).update(post.fields.policy!).digest('hex'),
  );
});
