import { and, asc, eq, notExists } from 'drizzle-orm';
import {
  fillSample,
  renumberParams,
  type CreateTemplateResponse,
  type MediaUploadUrlResponse,
  type TemplateInput,
} from '@pc/contract';
import { call, type TestContext } from '../../../test/harness.js';
import { partners, projects, templates } from '../../platform/db/schema.js';
import { makePng, multipart } from '../projects/test-files.js';

/** Shared by the template module's tests: a valid template to vary, and the demo's projects by name. */

/** A valid TEXT template; `over` replaces fields, and sample_text follows the text unless given. */
export const validInput = (over: Partial<TemplateInput> = {}): TemplateInput => {
  const merged: TemplateInput = {
    label: 'Order update',
    category: 'UTILITY',
    type: 'TEXT',
    language: 'en',
    name: 'order_update',
    text: 'Hello {{1}}, your order {{2}} has shipped today and will arrive soon.',
    sample_text: '',
    templateParams: ['Asha', '#123'],
    message_action_type: 'None',
    call_to_action: [],
    quick_replies: [],
    headerText: 'Order news',
    footerText: 'Reply STOP to opt out',
    ...over,
  };
  return {
    ...merged,
    sample_text: over.sample_text ?? fillSample(renumberParams(merged.text), merged.templateParams ?? []),
  };
};

export const projectIdOf = async (t: TestContext, name: string) => {
  const [row] = await t.database.db.select({ id: projects.id }).from(projects).where(eq(projects.name, name));
  if (!row) throw new Error(`no demo project ${name}`);
  return row.id;
};

/** The partner's live projects without a template, by name: one per test keeps Meta's copies and cool-downs apart. */
export const freeLiveProjectsOf = async (t: TestContext, partnerId: string) =>
  (
    await t.database.db
      .select({ id: projects.id })
      .from(projects)
      .innerJoin(partners, eq(partners.id, projects.partnerId))
      .where(
        and(
          eq(projects.partnerId, partnerId),
          eq(partners.type, 'WHITELABEL'),
          eq(projects.isWhatsappVerified, true),
          eq(projects.partnerArchived, false),
          // By the partner too: a distributed database runs it on that partner's node alone.
          notExists(
            t.database.db
              .select()
              .from(templates)
              .where(and(eq(templates.partnerId, partnerId), eq(templates.projectId, projects.id))),
          ),
        ),
      )
      .orderBy(asc(projects.name))
  ).map((r) => r.id);

/** Every template row of a project, by id: what "nothing changed" compares. */
export const templateRowsOf = async (t: TestContext, projectId: string) =>
  (await t.database.db.select().from(templates).where(eq(templates.projectId, projectId))).sort((a, b) =>
    a.id.localeCompare(b.id),
  );

export const createTemplate = (t: TestContext, token: string, projectId: string, body: object) =>
  call<CreateTemplateResponse & { fields?: Record<string, string> }>(
    t.app,
    'POST',
    `/project/${projectId}/wa_template`,
    {
      token,
      body,
    },
  );

/** The signed-in member's agent id and partner id. */
export const whoAmI = async (t: TestContext, token: string) => {
  const me = await call<{ agent: { _id: string; partnerId: string } }>(t.app, 'GET', '/api/me', { token });
  return { agentId: me.body.agent._id, partnerId: me.body.agent.partnerId };
};

/** Sample bytes of each media type, as their first bytes make them out (media-rules.ts). */
export const sampleBytes = {
  IMAGE: { bytes: makePng(300, 200), contentType: 'image/png', fileName: 'sample.png' },
  VIDEO: {
    bytes: Buffer.concat([
      Buffer.from([0, 0, 0, 0x18]),
      Buffer.from('ftypisom\0\0\x02\0isomiso2', 'latin1'),
      Buffer.alloc(40),
    ]),
    contentType: 'video/mp4',
    fileName: 'sample.mp4',
  },
  FILE: {
    bytes: Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(64)]),
    contentType: 'application/pdf',
    fileName: 'sample.pdf',
  },
} as const;

/** A sample media file uploaded as the dialog does (get-upload-url, the storage post, save-media-details): its URL. */
export const uploadedSample = async (
  t: TestContext,
  token: string,
  projectId: string,
  fileType: keyof typeof sampleBytes,
): Promise<string> => {
  const file = sampleBytes[fileType];
  const form = await call<MediaUploadUrlResponse>(t.app, 'POST', '/api/get-upload-url', {
    token,
    body: { assistantId: projectId, fileName: file.fileName, contentType: file.contentType, fileType },
  });
  const posted = multipart(form.body.uploadURL.fields, { name: 'sample', type: file.contentType, bytes: file.bytes });
  await t.app.inject({
    method: 'POST',
    url: new URL(form.body.uploadURL.url).pathname,
    payload: posted.payload,
    headers: { 'content-type': posted.contentType },
  });
  const saved = await call<{ publicUrl: string }>(t.app, 'POST', '/api/save-media-details', {
    token,
    body: {
      assistantId: projectId,
      fileName: file.fileName,
      contentType: file.contentType,
      fileType,
      fileSize: file.bytes.length,
      s3Path: form.body.filePath,
      publicUrl: form.body.fullUrl,
    },
  });
  if (saved.status !== 200) throw new Error(`the sample was not saved: ${JSON.stringify(saved.body)}`);
  return saved.body.publicUrl;
};
