import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { projectMessages } from '@pc/contract';
import { call, startTestApp, type TestContext } from '../../../test/harness.js';
import { kycSubmissions, storedFiles } from '../../platform/db/schema.js';
import { makePng, multipart } from './test-files.js';
import { projectsFixture, type ProjectsFixture } from './test-fixture.js';

let t: TestContext;
let owner: string;
let viewer: string;
let direct: string;
let ids: ProjectsFixture['ids'];
let row: ProjectsFixture['row'];
let sendForm: ProjectsFixture['sendForm'];
beforeAll(async () => {
  t = await startTestApp();
  ({ owner, viewer, direct, ids, row, sendForm } = await projectsFixture(t));
});
afterAll(() => t.close());

describe('POST /partner/submit-kyc', () => {
  const png = makePng(10, 10);
  const fields = (assistantId: string, gstNumber = '27AAPFU0939F1ZV') => ({
    gstNumber,
    fileName: 'gst.png',
    contentType: 'image/png',
    fileType: 'png',
    consent: 'true',
    assistantId,
  });

  it('an invalid GSTIN answers validGst false and changes nothing', async () => {
    const res = await sendForm(
      '/partner/submit-kyc',
      multipart(fields(ids['Metro Reminders']!, '27AAPFU0939F1ZW'), { name: 'gst.png', type: 'image/png', bytes: png }),
    );
    expect(res.json()).toEqual({ validGst: false });
    expect((await row(ids['Metro Reminders']!)).bvbpProcess).toBe(0);
  });

  it('judges the file by its content: a text file named .pdf is refused, a PDF named .txt is taken', async () => {
    const fake = await sendForm(
      '/partner/submit-kyc',
      multipart(fields(ids['Metro Reminders']!), {
        name: 'gst.pdf',
        type: 'application/pdf',
        bytes: Buffer.from('hello, not a pdf'),
      }),
    );
    expect(fake.statusCode).toBe(400);
    expect(fake.json().message).toBe(projectMessages.kycFileType);
  });

  it("refuses a file over 500 KB with the spec's message", async () => {
    const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(500 * 1024)]);
    const res = await sendForm(
      '/partner/submit-kyc',
      multipart(fields(ids['Metro Reminders']!), { name: 'gst.pdf', type: 'application/pdf', bytes: big }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(projectMessages.kycFileTooLarge);
    expect((await row(ids['Metro Reminders']!)).bvbpProcess).toBe(0);
  });

  it('a valid submission stores the file, records it and sets bvbpProcess to 1; the file is served to its partner only', async () => {
    const pdf = Buffer.from('%PDF-1.4\n% a GST certificate\n');
    const res = await sendForm(
      '/partner/submit-kyc',
      multipart(fields(ids['Metro Reminders']!), { name: 'certificate.txt', type: 'text/plain', bytes: pdf }),
    );
    expect(res.json()).toEqual({ validGst: true, message: projectMessages.submitted });
    expect((await row(ids['Metro Reminders']!)).bvbpProcess).toBe(1);
    const [sub] = await t.database.db
      .select()
      .from(kycSubmissions)
      .where(eq(kycSubmissions.projectId, ids['Metro Reminders']!));
    expect(sub).toMatchObject({ gstNumber: '27AAPFU0939F1ZV', consent: true });
    const [file] = await t.database.db.select().from(storedFiles).where(eq(storedFiles.id, sub!.fileId));
    expect(file).toMatchObject({ purpose: 'KYC', contentType: 'application/pdf', isPublic: false });
    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/files/${file!.id}`,
      headers: { authorization: `Bearer ${owner}` },
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.rawPayload.equals(pdf)).toBe(true);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/files/${file!.id}`,
          headers: { authorization: `Bearer ${direct}` },
        })
      ).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/files/${file!.id}` })).statusCode).toBe(404);
    // Once applied, the button is disabled and a second submission is refused.
    expect(
      (
        await sendForm(
          '/partner/submit-kyc',
          multipart(fields(ids['Metro Reminders']!), { name: 'a.pdf', type: 'application/pdf', bytes: pdf }),
        )
      ).statusCode,
    ).toBe(409);
  });

  it('is refused where KYC is not shown (messaging limit above 250) and without write access', async () => {
    const res = await sendForm(
      '/partner/submit-kyc',
      multipart(fields(ids['Sunrise Bakery']!), { name: 'a.png', type: 'image/png', bytes: png }),
    );
    expect(res.statusCode).toBe(400);
    expect(
      (
        await sendForm(
          '/partner/submit-kyc',
          multipart(fields(ids['Metro Reminders']!), { name: 'a.png', type: 'image/png', bytes: png }),
          viewer,
        )
      ).statusCode,
    ).toBe(403);
  });

  it('refuses a body that is not a multipart form with 400', async () => {
    expect((await call(t.app, 'POST', '/partner/submit-kyc', { token: owner, body: { gstNumber: 'x' } })).status).toBe(
      400,
    );
  });
});
