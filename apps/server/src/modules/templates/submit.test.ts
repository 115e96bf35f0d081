import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { templateMessages as m, type Template } from '@pc/contract';
import { call, signInAs, startTestApp, type TestContext } from '../../../test/harness.js';
import { sandboxMetaTemplates, templates } from '../../platform/db/schema.js';
import { createTemplate, projectIdOf, templateRowsOf, validInput, whoAmI } from './test-fixture.js';

let t: TestContext;
let owner: string;
let viewer: string;
let ownerAgentId: string;
let acmeId: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestApp();
  [owner, viewer] = await Promise.all([signInAs(t.app, 'owner'), signInAs(t.app, 'agent')]);
  ({ agentId: ownerAgentId, partnerId: acmeId } = await whoAmI(t, owner));
  for (const name of ['Metro Reminders', 'Sunrise Orders', 'Old Market', 'Corner Store', 'Sunrise Bakery'])
    ids[name] = await projectIdOf(t, name);
});
afterAll(() => t.close());

const detail = (templateId: string, userId = ownerAgentId, token = owner) =>
  call<Template[] & { message?: string }>(t.app, 'GET', `/api/${userId}/template-detials/${templateId}`, { token });

describe('POST /project/{projectId}/wa_template', () => {
  it('submits a valid template for approval: PENDING, with Meta id, answered with id and assistant_name', async () => {
    const p = ids['Metro Reminders']!;
    const res = await createTemplate(t, owner, p, validInput({ name: 'Shipping_Note', label: 'Shipping' }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      message: m.submittedForApproval,
      assistant_name: 'Metro Reminders',
      assistantId: p,
      name: 'shipping_note',
      label: 'Shipping',
      status: 'PENDING',
      category: 'UTILITY',
      format: 'Hello {{1}}, your order {{2}} has shipped today and will arrive soon.',
      templateParams: ['Asha', '#123'],
    });
    expect(res.body.id).toBe(res.body._id);
    const [row] = await t.database.db.select().from(templates).where(eq(templates.id, res.body.id));
    expect(row).toMatchObject({ status: 'PENDING', createdBy: ownerAgentId, partnerId: acmeId });
    expect(row!.providerTemplateId).toMatch(/^\d+$/);
    expect(row!.submittedAt?.toISOString()).toBe(t.clock.now.toISOString());
    // The sandbox Meta now holds it under the project (it has no WABA id of its own in the demo).
    const [meta] = await t.database.db
      .select()
      .from(sandboxMetaTemplates)
      .where(eq(sandboxMetaTemplates.id, row!.providerTemplateId!));
    expect(meta).toMatchObject({ wabaId: p, name: 'shipping_note', status: 'PENDING' });
  });

  it("answers 'Waba is not live yet!' for a project that is not live, and stores nothing", async () => {
    const p = ids['Sunrise Orders']!;
    const before = await templateRowsOf(t, p);
    const res = await createTemplate(t, owner, p, validInput({ name: 'not_live_yet' }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Waba is not live yet!');
    expect(await templateRowsOf(t, p)).toEqual(before);
  });

  it("answers 404 for an archived, an unknown and another partner's project", async () => {
    for (const p of [ids['Old Market']!, 'nope', ids['Corner Store']!])
      expect((await createTemplate(t, owner, p, validInput({ name: 'nowhere' }))).status).toBe(404);
  });

  it('answers the first failed rule with its message and field, in the spec order, and changes nothing', async () => {
    const p = ids['Metro Reminders']!;
    const before = await templateRowsOf(t, p);
    const cases: [Parameters<typeof validInput>[0], string, string][] = [
      [{ category: 'PROMO', type: 'GIF' }, m.selectCategory, 'category'],
      [{ type: 'GIF' }, m.selectType, 'type'],
      [{ language: 'xx' }, m.selectLanguage, 'language'],
      [{ name: '' }, m.nameRequired, 'name'],
      [{ name: 'has space' }, m.nameCharacters, 'name'],
      [{ headerText: 'x'.repeat(61) }, m.headerTooLong, 'headerText'],
      [{ text: 'Hi [there] friend, how are you doing today?' }, m.squareBrackets, 'text'],
      [{ templateParams: ['Asha'] }, m.sampleValuesMissing, 'templateParams'],
      [{ type: 'IMAGE', sampleMediaUrl: 'http://10.0.0.1/a.png' }, m.invalidMediaUrl, 'sampleMediaUrl'],
      [{ message_action_type: 'QuickReplies', quick_replies: [] }, m.needQuickReply, 'quick_replies'],
      [{ sample_text: 'something else' }, m.sampleMismatch, 'sample_text'],
    ];
    for (const [over, message, field] of cases) {
      const res = await createTemplate(t, owner, p, validInput({ name: 'judged', ...over }));
      expect(res.status, message).toBe(400);
      expect(res.body.message).toBe(message);
      expect(res.body.fields).toEqual({ [field]: message });
    }
    expect(await templateRowsOf(t, p)).toEqual(before);
  });

  it("passes Meta's refusal on with its title, message and code (the floating parameter), and stores nothing", async () => {
    const p = ids['Metro Reminders']!;
    const before = await templateRowsOf(t, p);
    const res = await createTemplate(
      t,
      owner,
      p,
      validInput({ name: 'dangling', text: 'Thanks for shopping with us today, {{1}}', templateParams: ['Asha'] }),
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('Floating');
    expect(res.body.message).toContain("Variables can't be at the start or end of the template.");
    expect(res.body.message).toMatch(/\(#2388299\)$/);
    expect(await templateRowsOf(t, p)).toEqual(before);
  });

  it('refuses a second template of the same name and language, but takes another language', async () => {
    const p = ids['Metro Reminders']!;
    expect((await createTemplate(t, owner, p, validInput({ name: 'twice' }))).status).toBe(200);
    const again = await createTemplate(t, owner, p, validInput({ name: 'twice' }));
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(m.duplicateName);
    expect((await createTemplate(t, owner, p, validInput({ name: 'twice', language: 'hi' }))).status).toBe(200);
  });

  it("turns the partner's draft into the submitted template; another project's or a submitted one is 404", async () => {
    const p = ids['Metro Reminders']!;
    const draft = await call<Template>(t.app, 'POST', `/project/${p}/wa_template/draft`, {
      token: owner,
      body: { name: 'from_draft', text: 'Half typed' },
    });
    expect(draft.status).toBe(200);
    const foreignDraft = await call<Template>(t.app, 'POST', `/project/${ids['Sunrise Bakery']}/wa_template/draft`, {
      token: owner,
      body: { name: 'elsewhere' },
    });
    const wrong = await createTemplate(t, owner, p, {
      ...validInput({ name: 'from_draft' }),
      draftId: foreignDraft.body._id,
    });
    expect(wrong.status).toBe(404);
    const res = await createTemplate(t, owner, p, { ...validInput({ name: 'from_draft' }), draftId: draft.body._id });
    expect(res.status).toBe(200);
    expect(res.body._id).toBe(draft.body._id);
    expect(res.body.status).toBe('PENDING');
    const submitted = await createTemplate(t, owner, p, { ...validInput({ name: 'other' }), draftId: draft.body._id });
    expect(submitted.status).toBe(404);
    expect((await templateRowsOf(t, p)).filter((r) => r.name === 'from_draft')).toHaveLength(1);
  });

  it('is refused to the read-only role (403), which may still read the template', async () => {
    const p = ids['Metro Reminders']!;
    const res = await createTemplate(t, viewer, p, validInput({ name: 'by_viewer' }));
    expect(res.status).toBe(403);
    const made = await createTemplate(t, owner, p, validInput({ name: 'read_by_viewer' }));
    expect((await detail(made.body._id, (await whoAmI(t, viewer)).agentId, viewer)).status).toBe(200);
  });
});

describe('GET /api/{userId}/template-detials/{templateId}', () => {
  it("answers an array whose first item is the template, for the session's agent id or partner id", async () => {
    const made = await createTemplate(t, owner, ids['Metro Reminders']!, validInput({ name: 'detailed' }));
    for (const userId of [ownerAgentId, acmeId]) {
      const res = await detail(made.body._id, userId);
      expect(res.status).toBe(200);
      expect(res.body).toHaveLength(1);
      expect(res.body[0]).toMatchObject({ _id: made.body._id, name: 'detailed', assistantName: 'Metro Reminders' });
    }
  });

  it("answers 404 for another user id, an unknown template and another partner's template", async () => {
    const made = await createTemplate(t, owner, ids['Metro Reminders']!, validInput({ name: 'private_one' }));
    expect((await detail(made.body._id, 'someone-else')).status).toBe(404);
    expect((await detail('nope')).status).toBe(404);
    const direct = await signInAs(t.app, 'direct');
    expect((await detail(made.body._id, (await whoAmI(t, direct)).agentId, direct)).status).toBe(404);
  });
});
