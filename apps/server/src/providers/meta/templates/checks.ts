import {
  LINT_WORDS_PER_PARAM,
  paramCount,
  templateCategories,
  templateLanguageCodes,
  templateLanguageName,
  type TemplateButton,
  type TemplateComponent,
} from '@pc/contract';
import { type SubmittedTemplate } from './templates.js';
import { authenticationRefusal } from './checks-authentication.js';
import { invalid, missingExample, notOneOf } from './refusals.js';
import type { MetaApiError } from '../graph-error.js';

/**
 * What Meta refuses synchronously on `POST /{WABA_ID}/message_templates` (HTTP 400, code 100), in
 * Meta's words where they are known:
 *
 * - 2388024 "Content in This Language Already Exists": name + language already in the account.
 * - 2388023 "New English content can't be added while the existing English content is being
 *   deleted. Try again in 4 weeks ...": the name was deleted less than 30 days ago (a delete takes
 *   the name in every language, and the lint warns of it the same way).
 * - 2388299 variables at the start or end of the body ("Variables can't be at the start or end of
 *   the template."); the title is WhatsApp Manager's name for the check, "Floating Parameter -
 *   Dangled", which the console's "How to fix floating parameter issue?" link keys on.
 * - 2388293 "Params Words Ratio Exceeds Limit": fewer than 3 fixed words per parameter plus one, the
 *   contract lint's LINT_WORDS_PER_PARAM (Meta does not publish its threshold; integrators measured
 *   4 variables in 13 words refused and in 17 accepted, which this rule reproduces). Doc 2 rule 7
 *   (2 per parameter plus one) is looser, so a console template can still meet this one.
 * - 2388043 a parameter without its example value (body, text header, URL button) or a media header
 *   without its sample handle.
 * - `(#100) Param category|language must be one of {...}`: Graph's answer to an unknown enum value.
 * - anything else malformed in the components: code 100 "Invalid parameter" with our own detail.
 *
 * An AUTHENTICATION template is Meta's preset text and one OTP button: checks-authentication.ts.
 * The template is in Meta's case (read-back.ts `inMetaCase`).
 */

export const duplicateTemplate = (language: string) =>
  invalid(
    `There is already ${templateLanguageName(language)} content for this template. You can create a new template and try again.`,
    2388024,
    'Content in This Language Already Exists',
  );

export const templateBeingDeleted = (language: string) => {
  const lang = templateLanguageName(language);
  return invalid(
    `New ${lang} content can't be added while the existing ${lang} content is being deleted. Try again in 4 weeks or consider creating a new message template.`,
    2388023,
    'Message Template Language Is Being Deleted',
  );
};

/** Meta's parameters are `{{n}}` exactly; anything else between double braces is malformed. */
const param = /\{\{(\d+)\}\}/g;
const anyBraces = /\{\{[^{}]*\}\}/g;
const paramsIn = (text: string) => [...text.matchAll(param)].map((m) => Number(m[1]));

/**
 * The contract lint's floating-parameter test (lint.ts), kept identical: Meta looks through
 * whitespace and punctuation, so "... is {{2}}." still ends with a variable.
 */
const floatingParam = /^[\s\p{P}~]*\{\{\d+\}\}|\{\{\d+\}\}[\s\p{P}~]*$/u;
export const hasFloatingParameter = (body: string): boolean => floatingParam.test(body);

/** Whitespace-separated tokens that are not parameters, against the lint's words per parameter. */
export const tooManyParameters = (body: string): boolean => {
  const params = paramCount(body);
  const fixed = body.split(/\s+/).filter(Boolean).length - params;
  return params > 0 && fixed < LINT_WORDS_PER_PARAM * params + 1;
};

const checkHeader = (h: TemplateComponent): MetaApiError | null => {
  const format = h.format ?? 'TEXT';
  if (format === 'LOCATION') return null;
  if (format !== 'TEXT') return h.example?.header_handle?.length ? null : missingExample('HEADER');
  const text = h.text ?? '';
  if (text.trim() === '') return invalid('A TEXT header needs its text.');
  if (text.length > 60) return invalid('The header text can be at most 60 characters.');
  const params = paramsIn(text).length;
  if (params > 1) return invalid('The header can have at most one variable.');
  return params === 1 && !h.example?.header_text?.length ? missingExample('HEADER') : null;
};

const checkButton = (b: TemplateButton): MetaApiError | null => {
  // Meta's OTP button is the authentication template's own (its pages create it only there).
  if (b.type === 'OTP') return invalid('OTP buttons are only for AUTHENTICATION templates.');
  const text = b.text ?? '';
  if (text.trim() === '' || text.length > 25) return invalid('A button text must be 1 to 25 characters.');
  if (b.type === 'PHONE_NUMBER' && !/^\+?\d{5,20}$/.test(b.phone_number ?? ''))
    return invalid('A PHONE_NUMBER button needs a phone_number.');
  if (b.type !== 'URL') return null;
  if (!/^https?:\/\/[^\s/]+\.[^\s]+$/i.test(b.url ?? '')) return invalid('A URL button needs a valid url.');
  const params = paramsIn(b.url ?? '').length;
  if (params > 1) return invalid('A URL button can have at most one variable.');
  return params === 1 && !b.example?.length ? missingExample('BUTTONS') : null;
};

const checkBody = (body: TemplateComponent): MetaApiError | null => {
  const text = body.text ?? '';
  if (text.trim() === '') return invalid('The BODY component needs its text.');
  if (text.length > 1024) return invalid('The body text can be at most 1024 characters.');
  if ((text.match(anyBraces)?.length ?? 0) !== paramsIn(text).length)
    return invalid('Variables must be written {{1}}, {{2}}, ... (positional parameters).');
  const params = paramsIn(text);
  if (params.length > 0 && params.some((n, i) => n !== i + 1))
    return invalid('Variables must be numbered {{1}}, {{2}}, ... in order.');
  if (params.length > 0 && (body.example?.body_text?.[0]?.length ?? 0) < params.length) return missingExample('BODY');
  if (hasFloatingParameter(text))
    return invalid("Variables can't be at the start or end of the template.", 2388299, 'Floating Parameter - Dangled');
  if (tooManyParameters(text))
    return invalid(
      'This template has too many variables for its length. Reduce the number of variables or increase the message length.',
      2388293,
      'Params Words Ratio Exceeds Limit',
    );
  return null;
};

const checkComponents = (category: string, components: readonly TemplateComponent[]): MetaApiError | null => {
  const types = components.map((c) => c.type);
  if (new Set(types).size !== types.length) return invalid('Each component type can appear only once.');
  const body = components.find((c) => c.type === 'BODY');
  if (!body) return invalid('A template needs a BODY component.');
  if (category === 'AUTHENTICATION') return authenticationRefusal(components);
  const header = components.find((c) => c.type === 'HEADER');
  // Meta's reference: "For types HEADER, BODY, FOOTER, text is required" (authentication aside).
  const footer = components.find((c) => c.type === 'FOOTER');
  const buttons = components.find((c) => c.type === 'BUTTONS')?.buttons;
  const footerText = footer?.text ?? '';
  if (footer && (footerText.trim() === '' || footerText.length > 60 || footerText.includes('{{')))
    return invalid('The footer is 1 to 60 characters of fixed text.');
  if (buttons && (buttons.length === 0 || buttons.length > 10)) return invalid('BUTTONS holds 1 to 10 buttons.');
  return (header && checkHeader(header)) ?? (buttons ?? []).map(checkButton).find((e) => e !== null) ?? checkBody(body);
};

/** The first thing Meta would refuse about the template itself (the account's other templates aside). */
export const metaRefusal = (t: SubmittedTemplate): MetaApiError | null => {
  if (!(templateCategories as readonly string[]).includes(t.category))
    return notOneOf('category', templateCategories, t.category);
  if (!templateLanguageCodes.includes(t.language)) return notOneOf('language', templateLanguageCodes, t.language);
  if (!/^[a-z0-9_]{1,512}$/.test(t.name))
    return invalid('The name can only hold lowercase letters, digits and underscores (at most 512).');
  return checkComponents(t.category, t.components);
};
