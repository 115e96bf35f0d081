import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { templateMessages as m, type SyncTemplatesResponse, type Template, type TemplateInput } from '@pc/contract';
import { call, signInAs, startTestApp, type TestContext } from '../../../test/harness.js';
import { sandboxMetaTemplates, templates } from '../../platform/db/schema.js';
import { createTemplate, projectIdOf, templateRowsOf, whoAmI } from './test-fixture.js';

/**
 * Authentication templates through the console's API, against the sandbox Meta: Meta writes the
 * text from the choices (docs/research/meta-templates.md §2), the console keeps the choices and
 * shows Meta's text, and a template made in WhatsApp Manager comes back with its choices.
 */

let t: TestContext;
let owner: string;
let agentId: string;
let project: string;
let syncProject: string;

beforeAll(async () => {
  t = await startTestApp();
  owner = await signInAs(t.app, 'owner');
  ({ agentId } = await whoAmI(t, owner));
  project = await projectIdOf(t, 'Metro Reminders');
  syncProject = project;
});
afterAll(() => t.close());

const authentication = (over: Partial<TemplateInput> = {}, choices: object = {}): TemplateInput => ({
  category: 'AUTHENTICATION',
  type: 'TEXT',
  language: 'en_US',
  name: 'signin_code',
  text: '',
  sample_text: '',
  message_action_type: 'None',
  call_to_action: [],
  quick_replies: [],
  authentication: { otpType: 'COPY_CODE', addSecurityRecommendation: true, codeExpirationMinutes: 10, ...choices },
  ...over,
});

const rowOf = async (id: string) => (await t.database.db.select().from(templates).where(eq(templates.id, id)))[0]!;
const metaCopyOf = async (id: string) =>
  (await t.database.db.select().from(sandboxMetaTemplates).where(eq(sandboxMetaTemplates.id, id)))[0]!;

describe('an authentication template', () => {
  it("is submitted without text, with its OTP button, and shows Meta's text", async () => {
    const res = await createTemplate(t, owner, project, authentication({ name: 'signin_code' }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      category: 'AUTHENTICATION',
      type: 'TEXT',
      body: '*{{1}}* is your verification code. For your security, do not share this code.',
      footerText: 'This code expires in 10 minutes.',
      actionType: 'None',
      authentication: { otpType: 'COPY_CODE', addSecurityRecommendation: true, codeExpirationMinutes: 10 },
    });
    const row = await rowOf(res.body.id);
    // Meta holds it as Meta reads it back: its own text, the OTP button as a URL button.
    const copy = await metaCopyOf(row.providerTemplateId!);
    expect(copy.category).toBe('AUTHENTICATION');
    expect(JSON.stringify(copy.components)).toContain('is your verification code');
    // The detail the dialog reopens: the choices come back.
    const read = await call<Template[]>(t.app, 'GET', `/api/${agentId}/template-detials/${res.body.id}`, {
      token: owner,
    });
    expect(read.body[0]!.authentication).toEqual(res.body.authentication);
  });

  it('is refused with a clear message where a choice breaks Meta rules, and nothing is stored', async () => {
    const before = await templateRowsOf(t, project);
    const app = { packageName: 'com.metro.clinics', signatureHash: 'short' };
    const res = await createTemplate(
      t,
      owner,
      project,
      authentication({ name: 'bad_hash' }, { otpType: 'ONE_TAP', supportedApps: [app] }),
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: m.signatureHash });
    const zeroTap = await createTemplate(
      t,
      owner,
      project,
      authentication(
        { name: 'no_terms' },
        { otpType: 'ZERO_TAP', supportedApps: [{ ...app, signatureHash: 'K8a/AINcGX7' }] },
      ),
    );
    expect(zeroTap.body).toMatchObject({ message: m.zeroTapTerms });
    expect(await templateRowsOf(t, project)).toEqual(before);
  });

  it('is kept as typed in a draft and reopens with its choices', async () => {
    const typed = authentication({ name: 'draft_code' }, { otpType: 'ONE_TAP', codeExpirationMinutes: 200 });
    const res = await call<Template>(t.app, 'POST', `/project/${project}/wa_template/draft`, {
      token: owner,
      body: typed,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.authentication).toMatchObject({ otpType: 'ONE_TAP', codeExpirationMinutes: 200 });
  });

  it("made in WhatsApp Manager, is imported by sync with its choices and Meta's own words", async () => {
    // The project's account at the sandbox Meta, as the first test's template went there.
    const [held] = await t.database.db
      .select({ wabaId: sandboxMetaTemplates.wabaId })
      .from(sandboxMetaTemplates)
      .innerJoin(templates, eq(templates.providerTemplateId, sandboxMetaTemplates.id))
      .where(eq(templates.projectId, syncProject))
      .limit(1);
    // One made in the console in Hindi shows the English until Meta's own words are read back.
    const made = await createTemplate(
      t,
      owner,
      syncProject,
      authentication({ name: 'signin_code_hi', language: 'hi' }),
    );
    expect(made.body.body).toBe('*{{1}}* is your verification code. For your security, do not share this code.');
    const madeRow = await rowOf(made.body.id);
    const hindi = '*{{1}}* आपका सत्यापन कोड है। अपनी सुरक्षा के लिए, इस कोड को किसी के साथ साझा न करें।';
    const copy = await metaCopyOf(madeRow.providerTemplateId!);
    await t.database.db
      .update(sandboxMetaTemplates)
      .set({
        components: (copy.components as { type: string }[]).map((c) => (c.type === 'BODY' ? { ...c, text: hindi } : c)),
      })
      .where(eq(sandboxMetaTemplates.id, copy.id));
    // As integrators read a Hindi copy-code template back (Meta publishes no Hindi text).
    await t.database.db.insert(sandboxMetaTemplates).values({
      id: '1300000000000901',
      wabaId: held!.wabaId,
      name: 'login_otp_hi',
      language: 'hi',
      category: 'AUTHENTICATION',
      components: [
        { type: 'BODY', text: '*{{1}}* आपका सत्यापन कोड है। अपनी सुरक्षा के लिए, इस कोड को किसी के साथ साझा न करें।' },
        { type: 'FOOTER', text: 'यह कोड 5 मिनट में समाप्त हो जाएगा।' },
        {
          type: 'BUTTONS',
          buttons: [
            {
              type: 'URL',
              text: 'कोड कॉपी करें',
              url: 'https://www.whatsapp.com/otp/code/?otp_type=COPY_CODE&code_expiration_minutes=5&code=otp{{1}}',
            },
          ],
        },
      ],
      status: 'APPROVED',
    });
    const res = await call<SyncTemplatesResponse>(t.app, 'POST', '/partner/:partnerId/sync-templates', {
      token: owner,
      body: { assistantId: syncProject },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await rowOf(made.body.id)).toMatchObject({
      body: hindi,
      sampleMessage: hindi.replace('{{1}}', '123456'),
      format: `${hindi} | [Copy code]`,
    });
    const row = (await templateRowsOf(t, syncProject)).find((r) => r.name === 'login_otp_hi')!;
    expect(row).toMatchObject({
      category: 'AUTHENTICATION',
      status: 'APPROVED',
      body: '*{{1}}* आपका सत्यापन कोड है। अपनी सुरक्षा के लिए, इस कोड को किसी के साथ साझा न करें।',
      footerText: 'यह कोड 5 मिनट में समाप्त हो जाएगा।',
      authentication: {
        otpType: 'COPY_CODE',
        addSecurityRecommendation: true,
        codeExpirationMinutes: 5,
        buttonText: 'कोड कॉपी करें',
      },
    });
  });
});
