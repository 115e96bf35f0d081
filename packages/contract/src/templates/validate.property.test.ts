import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CallToAction, TemplateInput } from './calls.js';
import { fromComponents, toComponents } from './components.js';
import { templateLanguageCodes, templateTypes } from './constants.js';
import { otpTypes } from './authentication.js';
import { fillSample, paramCount, renumberParams } from './format.js';
import { templateMessages as m } from './messages.js';
import { inputFromTemplate, loadTemplateForm, storedFromTemplate, templateFormOf } from './stored.js';
import { asLoaded } from './test-support.js';
import { validateTemplate, type NormalizedTemplate } from './validate.js';

// ---- generators of VALID template inputs ----

const chars = (alphabet: string, minLength: number, maxLength: number) =>
  fc.string({ unit: fc.constantFrom(...alphabet), minLength, maxLength });
const wordChars = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.,!?*_~-éü€|';
const word = chars(wordChars, 1, 8);
/** Free text of one line: spaces inside and around (trimmed by the validator), no braces. */
const line = (max: number) => chars(`${wordChars} `, 0, max);
const label = (max: number) =>
  chars(`${wordChars} []`, 1, max).filter((s) => s.trim() !== '' && s.trim().length <= max);
/** How a parameter may be typed before renumbering. */
const param = fc.oneof(
  fc.integer({ min: 1, max: 99 }).map((n) => `{{${n}}}`),
  fc.constantFrom('{{name}}', '{{ 2 }}'),
);

/** A body with n parameters and at least 2n + 1 other words, separated by spaces and single blank lines. */
const body = fc
  .integer({ min: 0, max: 6 })
  .chain((n) =>
    fc.record({
      params: fc.array(param, { minLength: n, maxLength: n }),
      words: fc.array(word, { minLength: 2 * n + 1, maxLength: 2 * n + 20 }),
      seps: fc.array(fc.constantFrom(' ', ' ', '\n', '\n\n', '  '), { minLength: 40, maxLength: 40 }),
      positions: fc.array(fc.nat(), { minLength: n, maxLength: n }),
    }),
  )
  .map(({ params, words, seps, positions }) => {
    const tokens = [...words];
    params.forEach((p, i) => tokens.splice((positions[i] ?? 0) % (tokens.length + 1), 0, p));
    return { text: tokens.map((t, i) => (i === 0 ? t : `${seps[i % seps.length]}${t}`)).join(''), n: params.length };
  });

const host = fc
  .tuple(chars('abcdefghijklmnopqrstuvwxyz0123456789', 1, 10), fc.constantFrom('com', 'in', 'io', 'co.uk'))
  .map(([name, tld]) => `${name}.example.${tld}`);
const path = chars('abcdefghijklmnopqrstuvwxyz0123456789-_.~/', 0, 20);
const mediaUrl = fc
  .tuple(fc.constantFrom('http', 'https', 'ftp'), host, path)
  .map(([scheme, h, p]) => `${scheme}://${h}/${p}`);

const titles = (n: number) => fc.uniqueArray(label(25), { minLength: n, maxLength: n, selector: (s) => s.trim() });

const phoneButton = (title: string): fc.Arbitrary<CallToAction> =>
  fc
    .tuple(chars('0123456789', 0, 4), chars('0123456789', 1, 11))
    .map(([extension, buttonValue]) => ({ type: 'Phone Number', buttonTitle: title, buttonValue, extension }));

const urlButton = (title: string) =>
  fc
    .record({ h: host, p: path, dynamic: fc.boolean(), suffix: chars('abcdefghij0123456789-_', 1, 10) })
    .map(({ h, p, dynamic, suffix }) => {
      const base = `https://${h}/${p}`;
      const button: CallToAction = { type: 'URL', buttonTitle: title, buttonValue: dynamic ? `${base}{{1}}` : base };
      return { button, sample: dynamic ? `${base}${suffix}` : '' };
    });

type Actions = Pick<TemplateInput, 'message_action_type' | 'call_to_action' | 'quick_replies' | 'sampleCTAUrl'>;

const ctaActions: fc.Arbitrary<Actions> = fc
  .record({ kinds: fc.constantFrom(['phone'], ['url'], ['phone', 'url'], ['url', 'phone']), t: titles(2) })
  .chain(({ kinds, t }) =>
    fc.tuple(
      ...kinds.map((k, i) =>
        k === 'phone' ? phoneButton(t[i] ?? 'x').map((button) => ({ button, sample: '' })) : urlButton(t[i] ?? 'x'),
      ),
    ),
  )
  .map((buttons) => ({
    message_action_type: 'CAT',
    call_to_action: buttons.map((b) => b.button),
    quick_replies: [],
    sampleCTAUrl: buttons.find((b) => b.sample !== '')?.sample ?? '',
  }));

const replyActions: fc.Arbitrary<Actions> = fc
  .integer({ min: 1, max: 3 })
  .chain(titles)
  .map((quick_replies) => ({ message_action_type: 'QuickReplies', call_to_action: [], quick_replies }));

/** None may carry leftovers the validator clears. */
const noActions: fc.Arbitrary<Actions> = fc
  .record({ replies: fc.array(line(10), { maxLength: 2 }), sample: line(10) })
  .map(({ replies, sample }) => ({
    message_action_type: 'None',
    call_to_action: [],
    quick_replies: replies,
    sampleCTAUrl: sample,
  }));

const nameArb = chars('abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_', 1, 40).filter(
  (s) => s.toLowerCase() !== 'shopify_cod_order_confirmation',
);

/** Templates whose text the partner writes (an authentication template's text is Meta's). */
const writtenInputArb: fc.Arbitrary<TemplateInput> = fc
  .record({
    label: fc.option(line(30), { nil: undefined }),
    category: fc.constantFrom('UTILITY', 'MARKETING'),
    type: fc.constantFrom(...templateTypes),
    language: fc.constantFrom(...templateLanguageCodes),
    name: fc.oneof(
      { weight: 9, arbitrary: nameArb },
      { weight: 1, arbitrary: fc.constant('shopify_cod_order_confirmation') },
    ),
    headerText: line(60),
    footerText: line(60),
    body,
    samples: fc.array(
      fc.string({ minLength: 1, maxLength: 12 }).filter((s) => s.trim() !== ''),
      {
        minLength: 6,
        maxLength: 8,
      },
    ),
    media: mediaUrl,
    actions: fc.oneof(ctaActions, replyActions, noActions),
    twoReplies: titles(2),
    isClickTrackingEnabled: fc.boolean(),
  })
  .map((r) => {
    const shopify = r.name === 'shopify_cod_order_confirmation';
    const actions: Actions = shopify
      ? { message_action_type: 'QuickReplies', call_to_action: [], quick_replies: r.twoReplies }
      : r.actions;
    const templateParams = r.samples.slice(0, r.body.n + (r.samples.length % 2));
    return {
      label: r.label,
      category: r.category,
      type: r.type,
      language: r.language,
      name: r.name,
      headerText: r.headerText,
      footerText: r.footerText,
      text: r.body.text,
      templateParams,
      sample_text: fillSample(renumberParams(r.body.text), templateParams),
      sampleMediaUrl: ['IMAGE', 'VIDEO', 'FILE'].includes(r.type) ? r.media : '',
      isClickTrackingEnabled: r.isClickTrackingEnabled,
      ...actions,
    };
  });

const packageName = fc
  .array(fc.tuple(chars('abcdefghijklmnopqrstuvwxyz', 1, 1), chars('abcdefghijklmnopqrstuvwxyz0123456789_', 0, 8)), {
    minLength: 2,
    maxLength: 4,
  })
  .map((parts) => parts.map(([a, b]) => a + b).join('.'));
const signatureHash = chars('abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+/=', 11, 11);

/** Authentication templates: Meta's choices, with leftovers of a written template the validator replaces. */
const authenticationInputArb: fc.Arbitrary<TemplateInput> = fc
  .record({
    name: nameArb,
    language: fc.constantFrom(...templateLanguageCodes),
    otpType: fc.constantFrom(...otpTypes),
    addSecurityRecommendation: fc.boolean(),
    codeExpirationMinutes: fc.option(fc.integer({ min: 1, max: 90 }), { nil: null }),
    buttonText: fc.option(label(25), { nil: undefined }),
    autofillText: fc.option(label(25), { nil: undefined }),
    apps: fc.uniqueArray(fc.record({ packageName, signatureHash }), {
      minLength: 1,
      maxLength: 5,
      selector: (a) => `${a.packageName} ${a.signatureHash}`,
    }),
    leftover: line(40),
  })
  .map((r) => ({
    category: 'AUTHENTICATION',
    type: 'TEXT',
    language: r.language,
    name: r.name,
    text: r.leftover,
    sample_text: r.leftover,
    headerText: r.leftover.slice(0, 10),
    message_action_type: 'None',
    call_to_action: [],
    quick_replies: [],
    authentication: {
      otpType: r.otpType,
      addSecurityRecommendation: r.addSecurityRecommendation,
      codeExpirationMinutes: r.codeExpirationMinutes,
      ...(r.buttonText === undefined ? {} : { buttonText: r.buttonText.trim() }),
      ...(r.autofillText === undefined || r.otpType === 'COPY_CODE' ? {} : { autofillText: r.autofillText.trim() }),
      ...(r.otpType === 'COPY_CODE' ? {} : { supportedApps: r.apps }),
      zeroTapTermsAccepted: r.otpType === 'ZERO_TAP',
    },
  }));

const validInputArb = fc.oneof(
  { weight: 4, arbitrary: writtenInputArb },
  { weight: 1, arbitrary: authenticationInputArb },
);

const accepted = (input: TemplateInput): NormalizedTemplate => {
  const verdict = validateTemplate(input);
  if (!verdict.ok) throw new Error(`refused by rule ${verdict.rule}: ${verdict.message} ${JSON.stringify(input)}`);
  return verdict.template;
};

describe('the validator on generated templates', () => {
  it('accepts every generated valid input', () => {
    fc.assert(fc.property(validInputArb, (input) => void accepted(input)));
  });

  it('gives back the same template after storing and loading', () => {
    fc.assert(
      fc.property(validInputArb, fc.boolean(), (input, withBody) => {
        const v = accepted(input);
        const stored = storedFromTemplate(v);
        expect(accepted(loadTemplateForm(asLoaded(stored, withBody)))).toEqual(v);
        expect(accepted(templateFormOf(stored))).toEqual(v);
      }),
    );
  });

  it('is idempotent on its own output', () => {
    fc.assert(
      fc.property(
        validInputArb,
        (input) => void expect(accepted(inputFromTemplate(accepted(input)))).toEqual(accepted(input)),
      ),
    );
  });

  it("round-trips through Meta's components, but for label and click tracking", () => {
    // Meta's components carry neither: the console's label and its own link tracking stay ours.
    fc.assert(
      fc.property(validInputArb, (input) => {
        const v = accepted(input);
        const back = accepted(fromComponents({ ...v, components: toComponents(v) }));
        expect(back).toEqual({ ...v, label: '', isClickTrackingEnabled: false });
      }),
    );
  });
});

// ---- one rule broken at a time ----

type Mutation = { rule: number; message: string; apply: (i: TemplateInput) => TemplateInput };
const withText = (i: TemplateInput, text: string): TemplateInput => ({
  ...i,
  text,
  sample_text: fillSample(renumberParams(text), i.templateParams ?? []),
});
const mutations: Mutation[] = [
  { rule: 1, message: m.selectCategory, apply: (i) => ({ ...i, category: 'PROMOTION' }) },
  { rule: 2, message: m.selectType, apply: (i) => ({ ...i, type: 'GIF' }) },
  { rule: 3, message: m.selectLanguage, apply: (i) => ({ ...i, language: 'xx_XX' }) },
  { rule: 4, message: m.nameCharacters, apply: (i) => ({ ...i, name: `${i.name}-x` }) },
  { rule: 4, message: m.nameRequired, apply: (i) => ({ ...i, name: '' }) },
  { rule: 5, message: m.headerTooLong, apply: (i) => ({ ...i, type: 'TEXT', headerText: 'h'.repeat(61) }) },
  { rule: 5, message: m.headerParams, apply: (i) => ({ ...i, type: 'TEXT', headerText: 'Hi {{1}}' }) },
  { rule: 6, message: m.footerTooLong, apply: (i) => ({ ...i, footerText: 'f'.repeat(61) }) },
  { rule: 6, message: m.footerParams, apply: (i) => ({ ...i, footerText: '{{1}} bye' }) },
  { rule: 7, message: m.formatRequired, apply: (i) => withText(i, ' \n ') },
  { rule: 7, message: m.formatTooLong, apply: (i) => withText(i, `${i.text} ${'x'.repeat(1024)}`) },
  { rule: 7, message: m.consecutiveEmptyLines, apply: (i) => withText(i, `${i.text}\n\n\nend`) },
  { rule: 7, message: m.tooManyParams, apply: (i) => withText(i, `${i.text} ${'{{9}} '.repeat(40)}`) },
  { rule: 7, message: m.extraCurlyBraces, apply: (i) => withText(i, `${i.text} {x}`) },
  { rule: 7, message: m.squareBrackets, apply: (i) => withText(i, `${i.text} [x]`) },
  {
    rule: 8,
    message: m.sampleValuesMissing,
    // A new parameter without a sample (the generated input may carry one spare sample: drop it).
    apply: (i) => {
      const n = paramCount(renumberParams(i.text));
      return withText({ ...i, templateParams: i.templateParams?.slice(0, n) }, `${i.text} and {{9}} a b c d`);
    },
  },
  {
    rule: 9,
    message: m.mediaUrlRequired('VIDEO'),
    apply: (i) => ({ ...i, type: 'VIDEO', sampleMediaUrl: '' }),
  },
  {
    rule: 9,
    message: m.invalidMediaUrl,
    apply: (i) => ({ ...i, type: 'IMAGE', sampleMediaUrl: 'http://169.254.169.254/latest' }),
  },
  {
    rule: 10,
    message: m.needTwoQuickReplies,
    apply: (i) => ({ ...i, name: 'shopify_cod_order_confirmation', message_action_type: 'None' }),
  },
  {
    rule: 11,
    message: m.needQuickReply,
    apply: (i) => ({ ...i, message_action_type: 'QuickReplies', quick_replies: [] }),
  },
  { rule: 12, message: m.needCta, apply: (i) => ({ ...i, message_action_type: 'CAT', call_to_action: [] }) },
  { rule: 13, message: m.sampleMismatch, apply: (i) => ({ ...i, sample_text: `${i.sample_text}!` }) },
];

describe('the validator on one broken rule', () => {
  it("refuses it with that rule's message", () => {
    fc.assert(
      fc.property(writtenInputArb, fc.constantFrom(...mutations), (input, mutation) => {
        // Rule 10's template is the one name whose buttons are fixed; renaming it away is a different input.
        const base = mutation.rule >= 11 ? { ...input, name: 'order_update' } : input;
        const verdict = validateTemplate(mutation.apply(base));
        expect(verdict).toMatchObject({ ok: false, rule: mutation.rule, message: mutation.message });
      }),
    );
  });
});
