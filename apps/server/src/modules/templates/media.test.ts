import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { projectMessages, templateMessages as m, type MediaUploadUrlResponse } from '@pc/contract';
import { call, signInAs, startTestApp, type TestContext } from '../../../test/harness.js';
import { storedFiles } from '../../platform/db/schema.js';
import { createStorage } from '../../providers/storage/create.js';
import { makePng, multipart } from '../projects/test-files.js';
import { mediaSaved } from './media.js';
import { createTemplate, projectIdOf, validInput } from './test-fixture.js';

let t: TestContext;
let owner: string;
let viewer: string;
let direct: string;
let project: string;
const MB = 1024 * 1024;

beforeAll(async () => {
  t = await startTestApp();
  [owner, viewer, direct] = await Promise.all([
    signInAs(t.app, 'owner'),
    signInAs(t.app, 'agent'),
    signInAs(t.app, 'direct'),
  ]);
  project = await projectIdOf(t, 'Metro Reminders');
});
afterAll(() => t.close());

/** An MP4's first box ('ftyp', brand isom), padded to `size`. */
const mp4 = (size = 64) => {
  const head = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom\0\0\x02\0isomiso2', 'latin1')]);
  return Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length))]);
};
const pdf = (size = 64) => Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(size)]);

const uploadUrl = (body: object, token = owner) =>
  call<MediaUploadUrlResponse & { message?: string }>(t.app, 'POST', '/api/get-upload-url', {
    token,
    body: { assistantId: project, fileName: 'sample.png', contentType: 'image/png', fileType: 'IMAGE', ...body },
  });
/** The browser's post to the storage: no authorization header, the form's fields then the file. */
const post = async (u: MediaUploadUrlResponse, bytes: Buffer, type: string) => {
  const form = multipart(u.uploadURL.fields, { name: 'sample', type, bytes });
  return t.app.inject({
    method: 'POST',
    url: new URL(u.uploadURL.url).pathname,
    payload: form.payload,
    headers: { 'content-type': form.contentType },
  });
};
const saveDetails = (u: { filePath: string }, fileType: string, token = owner, assistantId = project) =>
  call<{ message: string; publicUrl: string; fileId: string }>(t.app, 'POST', '/api/save-media-details', {
    token,
    body: {
      assistantId,
      fileName: 'sample',
      contentType: 'x',
      fileType,
      fileSize: 1,
      s3Path: u.filePath,
      publicUrl: 'https://evil.example/x',
    },
  });
const fileRow = async (filePath: string) =>
  (await t.database.db.select().from(storedFiles).where(eq(storedFiles.storageKey, filePath)))[0];

describe('sample media: get-upload-url, the storage post, save-media-details', () => {
  it('takes an image, judges its bytes, makes it public, and the template may use it as its sample', async () => {
    const u = await uploadUrl({});
    expect(u.status).toBe(200);
    expect(u.body.filePath).toMatch(new RegExp(`/media/${project}/[0-9a-f]{24}-sample.png$`));
    expect((await post(u.body, makePng(300, 200), 'image/png')).statusCode).toBe(204);
    const saved = await saveDetails(u.body, 'IMAGE');
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ message: mediaSaved, publicUrl: u.body.fullUrl, fileId: expect.any(String) });
    expect(await fileRow(u.body.filePath)).toMatchObject({
      purpose: 'MEDIA',
      isPublic: true,
      contentType: 'image/png',
    });
    const served = await t.app.inject({ method: 'GET', url: new URL(saved.body.publicUrl).pathname });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    const created = await createTemplate(
      t,
      owner,
      project,
      validInput({ name: 'with_banner', type: 'IMAGE', headerText: '', sampleMediaUrl: saved.body.publicUrl }),
    );
    expect(created.status).toBe(200);
    expect(created.body.sampleMediaUrl).toBe(saved.body.publicUrl);
  });

  it('takes videos and documents up to 16 MB through the storage post, and no more', async () => {
    const video = await uploadUrl({ fileName: 'clip.mp4', contentType: 'video/mp4', fileType: 'VIDEO' });
    expect((await post(video.body, mp4(10 * MB), 'video/mp4')).statusCode).toBe(204);
    expect((await saveDetails(video.body, 'VIDEO')).status).toBe(200);
    expect(await fileRow(video.body.filePath)).toMatchObject({ contentType: 'video/mp4', size: 10 * MB });
    const doc = await uploadUrl({ fileName: 'menu.pdf', contentType: 'application/pdf', fileType: 'FILE' });
    expect((await post(doc.body, pdf(7 * MB), 'application/pdf')).statusCode).toBe(204);
    expect((await saveDetails(doc.body, 'FILE')).status).toBe(200);
    const big = await uploadUrl({ fileName: 'long.mp4', contentType: 'video/mp4', fileType: 'VIDEO' });
    const refused = await post(big.body, mp4(16 * MB + 1), 'video/mp4');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Maximum size of Video can be 16MB');
    const image = await uploadUrl({});
    const large = await post(image.body, Buffer.concat([makePng(300, 300), Buffer.alloc(5 * MB)]), 'image/png');
    expect(large.json().message).toBe(projectMessages.imageTooLarge);
    // Bytes that are not what the form said are refused by the storage post.
    const fake = await uploadUrl({ fileName: 'fake.mp4', contentType: 'video/mp4', fileType: 'VIDEO' });
    expect((await post(fake.body, makePng(10, 10), 'video/mp4')).json().message).toBe(
      projectMessages.invalidFileFormat,
    );
  });

  it('refuses a content type the template type does not take, and keeps no file for it', async () => {
    for (const [contentType, fileType] of [
      ['image/gif', 'IMAGE'],
      ['video/mp4', 'FILE'],
      ['application/pdf', 'VIDEO'],
    ]) {
      const res = await uploadUrl({ fileName: 'x.bin', contentType, fileType });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(m.mediaType);
    }
    const rows = await t.database.db.select().from(storedFiles).where(eq(storedFiles.fileName, 'x.bin'));
    expect(rows).toHaveLength(0);
  });

  it('judges the stored bytes, whatever reached the storage: missing, too large, or not of the type', async () => {
    const missing = await uploadUrl({});
    const none = await saveDetails(missing.body, 'IMAGE');
    expect(none.status).toBe(400);
    expect(none.body.message).toBe(projectMessages.uploadMissing);
    // A bucket upload is not seen by the server: the bytes are put straight into the storage here.
    const storage = createStorage(t.deps.env);
    const large = await uploadUrl({});
    await storage.put(large.body.filePath, Buffer.concat([makePng(300, 300), Buffer.alloc(5 * MB)]), 'image/png');
    expect((await saveDetails(large.body, 'IMAGE')).body.message).toBe('Maximum size of Image can be 5MB');
    const wrong = await uploadUrl({ fileName: 'clip.mp4', contentType: 'video/mp4', fileType: 'VIDEO' });
    await storage.put(wrong.body.filePath, pdf(), 'video/mp4');
    expect((await saveDetails(wrong.body, 'VIDEO')).body.message).toBe(m.mediaType);
    // A type other than the one the form was made for: the bytes decide.
    expect((await saveDetails(wrong.body, 'FILE')).status).toBe(200);
    expect((await fileRow(wrong.body.filePath))!.isPublic).toBe(true);
    for (const u of [missing, large]) expect((await fileRow(u.body.filePath))!.isPublic).toBe(false);
  });

  it("answers 404 for another partner's project or file, a profile picture's path and an unknown path", async () => {
    expect((await uploadUrl({ assistantId: await projectIdOf(t, 'Corner Store') })).status).toBe(404);
    const mine = await uploadUrl({});
    await post(mine.body, makePng(300, 200), 'image/png');
    const directProject = await projectIdOf(t, 'Corner Store');
    expect((await saveDetails(mine.body, 'IMAGE', direct, directProject)).status).toBe(404);
    const picture = await call<{ filePath: string }>(t.app, 'POST', `/project/${project}/get-upload-url`, {
      token: owner,
      body: { assistantId: project, fileName: 'logo.png', contentType: 'image/png', fileType: 'IMAGE' },
    });
    expect((await saveDetails(picture.body, 'IMAGE')).status).toBe(404);
    expect((await saveDetails({ filePath: 'nope/media/x.png' }, 'IMAGE')).status).toBe(404);
    // The file of another project of the same partner is not this project's.
    expect((await saveDetails(mine.body, 'IMAGE', owner, await projectIdOf(t, 'Sunrise Bakery'))).status).toBe(404);
    expect(
      await t.database.db
        .select({ id: storedFiles.id })
        .from(storedFiles)
        .where(and(eq(storedFiles.storageKey, mine.body.filePath), eq(storedFiles.isPublic, true))),
    ).toHaveLength(0);
  });

  it('is refused to the read-only role (403)', async () => {
    expect((await uploadUrl({}, viewer)).status).toBe(403);
    const u = await uploadUrl({});
    expect((await saveDetails(u.body, 'IMAGE', viewer)).status).toBe(403);
  });
});
