import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { projectMessages } from '@pc/contract';
import { call, startTestApp, type TestContext } from '../../../test/harness.js';
import { storedFiles } from '../../platform/db/schema.js';
import { makeJpegHeader, makePng, multipart } from './test-files.js';
import { projectsFixture, type ProjectsFixture } from './test-fixture.js';

let t: TestContext;
let owner: string;
let direct: string;
let ids: ProjectsFixture['ids'];
let getProject: ProjectsFixture['getProject'];
beforeAll(async () => {
  t = await startTestApp();
  ({ owner, direct, ids, getProject } = await projectsFixture(t));
});
afterAll(() => t.close());

describe('profile', () => {
  const upload = async (project: string, bytes: Buffer, type = 'image/png') => {
    const res = await call<{
      uploadURL: { url: string; fields: Record<string, string> };
      fullUrl: string;
      filePath: string;
    }>(t.app, 'POST', `/project/${project}/get-upload-url`, {
      token: owner,
      body: { assistantId: project, fileName: 'logo.png', contentType: type, fileType: 'IMAGE' },
    });
    expect(res.status).toBe(200);
    const url = new URL(res.body.uploadURL.url);
    // The storage post goes without the authorization header.
    const posted = await t.app.inject({
      method: 'POST',
      url: url.pathname,
      ...(() => {
        const f = multipart(res.body.uploadURL.fields, { name: 'logo.png', type, bytes });
        return { payload: f.payload, headers: { 'content-type': f.contentType } };
      })(),
    });
    return { ...res.body, posted };
  };
  const save = (project: string, body: Record<string, unknown>) =>
    call(t.app, 'POST', `/project/${project}/update-business-profile`, {
      token: owner,
      body: { assistantId: project, ...body },
    });

  it('uploads a picture through the storage post and sets it with the profile, saving only non-empty values', async () => {
    const p = ids['Metro Clinics']!;
    const u = await upload(p, makePng(200, 200));
    expect(u.posted.statusCode).toBe(204);
    const res = await save(p, {
      address: 'MG Road',
      description: '',
      email: 'care@metro.example',
      vertical: 'HEALTH',
      websites: ['https://metro.example'],
      whatsAppAbout: 'We care',
      whatsAppDisplayImage: u.fullUrl,
      wasImageChanged: true,
      filePath: u.filePath,
      type: 'image/png',
      size: 1,
    });
    expect(res.body).toEqual({ message: projectMessages.updated });
    const detail = await getProject(p);
    expect(detail.whatsAppBusinessProfile).toEqual({
      address: 'MG Road',
      email: 'care@metro.example',
      vertical: 'HEALTH',
      websites: ['https://metro.example'],
    });
    expect(detail.whatsAppAbout).toBe('We care');
    expect(detail.whatsAppDisplayImage).toBe(u.fullUrl);
    // An accepted picture is public, so WhatsApp previews and <img> can show it.
    expect((await t.app.inject({ method: 'GET', url: new URL(u.fullUrl).pathname })).statusCode).toBe(200);
  });

  it("refuses pictures by their bytes with the spec's messages", async () => {
    const p = ids['Metro Clinics']!;
    const small = await upload(p, makePng(100, 300));
    expect((await save(p, { wasImageChanged: true, filePath: small.filePath })).body.message).toBe(
      projectMessages.imageTooSmall,
    );
    const jpeg = await upload(p, makeJpegHeader(150, 150), 'image/jpeg');
    expect((await save(p, { wasImageChanged: true, filePath: jpeg.filePath })).body.message).toBe(
      projectMessages.imageTooSmall,
    );
    const bigJpeg = await upload(p, makeJpegHeader(640, 480), 'image/jpeg');
    expect((await save(p, { wasImageChanged: true, filePath: bigJpeg.filePath })).status).toBe(200);
    const gif = await upload(p, Buffer.from('GIF89a........'));
    expect(gif.posted.statusCode).toBe(400);
    expect(gif.posted.json().message).toBe(projectMessages.invalidFileFormat);
    const huge = await upload(p, Buffer.concat([makePng(300, 300), Buffer.alloc(5 * 1024 * 1024)]));
    expect(huge.posted.statusCode).toBe(400);
    expect(huge.posted.json().message).toBe(projectMessages.imageTooLarge);
  });

  it('refuses a forged upload policy', async () => {
    const u = await call<{ uploadURL: { fields: Record<string, string> } }>(
      t.app,
      'POST',
      `/project/${ids['Metro Clinics']}/get-upload-url`,
      { token: owner, body: { fileName: 'a.png', contentType: 'image/png', fileType: 'IMAGE' } },
    );
    const f = multipart(
      { ...u.body.uploadURL.fields, key: 'other-partner/evil.png' },
      { name: 'a.png', type: 'image/png', bytes: makePng(200, 200) },
    );
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/storage/upload',
          payload: f.payload,
          headers: { 'content-type': f.contentType },
        })
      ).statusCode,
    ).toBe(400);
  });

  it("answers 'Waba is not live yet!' when the channel is not live", async () => {
    const res = await save(ids['Sunrise Orders']!, { address: 'x' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(projectMessages.wabaNotLive);
  });

  it('DIRECT partners read the profile and change one field at a time, the picture as a URL', async () => {
    const p = ids['Corner Store']!;
    expect(
      (
        await call(t.app, 'PATCH', '/api/direct-api-partner/profile', {
          token: direct,
          body: { projectId: p, about: 'Open late' },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await call(t.app, 'PATCH', '/api/direct-api-partner/profile', {
          token: direct,
          body: { projectId: p, profile_picture_url: 'https://cdn.example/p.png' },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await call(t.app, 'PATCH', '/api/direct-api-partner/profile', {
          token: direct,
          body: { projectId: p, profile_picture_url: 'not a url' },
        })
      ).status,
    ).toBe(400);
    const res = await call(t.app, 'GET', `/api/direct-api-partner/profile/${p}`, { token: direct });
    expect(res.body).toEqual({
      businessProfile: [
        expect.objectContaining({ about: 'Open late', profile_picture_url: 'https://cdn.example/p.png' }),
      ],
    });
    expect(
      (await call(t.app, 'GET', `/api/direct-api-partner/profile/${ids['Metro Clinics']}`, { token: direct })).status,
    ).toBe(404);
  });
});

it('keeps the tenant floor on stored files (one partner per row)', async () => {
  const rows = await t.database.db
    .select()
    .from(storedFiles)
    .where(and(eq(storedFiles.purpose, 'PROFILE_PICTURE')));
  expect(rows.every((r) => r.storageKey.startsWith(`${r.partnerId}/`))).toBe(true);
});
