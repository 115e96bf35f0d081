import { afterAll, beforeAll, expect, it } from 'vitest';
import { createS3Storage, type S3Options } from './s3.js';
import { startFakeS3, type FakeS3 } from './s3-fake.js';

const keys = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' };
const region = 'eu-west-1';
let fake: FakeS3;
beforeAll(async () => {
  fake = await startFakeS3({ ...keys, bucket: 'uploads', region });
});
afterAll(() => fake.close());

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

it('puts and gets an object, signed by the SDK as the store checks it', async () => {
  const s3 = storage();
  const bytes = Buffer.from('%PDF-1.4 hello');
  await s3.put('p1/kyc/id/gst cert.pdf', bytes, 'application/pdf');
  expect(fake.objects.has('/uploads/p1/kyc/id/gst%20cert.pdf')).toBe(true);
  expect((await s3.get('p1/kyc/id/gst cert.pdf'))?.equals(bytes)).toBe(true);
  expect(await s3.get('p1/none')).toBeNull();
});

it('a wrong secret is refused by the store', async () => {
  const s3 = storage({ credentials: { ...keys, secretAccessKey: 'wrong' } });
  await expect(s3.put('k', Buffer.from('x'), 'text/plain')).rejects.toThrow(/signature/i);
  await expect(s3.get('k')).rejects.toThrow(/signature/i);
});

it('session credentials (a temporary key with its token) sign requests too', async () => {
  const s3 = storage({ credentials: { ...keys, sessionToken: 'FwoGZXIvYXdzEXAMPLETOKEN' } });
  await s3.put('p1/session.txt', Buffer.from('temporary'), 'text/plain');
  expect((await s3.get('p1/session.txt'))?.toString()).toBe('temporary');
});

it('a presigned GET opens the object without credentials', async () => {
  const s3 = storage();
  await s3.put('p1/shared.txt', Buffer.from('shared'), 'text/plain');
  const url = await s3.presignGet('p1/shared.txt', 60);
  expect(url).toContain(`${fake.endpoint}/uploads/p1/shared.txt?`);
  expect(await (await fetch(url)).text()).toBe('shared');
  expect((await fetch(url.replace(/X-Amz-Signature=\w+/, 'X-Amz-Signature=00'))).status).toBe(403);
});

it("the browser's presigned POST stores a file within the policy", async () => {
  const post = await storage().createUploadPost('p1/profile/x.png', {
    contentType: 'image/png',
    maxBytes: 1024,
    expiresSeconds: 600,
  });
  expect(post.url).toBe(`${fake.endpoint}/uploads`);
  expect(post.fields).toMatchObject({ key: 'p1/profile/x.png', 'Content-Type': 'image/png' });
  expect(await postFile(post, Buffer.alloc(1024, 1), 'image/png')).toEqual({ status: 204, body: '' });
  expect(fake.objects.get('/uploads/p1/profile/x.png')?.length).toBe(1024);
});

it("the presigned POST's policy refuses a file over the size limit, and any other content type or key", async () => {
  const post = await storage().createUploadPost('p1/profile/big.png', {
    contentType: 'image/png',
    maxBytes: 1024,
    expiresSeconds: 600,
  });
  const tooLarge = await postFile(post, Buffer.alloc(1025, 1), 'image/png');
  expect(tooLarge.status).toBe(400);
  expect(tooLarge.body).toContain('<Code>EntityTooLarge</Code>');
  expect(
    (
      await postFile(
        { ...post, fields: { ...post.fields, 'Content-Type': 'text/html' } },
        Buffer.from('x'),
        'text/html',
      )
    ).status,
  ).toBe(403);
  expect(
    (await postFile({ ...post, fields: { ...post.fields, key: 'p2/other.png' } }, Buffer.from('x'), 'image/png'))
      .status,
  ).toBe(403);
  expect(fake.objects.has('/uploads/p1/profile/big.png')).toBe(false);
});

it('virtual-host addressing puts the bucket in the host name', async () => {
  const post = await storage({
    forcePathStyle: false,
    endpoint: 'https://s3.eu-west-1.amazonaws.com',
  }).createUploadPost('k', { contentType: 'image/png', maxBytes: 1, expiresSeconds: 60 });
  expect(post.url).toBe('https://uploads.s3.eu-west-1.amazonaws.com/');
});
