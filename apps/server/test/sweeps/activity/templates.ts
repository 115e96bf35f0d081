import { eq } from 'drizzle-orm';
import { type CreateTemplateResponse, type MediaUploadUrlResponse, type Template } from '@pc/contract';
import { multipart } from '../../../src/modules/projects/test-files.js';
import { sampleBytes, validInput } from '../../../src/modules/templates/test-fixture.js';
import { projects, sandboxMetaTemplates, templates } from '../../../src/platform/db/schema.js';
import { activityCase, made, send, type ActivityCases, type Member, type Sweep } from './case.js';
import { projectsOf } from './projects-of.js';

/**
 * The write routes of templates: submit, edit, drafts, sample media and sync. Each case finds its
 * project by the rules its route applies (not by a demo name another area's case may have changed),
 * and makes in its setup what its call changes.
 */

/** A name Meta has not seen in the project: each submission needs its own. */
let names = 0;
const freshName = (what: string) => `activity_${what}_${Date.now().toString(36)}_${(names += 1)}`;

/** A live project of the member's (templates go to a live WhatsApp Business Account). */
const liveProject = async (s: Sweep, member: Member = 'owner') => {
  const found = (await projectsOf(s, member)).find((r) => r.project.isWhatsappVerified);
  if (!found) throw new Error(`no live project of ${member}`);
  return found.project.id;
};

// Templates

const submitted = async (s: Sweep, projectId: string, name: string) =>
  made(await send<CreateTemplateResponse>(s, 'POST', `/project/${projectId}/wa_template`, validInput({ name })), name);

const draftOf = async (s: Sweep, projectId: string) =>
  made(
    await send<Template>(s, 'POST', `/project/${projectId}/wa_template/draft`, {
      name: freshName('draft'),
      category: 'UTILITY',
      language: 'en',
      text: 'Half typed',
    }),
    'the draft',
  );

/** The storage's upload form for a sample image, and the image posted to it as the browser does. */
const uploadedImage = async (s: Sweep, projectId: string) => {
  const file = sampleBytes.IMAGE;
  const form = made(
    await send<MediaUploadUrlResponse>(s, 'POST', '/api/get-upload-url', {
      assistantId: projectId,
      fileName: file.fileName,
      contentType: file.contentType,
      fileType: 'IMAGE',
    }),
    'the upload form',
  );
  const posted = multipart(form.uploadURL.fields, { name: 'sample', type: file.contentType, bytes: file.bytes });
  await s.t.app.inject({
    method: 'POST',
    url: new URL(form.uploadURL.url).pathname,
    payload: posted.payload,
    headers: { 'content-type': posted.contentType },
  });
  return { form, file };
};

/** Every write route of templates. */
export const cases: ActivityCases = {
  'POST /project/:projectId/wa_template': activityCase({
    action: 'template.submit',
    setup: (s) => liveProject(s),
    run: (s, projectId: string) =>
      send(s, 'POST', `/project/${projectId}/wa_template`, validInput({ name: freshName('submit') })),
  }),
  'PUT /project/:projectId/wa_template/:templateId': activityCase({
    action: 'template.edit',
    setup: async (s) => {
      const projectId = await liveProject(s);
      const { id } = await submitted(s, projectId, freshName('edit'));
      // Meta rejected it (a rejected template may be edited, and goes back to review).
      const [row] = await s.t.database.db
        .update(templates)
        .set({ status: 'REJECTED' })
        .where(eq(templates.id, id))
        .returning();
      await s.t.database.db
        .update(sandboxMetaTemplates)
        .set({ status: 'REJECTED' })
        .where(eq(sandboxMetaTemplates.id, row!.providerTemplateId!));
      return { projectId, id, name: row!.name };
    },
    run: (s, { projectId, id, name }: { projectId: string; id: string; name: string }) =>
      send(s, 'PUT', `/project/${projectId}/wa_template/${id}`, validInput({ name, footerText: 'Sent by Acme' })),
  }),
  'POST /project/:projectId/wa_template/draft': activityCase({
    action: 'template.draft',
    setup: (s) => liveProject(s),
    run: (s, projectId: string) =>
      send(s, 'POST', `/project/${projectId}/wa_template/draft`, { name: freshName('draft'), language: 'en' }),
  }),
  'DELETE /project/:projectId/wa_template/draft/:draftId': activityCase({
    action: 'template.draft-delete',
    setup: async (s) => {
      const projectId = await liveProject(s);
      return { projectId, draftId: (await draftOf(s, projectId))._id };
    },
    run: (s, { projectId, draftId }: { projectId: string; draftId: string }) =>
      send(s, 'DELETE', `/project/${projectId}/wa_template/draft/${draftId}`),
  }),
  'POST /api/direct-api-partner/templates': activityCase({
    action: 'template.submit',
    as: 'direct',
    setup: (s) => liveProject(s, 'direct'),
    run: (s, projectId: string) =>
      send(
        s,
        'POST',
        '/api/direct-api-partner/templates',
        {
          projectId,
          name: freshName('direct'),
          language: 'en',
          category: 'UTILITY',
          components: [
            {
              type: 'BODY',
              text: 'Hi {{1}}, your basket {{2}} is ready for pickup at the counter today.',
              example: { body_text: [['Arun', 'B-12']] },
            },
          ],
        },
        'direct',
      ),
  }),
  'POST /api/get-upload-url': {
    exempt:
      "A signed upload form for the storage: it keeps an empty, private placeholder of the file and changes nothing the member decided; the file's saving (save-media-details, which makes it public) is recorded.",
  },
  'POST /api/save-media-details': activityCase({
    action: 'template.media',
    setup: async (s) => {
      const projectId = await liveProject(s);
      return { projectId, ...(await uploadedImage(s, projectId)) };
    },
    run: (s, { projectId, form, file }: { projectId: string } & Awaited<ReturnType<typeof uploadedImage>>) =>
      send(s, 'POST', '/api/save-media-details', {
        assistantId: projectId,
        fileName: file.fileName,
        contentType: file.contentType,
        fileType: 'IMAGE',
        fileSize: file.bytes.length,
        s3Path: form.filePath,
        publicUrl: form.fullUrl,
      }),
  }),
  'POST /partner/:partnerId/sync-templates': activityCase({
    action: 'template.sync',
    setup: async (s) => {
      const projectId = await liveProject(s);
      // Out of the 5-minute cool-down another case's sync may have started.
      await s.t.database.db.update(projects).set({ lastTemplateSyncAt: null }).where(eq(projects.id, projectId));
      return projectId;
    },
    run: async (s, projectId: string) =>
      send(s, 'POST', `/partner/${(await s.idsOf('owner')).partnerId}/sync-templates`, { assistantId: projectId }),
  }),
};
