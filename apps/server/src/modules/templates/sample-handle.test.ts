import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { templateMessages as m, type TemplateComponent } from '@pc/contract';
import { signInAs, startTestApp, type TestContext } from '../../../test/harness.js';
import { sandboxMetaTemplates, templateSampleHandles } from '../../platform/db/schema.js';
import { isSandboxHandle } from '../../providers/meta/templates/sample-upload.js';
import { metaAppSecret } from '../../providers/meta/templates/create.js';
import { createTemplate, projectIdOf, templateRowsOf, uploadedSample, validInput } from './test-fixture.js';

/**
 * A media template's sample reaches Meta as a Resumable Upload handle, never as a URL ("You must
 * upload all media with the Resumable Upload API", Template components,
 * https://developers.facebook.com/documentation/business-messaging/whatsapp/templates/components;
 * docs/research/meta-templates.md §1): the dialog's uploaded file once per file, a public URL elsewhere
 * fetched and uploaded (sample-download.test.ts). The sandbox Meta refuses anything but its handles.
 */
let t: TestContext;
let owner: string;
let project: string;

beforeAll(async () => {
  t = await startTestApp();
  owner = await signInAs(t.app, 'owner');
  project = await projectIdOf(t, 'Metro Reminders');
});
afterAll(() => t.close());

const secret = () => metaAppSecret(t.deps.env);
const sentHandleOf = async (name: string) => {
  const [row] = await t.database.db.select().from(sandboxMetaTemplates).where(eq(sandboxMetaTemplates.name, name));
  const components = (row?.components ?? []) as TemplateComponent[];
  return components.find((c) => c.type === 'HEADER')?.example?.header_handle?.[0];
};
const imageTemplate = (name: string, sampleMediaUrl: string) =>
  validInput({ name, type: 'IMAGE', headerText: '', sampleMediaUrl });

describe("a media template's sample", () => {
  it('goes to Meta as the handle of its uploaded file, uploaded once for every template that uses it', async () => {
    const url = await uploadedSample(t, owner, project, 'IMAGE');
    expect((await createTemplate(t, owner, project, imageTemplate('banner_one', url))).status).toBe(200);
    expect((await createTemplate(t, owner, project, imageTemplate('banner_two', url))).status).toBe(200);
    const [one, two] = [await sentHandleOf('banner_one'), await sentHandleOf('banner_two')];
    expect(isSandboxHandle(secret(), one!)).toBe(true);
    // Each upload gives a new handle: the same one means the file went up once.
    expect(two).toBe(one);
    const kept = await t.database.db.select().from(templateSampleHandles);
    expect(kept.filter((k) => k.handle === one)).toHaveLength(1);
  });

  it('given as a public URL the server cannot fetch, is refused before Meta with a clear message: nothing kept', async () => {
    const before = await templateRowsOf(t, project);
    // ".invalid" never resolves (RFC 2606): the fetch fails as for a site that is down.
    const gone = await createTemplate(t, owner, project, imageTemplate('banner_gone', 'https://samples.invalid/b.png'));
    expect(gone).toMatchObject({ status: 400, body: { message: m.sampleUnreachable } });
    expect(await templateRowsOf(t, project)).toEqual(before);
    expect(await sentHandleOf('banner_gone')).toBeUndefined();
  });
});
