import { TEMPLATE_BODY_MAX, TEMPLATE_FOOTER_MAX, TEMPLATE_HEADER_MAX } from './constants.js';
import { paramCount } from './format.js';
import { templateMessages as m } from './messages.js';
import { fail, type TemplateFailure } from './types.js';

/** Rules 5 to 8 of doc 2 section 5.5: header, footer, body and its parameters' samples. */

/** Rule 5 (header) and 6 (footer): at most 60 characters and no parameter. */
export const checkHeader = (header: string): TemplateFailure | null => {
  if (header.length > TEMPLATE_HEADER_MAX) return fail(5, 'headerText', m.headerTooLong);
  if (header.includes('{{')) return fail(5, 'headerText', m.headerParams);
  return null;
};
export const checkFooter = (footer: string): TemplateFailure | null => {
  if (footer.length > TEMPLATE_FOOTER_MAX) return fail(6, 'footerText', m.footerTooLong);
  if (footer.includes('{{')) return fail(6, 'footerText', m.footerParams);
  return null;
};

/** Whitespace-separated tokens; a `{{n}}` standing alone is one of them. */
export const wordCount = (text: string): number => text.split(/\s+/).filter(Boolean).length;

/** Words that are not parameters (rule 7's "word count minus parameter count"). */
export const fixedWordCount = (text: string): number => wordCount(text) - paramCount(text);

/** Rule 7 on the renumbered body, its sub-rules in the spec's order. */
export const checkBody = (text: string): TemplateFailure | null => {
  if (text.trim() === '') return fail(7, 'text', m.formatRequired);
  if (text.length > TEMPLATE_BODY_MAX) return fail(7, 'text', m.formatTooLong);
  if (/(?:\r?\n){3}/.test(text)) return fail(7, 'text', m.consecutiveEmptyLines);
  const params = paramCount(text);
  if (fixedWordCount(text) < 2 * params + 1) return fail(7, 'text', m.tooManyParams);
  // After renumbering every well-formed `{{...}}` is `{{n}}`; any brace left is stray.
  if (/[{}]/.test(text.replace(/\{\{\d+\}\}/g, ''))) return fail(7, 'text', m.extraCurlyBraces);
  if (/[[\]]/.test(text)) return fail(7, 'text', m.squareBrackets);
  return null;
};

/** Rule 8: a non-blank sample per parameter; extra samples are dropped. */
export const checkSamples = (
  text: string,
  samples: readonly string[],
): TemplateFailure | { ok: true; templateParams: string[] } => {
  const templateParams = samples.slice(0, paramCount(text));
  if (templateParams.length < paramCount(text) || templateParams.some((v) => v.trim() === ''))
    return fail(8, 'templateParams', m.sampleValuesMissing);
  return { ok: true, templateParams };
};
