import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { projectMessages } from '@pc/contract';
import { startFakeS3, type FakeS3 } from '../../../test/fake-s3.js';
import { call, signInAs, startTestApp, type TestContext } from '../../../test/harness.js';
import { kycSubmissions, projects, storedFiles } from '../../platform/db/schema.js';
import { makePng, multipart } from './test-files.js';

/** The project area's files with STORAGE=s3: KYC documents, profile pictures posted by the browser, files served back. */
const keys = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' };
let fake: FakeS3;
let t: TestContext;
let owner: string;

beforeAll(async () => {
  fake = await startFakeS3({ ...keys, bucket: 'console-uploads', region: 'ap-south-1' });
  t = await startTestApp({
    env: {
      STORAGE: 's3',
      S3_BUCKET: 'console-uploads',
      S3_REGION: 'ap-south-1',
      S3_ENDPOINT: fake.endpoint,
      S3_ACCESS_KEY_ID: keys.accessKeyId,
      S3_SECRET_ACCESS_KEY: keys.secretAccessKey,
      S3_MAX_ATTEMPTS: '1',
    },
  });
  owner = await signInAs(t.app, 'owner');
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const projectId = async (name: string) =>
  (await t.database.db.select({ id: projects.id }).from(projects).where(eq(projects.name, name)))[0]!.id;

it('a KYC document is put in the bucket and served back to its partner from it', async () => {
  const project = await projectId('Metro Reminders');
  const pdf = Buffer.from('%PDF-1.4\n% a GST certificate\n');
  const form = multipart(
    {
      gstNumber: '27AAPFU0939F1ZV',
      fileName: 'gst.pdf',
      contentType: 'application/pdf',
      fileType: 'pdf',
      consent: 'true',
      assistantId: project,
    },
    { name: 'gst.pdf', type: 'application/pdf', bytes: pdf },
  );
  const res = await t.app.inject({
    method: 'POST',
    url: '/partner/submit-kyc',
    payload: form.payload,
    headers: { authorization: `Bearer ${owner}`, 'content-type': form.contentType },
  });
  expect(res.json()).toEqual({ validGst: true, message: projectMessages.submitted });
  const [sub] = await t.database.db.select().from(kycSubmissions).where(eq(kycSubmissions.projectId, project));
  const [file] = await t.database.db.select().from(storedFiles).where(eq(storedFiles.id, sub!.fileId));
  expect(fake.objects.get(file!.storageKey)).toEqual({ body: pdf, contentType: 'application/pdf' });
  const served = await t.app.inject({
    method: 'GET',
    url: `/api/files/${file!.id}`,
    headers: { authorization: `Bearer ${owner}` },
  });
  expect(served.statusCode).toBe(200);
  expect(served.rawPayload.equals(pdf)).toBe(true);
});

it("a profile picture goes from the browser to the bucket by a presigned POST the pages' CSP allows", async () => {
  const project = await projectId('Metro Clinics');
  const getUpload = () =>
    call<{ uploadURL: { url: string; fields: Record<string, string> }; fullUrl: string; filePath: string }>(
      t.app,
      'POST',
      `/project/${project}/get-upload-url`,
      {
        token: owner,
        body: { assistantId: project, fileName: 'logo.png', contentType: 'image/png', fileType: 'IMAGE' },
      },
    );
  const post = async (upload: { url: string; fields: Record<string, string> }, bytes: Buffer) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(upload.fields)) form.append(k, v);
    form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'logo.png');
    const res = await fetch(upload.url, { method: 'POST', body: form });
    return { status: res.status, body: await res.text() };
  };
  const save = (filePath: string) =>
    call(t.app, 'POST', `/project/${project}/update-business-profile`, {
      token: owner,
      body: { assistantId: project, wasImageChanged: true, filePath, type: 'image/png', size: 1 },
    });

  const page = await t.app.inject({ method: 'GET', url: '/api/files/none' });
  expect(page.headers['content-security-policy']).toContain(`connect-src 'self' ${fake.endpoint};`);

  const upload = await getUpload();
  expect(upload.body.uploadURL.url).toBe(`${fake.endpoint}/console-uploads`);
  const png = makePng(200, 200);
  expect(await post(upload.body.uploadURL, png)).toEqual({ status: 204, body: '' });
  expect((await save(upload.body.filePath)).body).toEqual({ message: projectMessages.updated });
  const served = await t.app.inject({ method: 'GET', url: new URL(upload.body.fullUrl).pathname });
  expect(served.statusCode).toBe(200);
  expect(served.rawPayload.equals(png)).toBe(true);

  // Over 5 MB the bucket's policy refuses the file itself; the profile then finds no picture to take.
  const huge = await getUpload();
  const refused = await post(huge.body.uploadURL, Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]));
  expect(refused.status).toBe(400);
  expect(refused.body).toContain('<Code>EntityTooLarge</Code>');
  expect(fake.objects.has(huge.body.filePath)).toBe(false);
  expect((await save(huge.body.filePath)).body).toMatchObject({ message: projectMessages.uploadMissing });

  // The local storage's form endpoint is not there when the files live in a bucket.
  expect((await t.app.inject({ method: 'POST', url: '/api/storage/upload' })).statusCode).toBe(404);
});
