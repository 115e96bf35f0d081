import { request } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startFakeS3, type FakeS3 } from '../../../test/fake-s3.js';
import { readEnv } from '../../env.js';
import { createStorage, uploadOrigins } from './create.js';
import { createS3Storage, type S3Options } from './s3.js';

const keys = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' };
const temporary = {
  accessKeyId: 'ASIATEMPORARY',
  secretAccessKey: 'temporary/secret/EXAMPLEKEY',
  sessionToken: 'FwoGZXIvYXdzEXAMPLETOKEN',
};
const region = 'eu-west-1';
let fake: FakeS3;
let sessionFake: FakeS3;
beforeAll(async () => {
  [fake, sessionFake] = await Promise.all([
    startFakeS3({ ...keys, bucket: 'uploads', region }),
    startFakeS3({ ...temporary, bucket: 'uploads', region }),
  ]);
});
afterAll(() => Promise.all([fake.close(), sessionFake.close()]));
afterEach(() => vi.unstubAllEnvs());

const storage = (o: Partial<S3Options> = {}) =>
  createS3Storage({
    bucket: 'uploads',
    region,
    endpoint: fake.endpoint,
    forcePathStyle: true,
    credentials: keys,
    timeoutMs: 2000,
    maxAttempts: 1,
    ...o,
  });

/** What the browser does with an upload post: the fields, then the file. */
const postFile = async (post: { url: string; fields: Record<string, string> }, bytes: Buffer, type: string) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(post.fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), 'x');
  const res = await fetch(post.url, { method: 'POST', body: form });
  return { status: res.status, body: await res.text() };
};

describe('objects and links', () => {
  it('puts and gets an object, signed by the SDK as the store checks it', async () => {
    const s3 = storage();
    const bytes = Buffer.from('%PDF-1.4 hello');
    await s3.put('p1/kyc/id/gst cert.pdf', bytes, 'application/pdf');
    expect(fake.objects.get('p1/kyc/id/gst cert.pdf')).toEqual({ body: bytes, contentType: 'application/pdf' });
    expect((await s3.get('p1/kyc/id/gst cert.pdf'))?.equals(bytes)).toBe(true);
    expect(await s3.get('p1/none')).toBeNull();
  });

  it('a wrong secret is refused by the store', async () => {
    const s3 = storage({ credentials: { ...keys, secretAccessKey: 'wrong' } });
    await expect(s3.put('k', Buffer.from('x'), 'text/plain')).rejects.toThrow(/signature/i);
    await expect(s3.get('k')).rejects.toThrow(/signature/i);
    const post = await s3.createUploadPost('k', { contentType: 'image/png', maxBytes: 10, expiresSeconds: 60 });
    expect((await postFile(post, Buffer.from('x'), 'image/png')).body).toContain('<Code>SignatureDoesNotMatch</Code>');
    expect(fake.objects.has('k')).toBe(false);
  });

  it('a presigned GET opens the object without credentials, and not once tampered with', async () => {
    const s3 = storage();
    await s3.put('p1/shared.txt', Buffer.from('shared'), 'text/plain');
    const url = await s3.presignGet('p1/shared.txt', 60);
    expect(url).toContain(`${fake.endpoint}/uploads/p1/shared.txt?`);
    expect(await (await fetch(url)).text()).toBe('shared');
    expect((await fetch(url.replace(/X-Amz-Signature=\w+/, 'X-Amz-Signature=00'))).status).toBe(403);
    expect((await fetch(url.replace('shared.txt', 'other.txt'))).status).toBe(403);
  });
});

describe('credentials', () => {
  const inSession = (credentials?: S3Options['credentials']) =>
    storage({ endpoint: sessionFake.endpoint, credentials });

  it('static temporary keys with their session token sign requests, links and upload posts', async () => {
    const s3 = inSession(temporary);
    await s3.put('p1/session.txt', Buffer.from('temporary'), 'text/plain');
    expect((await s3.get('p1/session.txt'))?.toString()).toBe('temporary');
    expect(await (await fetch(await s3.presignGet('p1/session.txt', 60))).text()).toBe('temporary');
    const post = await s3.createUploadPost('p1/s.png', { contentType: 'image/png', maxBytes: 10, expiresSeconds: 60 });
    expect((await postFile(post, Buffer.from('png'), 'image/png')).status).toBe(204);
  });

  it('temporary keys without their token are refused', async () => {
    const s3 = inSession({ accessKeyId: temporary.accessKeyId, secretAccessKey: temporary.secretAccessKey });
    await expect(s3.put('p1/x.txt', Buffer.from('x'), 'text/plain')).rejects.toThrow(/token/i);
  });

  it("without keys the SDK's default chain is used: AWS_* variables with a session token", async () => {
    vi.stubEnv('AWS_ACCESS_KEY_ID', temporary.accessKeyId);
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', temporary.secretAccessKey);
    vi.stubEnv('AWS_SESSION_TOKEN', temporary.sessionToken);
    const s3 = inSession(undefined);
    await s3.put('p1/chain.txt', Buffer.from('from the chain'), 'text/plain');
    expect((await s3.get('p1/chain.txt'))?.toString()).toBe('from the chain');
  });
});

describe('browser uploads', () => {
  it("the browser's presigned POST stores a file within the policy", async () => {
    const post = await storage().createUploadPost('p1/profile/x.png', {
      contentType: 'image/png',
      maxBytes: 1024,
      expiresSeconds: 600,
    });
    expect(post.url).toBe(`${fake.endpoint}/uploads`);
    expect(post.fields).toMatchObject({ key: 'p1/profile/x.png', 'Content-Type': 'image/png' });
    expect(await postFile(post, Buffer.alloc(1024, 1), 'image/png')).toEqual({ status: 204, body: '' });
    expect(fake.objects.get('p1/profile/x.png')).toMatchObject({ contentType: 'image/png' });
    expect(fake.objects.get('p1/profile/x.png')?.body.length).toBe(1024);
  });

  it("the presigned POST's policy refuses a file over the size limit with S3's EntityTooLarge", async () => {
    const post = await storage().createUploadPost('p1/profile/big.png', {
      contentType: 'image/png',
      maxBytes: 1024,
      expiresSeconds: 600,
    });
    const tooLarge = await postFile(post, Buffer.alloc(1025, 1), 'image/png');
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.body).toContain('<Code>EntityTooLarge</Code>');
    expect(tooLarge.body).toContain('<MaxSizeAllowed>1024</MaxSizeAllowed>');
    expect(fake.objects.has('p1/profile/big.png')).toBe(false);
  });

  it('the policy refuses another content type or key, a field it does not cover, and an expired post', async () => {
    const post = await storage().createUploadPost('p1/profile/y.png', {
      contentType: 'image/png',
      maxBytes: 1024,
      expiresSeconds: 600,
    });
    const withFields = (fields: Record<string, string>) => ({ ...post, fields: { ...post.fields, ...fields } });
    const html = await postFile(withFields({ 'Content-Type': 'text/html' }), Buffer.from('x'), 'text/html');
    expect(html).toMatchObject({ status: 403, body: expect.stringContaining('Policy Condition failed') });
    const other = await postFile(withFields({ key: 'p2/other.png' }), Buffer.from('x'), 'image/png');
    expect(other).toMatchObject({ status: 403, body: expect.stringContaining('Policy Condition failed') });
    const acl = await postFile(withFields({ acl: 'public-read' }), Buffer.from('x'), 'image/png');
    expect(acl).toMatchObject({ status: 403, body: expect.stringContaining('Extra input fields: acl') });
    const expired = await storage().createUploadPost('p1/profile/z.png', {
      contentType: 'image/png',
      maxBytes: 1024,
      expiresSeconds: -1,
    });
    expect((await postFile(expired, Buffer.from('x'), 'image/png')).body).toContain('Policy expired');
    expect([...fake.objects.keys()].filter((k) => /other|y\.png|z\.png/.test(k))).toEqual([]);
  });
});

describe('timeouts and retries', () => {
  it('a stalled store fails the call after the timeout instead of holding it', async () => {
    fake.stall(1);
    const started = Date.now();
    await expect(storage({ timeoutMs: 300 }).get('p1/none')).rejects.toThrow(/timeout|timed out/i);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('the SDK tries again, up to maxAttempts, after a timeout or a 503 SlowDown', async () => {
    const s3 = storage({ timeoutMs: 300, maxAttempts: 3 });
    fake.stall(1);
    fake.slowDown(1);
    const before = fake.requests.length;
    await s3.put('p1/retried.txt', Buffer.from('third time'), 'text/plain');
    expect(fake.requests.slice(before)).toEqual(Array(3).fill({ method: 'PUT', key: 'p1/retried.txt' }));
    fake.slowDown(2);
    await expect(storage({ maxAttempts: 2 }).get('p1/retried.txt')).rejects.toThrow(/reduce your request rate/);
  });
});

describe('addressing', () => {
  it('virtual-host addressing signs with the bucket in the host name', async () => {
    const endpoint = fake.endpoint.replace('127.0.0.1', 'localhost');
    const s3 = storage({ forcePathStyle: false, endpoint });
    await storage().put('p1/vhost.txt', Buffer.from('by host'), 'text/plain');
    const url = new URL(await s3.presignGet('p1/vhost.txt', 60));
    expect(url.host).toBe(`uploads.${new URL(endpoint).host}`);
    expect(url.pathname).toBe('/p1/vhost.txt');
    // uploads.localhost has no address here: connect to the fake and send the Host header a resolver would.
    const body = await new Promise<string>((resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port: url.port, path: url.pathname + url.search, headers: { host: url.host } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c)).on('end', () => resolve(Buffer.concat(chunks).toString()));
        },
      );
      req.on('error', reject).end();
    });
    expect(body).toBe('by host');
  });

  const configured = (env: Record<string, string>) =>
    readEnv({ STORAGE: 's3', S3_BUCKET: 'uploads', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret', ...env });
  const uploadUrl = async (env: Record<string, string>) =>
    (await createStorage(configured(env)).createUploadPost('k', { contentType: 'a/b', maxBytes: 1, expiresSeconds: 9 }))
      .url;

  it('defaults: path-style with S3_ENDPOINT (MinIO and most compatibles), virtual-host on AWS; S3_FORCE_PATH_STYLE wins', async () => {
    expect(await uploadUrl({ S3_ENDPOINT: 'http://minio:9000' })).toBe('http://minio:9000/uploads');
    expect(await uploadUrl({ S3_REGION: 'eu-west-1' })).toBe('https://uploads.s3.eu-west-1.amazonaws.com/');
    expect(await uploadUrl({ S3_ENDPOINT: 'https://s3.example.com', S3_FORCE_PATH_STYLE: 'false' })).toBe(
      'https://uploads.s3.example.com/',
    );
    expect(await uploadUrl({ S3_FORCE_PATH_STYLE: 'true' })).toBe('https://s3.us-east-1.amazonaws.com/uploads');
  });

  it("the pages' connect-src gets the origin uploads are posted to, and nothing with local storage", async () => {
    const settings: Record<string, string>[] = [
      { S3_ENDPOINT: 'http://minio:9000' },
      { S3_REGION: 'eu-west-1' },
      { S3_FORCE_PATH_STYLE: 'true' },
    ];
    for (const env of settings) {
      expect(await uploadOrigins(configured(env))).toEqual([new URL(await uploadUrl(env)).origin]);
    }
    expect(await uploadOrigins(readEnv({}))).toEqual([]);
  });

  it('half a static key pair is a configuration error', () => {
    expect(() => createStorage(configured({ S3_SECRET_ACCESS_KEY: '' }))).toThrow(/go together/);
  });
});
