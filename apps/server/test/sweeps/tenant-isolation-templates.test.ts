import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import type { MediaUploadUrlResponse, Template } from '@pc/contract';
import { call, signInAs, startTestApp, type TestContext } from '../harness.js';
import { projects, storedFiles, templates } from '../../src/platform/db/schema.js';
import { makePng, multipart } from '../../src/modules/projects/test-files.js';
import { validInput, whoAmI } from '../../src/modules/templates/test-fixture.js';

/**
 * The template calls' tenant floor, both ways: each partner's owner, acting on the other's
 * projects, templates, drafts and sample media by their ids, gets 404 and changes nothing.
 */
let t: TestContext;
type Side = {
  token: string;
  agentId: string;
  partnerId: string;
  project: string;
  template: string;
  draft: string;
  media: MediaUploadUrlResponse;
};
const sides: Record<'acme' | 'direct', Side> = {} as Record<'acme' | 'direct', Side>;

const world = async () => ({
  templates: await t.database.db.select().from(templates).orderBy(asc(templates.id)),
  files: await t.database.db.select().from(storedFiles).orderBy(asc(storedFiles.id)),
});
let before: Awaited<ReturnType<typeof world>>;

const setUp = async (who: 'owner' | 'direct', projectName: string): Promise<Side> => {
  const token = await signInAs(t.app, who);
  const { agentId, partnerId } = await whoAmI(t, token);
  const [p] = await t.database.db.select({ id: projects.id }).from(projects).where(eq(projects.name, projectName));
  const project = p!.id;
  const created = await call<Template>(t.app, 'POST', `/project/${project}/wa_template`, {
    token,
    body: validInput({ name: `own_${who}` }),
  });
  const draft = await call<Template>(t.app, 'POST', `/project/${project}/wa_template/draft`, {
    token,
    body: { name: `draft_${who}` },
  });
  const media = await call<MediaUploadUrlResponse>(t.app, 'POST', '/api/get-upload-url', {
    token,
    body: { assistantId: project, fileName: 'a.png', contentType: 'image/png', fileType: 'IMAGE' },
  });
  const form = multipart(media.body.uploadURL.fields, { name: 'a.png', type: 'image/png', bytes: makePng(64, 64) });
  await t.app.inject({
    method: 'POST',
    url: new URL(media.body.uploadURL.url).pathname,
    payload: form.payload,
    headers: { 'content-type': form.contentType },
  });
  expect([created.status, draft.status, media.status]).toEqual([200, 200, 200]);
  return { token, agentId, partnerId, project, template: created.body._id, draft: draft.body._id, media: media.body };
};

beforeAll(async () => {
  t = await startTestApp();
  sides.acme = await setUp('owner', 'Metro Reminders');
  sides.direct = await setUp('direct', 'Corner Store');
  before = await world();
});
afterAll(() => t.close());

/** Every template call `actor` can make with `victim`'s ids. */
const attempts = (actor: Side, victim: Side): [string, 'GET' | 'POST' | 'PUT' | 'DELETE', string, object?][] => [
  ['create', 'POST', `/project/${victim.project}/wa_template`, validInput({ name: 'intruder' })],
  [
    'create from their draft',
    'POST',
    `/project/${actor.project}/wa_template`,
    { ...validInput({ name: 'intruder' }), draftId: victim.draft },
  ],
  ['edit', 'PUT', `/project/${victim.project}/wa_template/${victim.template}`, validInput({ name: 'own_x' })],
  [
    'edit theirs via mine',
    'PUT',
    `/project/${actor.project}/wa_template/${victim.template}`,
    validInput({ name: 'own_x' }),
  ],
  ['list', 'POST', '/api/template-lists', { assistantId: victim.project, skip: 0, rowsPerPage: 10 }],
  ['detail as myself', 'GET', `/api/${actor.agentId}/template-detials/${victim.template}`],
  ['detail as them', 'GET', `/api/${victim.agentId}/template-detials/${victim.template}`],
  ['detail as their partner', 'GET', `/api/${victim.partnerId}/template-detials/${victim.template}`],
  ['save draft', 'POST', `/project/${victim.project}/wa_template/draft`, { name: 'intruder' }],
  [
    'save over their draft',
    'POST',
    `/project/${actor.project}/wa_template/draft`,
    { draftId: victim.draft, name: 'intruder' },
  ],
  ['delete their draft', 'DELETE', `/project/${victim.project}/wa_template/draft/${victim.draft}`],
  ['delete their draft via mine', 'DELETE', `/project/${actor.project}/wa_template/draft/${victim.draft}`],
  ['lint context', 'GET', `/project/${victim.project}/template-lint-context`],
  [
    'upload url',
    'POST',
    '/api/get-upload-url',
    { assistantId: victim.project, fileName: 'a.png', contentType: 'image/png', fileType: 'IMAGE' },
  ],
  [
    'save their media',
    'POST',
    '/api/save-media-details',
    {
      assistantId: victim.project,
      fileName: 'a.png',
      contentType: 'image/png',
      fileType: 'IMAGE',
      fileSize: 1,
      s3Path: victim.media.filePath,
      publicUrl: '',
    },
  ],
  [
    'save their media to mine',
    'POST',
    '/api/save-media-details',
    {
      assistantId: actor.project,
      fileName: 'a.png',
      contentType: 'image/png',
      fileType: 'IMAGE',
      fileSize: 1,
      s3Path: victim.media.filePath,
      publicUrl: '',
    },
  ],
  [
    'direct create',
    'POST',
    '/api/direct-api-partner/templates',
    {
      projectId: victim.project,
      name: 'intruder',
      language: 'en',
      category: 'UTILITY',
      components: [{ type: 'BODY', text: 'Hello there my good friend' }],
    },
  ],
  ['direct list', 'POST', `/api/direct-api-partner/templates/project/${victim.project}`, { projectId: victim.project }],
  [
    'direct list, their id in the body',
    'POST',
    `/api/direct-api-partner/templates/project/${actor.project}`,
    { projectId: victim.project },
  ],
  ['direct search', 'POST', '/api/direct-api-partner/templates/search', { projectId: victim.project, filter: 'own' }],
];

describe.each([
  ['acme', 'direct'],
  ['direct', 'acme'],
] as const)("%s's owner on %s's templates", (actorName, victimName) => {
  it('gets 404 for every id of the other partner', async () => {
    const actor = sides[actorName];
    const victim = sides[victimName];
    for (const [what, method, url, body] of attempts(actor, victim)) {
      // A DIRECT-only list with the actor's own id in the path answers for the actor's own project (or 400).
      if (what === 'direct list, their id in the body') {
        const res = await call<{ templates?: Template[] }>(t.app, 'POST', url, { token: actor.token, body });
        expect(res.body.templates?.every((x) => x.assistantId === actor.project) ?? true, what).toBe(true);
        continue;
      }
      const res = await call(t.app, method, url, { token: actor.token, body });
      expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBe(404);
    }
  });
});

describe('afterwards', () => {
  it('no template, draft or file of either partner changed', async () => {
    expect(await world()).toEqual(before);
  });
});
