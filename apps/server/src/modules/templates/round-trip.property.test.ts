import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fillSample,
  loadTemplateForm,
  renumberParams,
  otpTypes,
  templateLanguageCodes,
  templateTypes,
  validateTemplate,
  type CallToAction,
  type Template,
  type TemplateInput,
} from '@pc/contract';
import { call, signInAs, startTestApp, type TestContext } from '../../../test/harness.js';
import { createTemplate, projectIdOf, uploadedSample, whoAmI } from './test-fixture.js';

/**
 * Through the API: a valid template, created, read back by template-detials and loaded into the
 * dialog, validates to the very template that was submitted (what reopening or copying relies on).
 */
let t: TestContext;
let owner: string;
let agentId: string;
let project: string;
/** The project's uploaded sample of each media type, by template type. */
const samples: Partial<Record<string, string>> = {};

beforeAll(async () => {
  t = await startTestApp();
  owner = await signInAs(t.app, 'owner');
  ({ agentId } = await whoAmI(t, owner));
  project = await projectIdOf(t, 'Metro Reminders');
  for (const type of ['IMAGE', 'VIDEO', 'FILE'] as const) samples[type] = await uploadedSample(t, owner, project, type);
});
afterAll(() => t.close());

const chars = (alphabet: string, minLength: number, maxLength: number) =>
  fc.string({ unit: fc.constantFrom(...alphabet), minLength, maxLength });
const letters = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const word = chars(`${letters}0123456789`, 1, 8);
const text = (max: number) => fc.array(word, { maxLength: 6 }).map((w) => w.join(' ').slice(0, max));
const titles = (n: number) =>
  fc.uniqueArray(chars(letters, 1, 20), { minLength: n, maxLength: n, selector: (s) => s.toLowerCase() });

/**
 * A body whose parameters sit between words (Meta refuses one at either end), with the words Meta
 * asks per parameter (3 and one more, the sandbox's ratio; rule 7 asks 2 and one more).
 */
const body = fc.integer({ min: 0, max: 3 }).chain((n) =>
  fc
    .record({
      words: fc.array(word, { minLength: 3 * n + 2, maxLength: 3 * n + 12 }),
      at: fc.array(fc.nat(), { minLength: n, maxLength: n }),
      samples: fc.array(chars(letters, 1, 10), { minLength: n, maxLength: n }),
    })
    .map(({ words, at, samples }) => {
      const tokens = [...words];
      at.forEach((p, i) => tokens.splice(1 + (p % (tokens.length - 1)), 0, `{{${i + 1}}}`));
      return { text: tokens.join(' '), samples };
    }),
);

type Actions = Pick<TemplateInput, 'message_action_type' | 'call_to_action' | 'quick_replies' | 'sampleCTAUrl'>;
const none: Actions = { message_action_type: 'None', call_to_action: [], quick_replies: [] };
const actions: fc.Arbitrary<Actions> = fc.oneof(
  fc.constant(none),
  fc
    .integer({ min: 1, max: 3 })
    .chain(titles)
    .map((quick_replies): Actions => ({ message_action_type: 'QuickReplies', call_to_action: [], quick_replies })),
  fc
    .record({
      t: titles(2),
      kinds: fc.constantFrom<('phone' | 'url')[]>(['phone'], ['url'], ['phone', 'url']),
      extension: chars('0123456789', 0, 3),
      number: chars('0123456789', 10, 10),
      dynamic: fc.boolean(),
      suffix: chars('abcdefghij0123456789', 1, 8),
    })
    .map(({ t: names, kinds, extension, number, dynamic, suffix }): Actions => {
      const base = 'https://shop.example.com/orders/';
      const buttons = kinds.map((k, i): CallToAction =>
        k === 'phone'
          ? { type: 'Phone Number', buttonTitle: names[i]!, buttonValue: number, extension }
          : { type: 'URL', buttonTitle: names[i]!, buttonValue: dynamic ? `${base}{{1}}` : base },
      );
      const withUrl = kinds.includes('url') && dynamic;
      return {
        message_action_type: 'CAT',
        call_to_action: buttons,
        quick_replies: [],
        sampleCTAUrl: withUrl ? `${base}${suffix}` : '',
      };
    }),
);

let serial = 0;
const writtenTemplate: fc.Arbitrary<TemplateInput> = fc
  .record({
    label: fc.option(text(30), { nil: undefined }),
    category: fc.constantFrom('UTILITY', 'MARKETING'),
    type: fc.constantFrom(...templateTypes),
    language: fc.constantFrom(...templateLanguageCodes),
    name: chars(`${letters}0123456789_`, 1, 30),
    headerText: text(60),
    footerText: text(60),
    body,
    media: chars('abcdefghijklmnopqrstuvwxyz0123456789', 1, 12),
    actions,
    isClickTrackingEnabled: fc.boolean(),
  })
  .map(({ body: b, media, actions: a, name, ...rest }) => ({
    ...rest,
    ...a,
    // Unique within the run: Meta keeps one template of a name and language.
    name: `p${(serial += 1)}_${name}`,
    text: b.text,
    templateParams: b.samples,
    // The validator renumbers the parameters in order of appearance; the dialog fills the sample after it.
    sample_text: fillSample(renumberParams(b.text), b.samples),
    // The project's own uploaded samples (one per media type): Meta is sent their upload handles.
    sampleMediaUrl: samples[rest.type] ?? `https://cdn.example.com/media/${media}.bin`,
  }));

/** An authentication template: Meta's text, from the choices of its one-time password button. */
const authenticationTemplate: fc.Arbitrary<TemplateInput> = fc
  .record({
    language: fc.constantFrom(...templateLanguageCodes),
    name: chars(`${letters}0123456789_`, 1, 30),
    otpType: fc.constantFrom(...otpTypes),
    addSecurityRecommendation: fc.boolean(),
    codeExpirationMinutes: fc.option(fc.integer({ min: 1, max: 90 }), { nil: null }),
    buttonText: fc.option(chars(letters, 1, 25), { nil: undefined }),
    hash: chars(`${letters}0123456789+/=`, 11, 11),
  })
  .map(({ otpType, name, language, hash, ...choices }) => ({
    category: 'AUTHENTICATION',
    type: 'TEXT',
    language,
    name: `p${(serial += 1)}_${name}`,
    text: '',
    sample_text: '',
    ...none,
    authentication: {
      otpType,
      ...choices,
      supportedApps: otpType === 'COPY_CODE' ? [] : [{ packageName: 'com.metro.clinics', signatureHash: hash }],
      zeroTapTermsAccepted: otpType === 'ZERO_TAP',
    },
  }));

const validTemplate = fc.oneof(
  { weight: 3, arbitrary: writtenTemplate },
  { weight: 1, arbitrary: authenticationTemplate },
);

describe('create -> template-detials -> loadTemplateForm -> validateTemplate', () => {
  it('gives back the template that was submitted', async () => {
    await fc.assert(
      fc.asyncProperty(validTemplate, async (input) => {
        const submitted = validateTemplate(input, { trustedMediaOrigins: [t.deps.env.publicUrl] });
        if (!submitted.ok) throw new Error(`generated an invalid template: ${submitted.message}`);
        const created = await createTemplate(t, owner, project, input);
        expect(created.status, JSON.stringify(created.body)).toBe(200);
        const read = await call<Template[]>(t.app, 'GET', `/api/${agentId}/template-detials/${created.body.id}`, {
          token: owner,
        });
        const again = validateTemplate(loadTemplateForm(read.body[0]!), {
          trustedMediaOrigins: [t.deps.env.publicUrl],
        });
        expect(again).toEqual(submitted);
      }),
      { numRuns: 20 },
    );
  });
});
