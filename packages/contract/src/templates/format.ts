import { TEMPLATE_PHONE_LOCAL_DIGITS, type TemplateActionType } from './constants.js';
import type { CallToAction } from './calls.js';

/**
 * The text side of a template: its `{{n}}` parameters, the phone buttons' prefix, and the stored
 * `format` (the body with the buttons appended as ' | [..]' segments, doc 2 section 3).
 */

/** Anything between double braces is a parameter slot, whatever was typed in it (`{{name}}`, `{{ 2 }}`). */
const anyParam = /\{\{[^{}]*\}\}/g;
const numberedParam = /\{\{(\d+)\}\}/g;

/** Every `{{...}}` becomes `{{1}}`, `{{2}}`, ... in order of appearance (doc 2 rule 8). */
export const renumberParams = (text: string): string => {
  let n = 0;
  return text.replace(anyParam, () => `{{${++n}}}`);
};

/** How many `{{n}}` the text has. */
export const paramCount = (text: string): number => text.match(numberedParam)?.length ?? 0;

/** The text with each `{{n}}` replaced by values[n-1], in one pass (a value holding `{{2}}` stays as it is). */
export const fillSample = (text: string, values: readonly string[]): string =>
  text.replace(numberedParam, (whole, n: string) => values[Number(n) - 1] ?? whole);

/** A phone button's number as Meta takes it: prefix and local part joined, digits only, no '+'. */
export const joinPhone = (extension: string | undefined, number: string): string =>
  `${extension ?? ''}${number}`.replace(/\D/g, '');

/**
 * A stored phone number as the dialog shows it: past 10 digits, the leading digits are the country
 * prefix (doc 2 "Other template rules"); 10 digits or fewer stay whole with an empty prefix.
 */
export const splitPhone = (value: string): { extension: string; buttonValue: string } => {
  const digits = value.replace(/\D/g, '');
  if (digits.length <= TEMPLATE_PHONE_LOCAL_DIGITS) return { extension: '', buttonValue: digits };
  const cut = digits.length - TEMPLATE_PHONE_LOCAL_DIGITS;
  return { extension: digits.slice(0, cut), buttonValue: digits.slice(cut) };
};

export const isPhoneButton = (b: Pick<CallToAction, 'type'>): boolean => b.type === 'Phone Number';

const segmentStart = ' | [';

/**
 * The stored `format`: the body, then ` | [Title,https://x.com/{{1}}]` per URL button,
 * ` | [Title,+919876543210]` per phone button (joined) and ` | [Yes]` per quick reply. The body
 * cannot hold '[' (rule 7), so the first ' | [' is where the buttons start.
 */
export const formatWithButtons = (t: {
  text: string;
  actionType: TemplateActionType;
  callToAction: CallToAction[];
  quickReplies: string[];
}): string => {
  const segments =
    t.actionType === 'CAT'
      ? t.callToAction.map((b) =>
          isPhoneButton(b)
            ? `${b.buttonTitle},+${joinPhone(b.extension, b.buttonValue)}`
            : `${b.buttonTitle},${b.buttonValue}`,
        )
      : t.actionType === 'QuickReplies'
        ? t.quickReplies
        : [];
  return t.text + segments.map((s) => `${segmentStart}${s}]`).join('');
};

/**
 * A segment's title and value. Titles may hold commas, so the value is found by its shape: a
 * '+digits' phone after the last comma, else a URL after the first comma that starts one.
 */
const segmentParts = (segment: string): string[] => {
  const last = segment.lastIndexOf(',');
  if (last >= 0 && /^\+\d+$/.test(segment.slice(last + 1))) return [segment.slice(0, last), segment.slice(last + 1)];
  for (let i = segment.indexOf(','); i >= 0; i = segment.indexOf(',', i + 1))
    if (/^(?:https?|ftp):\/\//i.test(segment.slice(i + 1))) return [segment.slice(0, i), segment.slice(i + 1)];
  return [segment];
};

/**
 * The inverse of formatWithButtons: the body and each segment's parts ([title, value] for a
 * call to action, [text] for a quick reply). The body is exact; segments are for display, since a
 * button text holding '] | [' cannot be told apart (the template's own button fields are the truth).
 */
export const splitFormat = (format: string): { text: string; segments: string[][] } => {
  const start = format.indexOf(segmentStart);
  if (start < 0 || !format.endsWith(']')) return { text: format, segments: [] };
  const inner = format.slice(start + segmentStart.length, -1);
  return { text: format.slice(0, start), segments: inner.split(`]${segmentStart}`).map(segmentParts) };
};
