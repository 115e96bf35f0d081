import {
  mediaTemplateTypes,
  TEMPLATE_NAME_MAX,
  templateCategories,
  templateLanguageCodes,
  templateTypes,
  type TemplateCategory,
  type TemplateType,
} from './constants.js';
import type { TemplateInput } from './calls.js';
import { fillSample, renumberParams } from './format.js';
import { isPublicMediaUrl } from './media-url.js';
import { templateMessages as m } from './messages.js';
import { checkBody, checkFooter, checkHeader, checkSamples } from './rules-body.js';
import { checkButtons } from './rules-buttons.js';
import { checkAuthentication } from './rules-authentication.js';
import { AUTH_SAMPLE_CODE, authenticationTexts } from './authentication.js';
import { fail, type TemplateFailure, type TemplateVerdict } from './types.js';

export type { NormalizedTemplate, TemplateField, TemplateFailure, TemplateVerdict } from './types.js';
export { isPublicMediaUrl } from './media-url.js';

/**
 * The one template validator (doc 2 section 5.5), shared by the dialog and the server: the 13 rules
 * in their order, answering the first failure with the spec's message, or the template normalized
 * as it is stored and sent to Meta.
 */

const isOneOf = <T extends string>(values: readonly T[], value: string): value is T =>
  (values as readonly string[]).includes(value);

const disallowedNameChar = /[^a-z0-9_]/;

/** The name field while typing: uppercase is fine (it is lowercased), anything else outside [a-z0-9_] is not. */
export const nameInputProblem = (typed: string): string | null =>
  disallowedNameChar.test(typed.toLowerCase()) ? m.nameCharacters : null;

/** Rule 4. */
const checkName = (typed: string): TemplateFailure | { ok: true; name: string } => {
  const name = typed.toLowerCase();
  if (name === '') return fail(4, 'name', m.nameRequired);
  if (disallowedNameChar.test(name)) return fail(4, 'name', m.nameCharacters);
  if (name.length > TEMPLATE_NAME_MAX) return fail(4, 'name', m.nameTooLong);
  return { ok: true, name };
};

/** Rule 9 for media types; TEXT and LOCATION carry no sample media. */
const checkMedia = (
  type: TemplateType,
  typed: string | undefined,
  trustedOrigins: readonly string[],
): TemplateFailure | { ok: true; url: string } => {
  if (!mediaTemplateTypes.includes(type)) return { ok: true, url: '' };
  const url = (typed ?? '').trim();
  if (url === '') return fail(9, 'sampleMediaUrl', m.mediaUrlRequired(type));
  if (!isPublicMediaUrl(url, trustedOrigins)) return fail(9, 'sampleMediaUrl', m.invalidMediaUrl);
  return { ok: true, url };
};

/**
 * An AUTHENTICATION template (rule 14, ours): text only, and Meta writes its body, footer and
 * button, so those follow from the choices and the language; what was typed for them (or sent by
 * an API caller) is replaced, never judged by rules 5 to 13.
 */
const validateAuthentication = (input: TemplateInput, type: TemplateType, name: string): TemplateVerdict => {
  if (type !== 'TEXT') return fail(14, 'type', m.authenticationText);
  const checked = checkAuthentication(input.authentication);
  if (!checked.ok) return checked;
  const a = checked.authentication;
  const texts = authenticationTexts(input.language, a);
  const templateParams = [AUTH_SAMPLE_CODE];
  return {
    ok: true,
    template: {
      label: (input.label ?? '').trim(),
      category: 'AUTHENTICATION',
      type,
      language: input.language,
      name,
      text: texts.body,
      sampleText: fillSample(texts.body, templateParams),
      actionType: 'None',
      callToAction: [],
      quickReplies: [],
      headerText: '',
      footerText: texts.footer,
      templateParams,
      sampleMediaUrl: '',
      sampleCTAUrl: '',
      isClickTrackingEnabled: false,
      authentication: a,
    },
  };
};

export const validateTemplate = (
  input: TemplateInput,
  opts: { trustedMediaOrigins?: readonly string[] } = {},
): TemplateVerdict => {
  const category: string = input.category;
  const type: string = input.type;
  if (!isOneOf<TemplateCategory>(templateCategories, category)) return fail(1, 'category', m.selectCategory);
  if (!isOneOf<TemplateType>(templateTypes, type)) return fail(2, 'type', m.selectType);
  if (!templateLanguageCodes.includes(input.language)) return fail(3, 'language', m.selectLanguage);
  const name = checkName(input.name);
  if (!name.ok) return name;
  if (category === 'AUTHENTICATION') return validateAuthentication(input, type, name.name);
  // The header exists for TEXT templates only ("header text (TEXT type only)"); others drop it.
  const headerText = type === 'TEXT' ? (input.headerText ?? '').trim() : '';
  const footerText = (input.footerText ?? '').trim();
  const edges = checkHeader(headerText) ?? checkFooter(footerText);
  if (edges) return edges;
  const text = renumberParams(input.text);
  const body = checkBody(text);
  if (body) return body;
  const samples = checkSamples(text, input.templateParams ?? []);
  if (!samples.ok) return samples;
  const media = checkMedia(type, input.sampleMediaUrl, opts.trustedMediaOrigins ?? []);
  if (!media.ok) return media;
  const buttons = checkButtons(input, name.name);
  if (!buttons.ok) return buttons;
  // Rule 13: the browser fills sample_text with the same helper, so only a wrong API caller fails here.
  const sampleText = fillSample(text, samples.templateParams);
  if (input.sample_text !== sampleText) return fail(13, 'sample_text', m.sampleMismatch);
  return {
    ok: true,
    template: {
      label: (input.label ?? '').trim(),
      category,
      type,
      language: input.language,
      name: name.name,
      text,
      sampleText,
      actionType: buttons.actionType,
      callToAction: buttons.callToAction,
      quickReplies: buttons.quickReplies,
      headerText,
      footerText,
      templateParams: samples.templateParams,
      sampleMediaUrl: media.url,
      sampleCTAUrl: buttons.sampleCTAUrl,
      isClickTrackingEnabled: buttons.isClickTrackingEnabled,
      authentication: null,
    },
  };
};
