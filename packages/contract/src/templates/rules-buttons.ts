import {
  ctaButtonTypes,
  SHOPIFY_COD_TEMPLATE,
  TEMPLATE_BUTTON_TITLE_MAX,
  TEMPLATE_CTA_MAX,
  TEMPLATE_CTA_URL_PARAMS_MAX,
  TEMPLATE_QUICK_REPLIES_MAX,
  templateActionTypes,
  type TemplateActionType,
} from './constants.js';
import type { CallToAction, TemplateInput } from './calls.js';
import { isPhoneButton, joinPhone, splitPhone } from './format.js';
import { templateMessages as m } from './messages.js';
import { fail, type TemplateFailure } from './types.js';

/** Rules 10 to 12 of doc 2 section 5.5: the buttons, by action type. */

export type CheckedButtons = {
  ok: true;
  actionType: TemplateActionType;
  callToAction: CallToAction[];
  quickReplies: string[];
  sampleCTAUrl: string;
  isClickTrackingEnabled: boolean;
};

/** E.164 allows 15 digits; Meta's phone_number field holds '+' and at most 20 characters. */
const PHONE_MAX_DIGITS = 15;
const anyParam = /\{\{[^{}]*\}\}/g;

/** An http(s) URL as a button or sample: parses, has a host, no spaces or credentials. */
export const isHttpUrl = (value: string): boolean => {
  if (value === '' || /\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' && !url.username;
  } catch {
    return false;
  }
};

const isActionType = (value: string): value is TemplateActionType =>
  (templateActionTypes as readonly string[]).includes(value);

const unique = (values: readonly string[]) => new Set(values).size === values.length;

const none = (actionType: TemplateActionType): CheckedButtons => ({
  ok: true,
  actionType,
  callToAction: [],
  quickReplies: [],
  sampleCTAUrl: '',
  isClickTrackingEnabled: false,
});

/** Rule 11. */
const checkQuickReplies = (typed: readonly string[]): TemplateFailure | CheckedButtons => {
  const replies = typed.map((r) => r.trim());
  if (replies.length === 0) return fail(11, 'quick_replies', m.needQuickReply);
  if (replies.some((r) => r === '' || r.length > TEMPLATE_BUTTON_TITLE_MAX))
    return fail(11, 'quick_replies', m.quickReplyLength);
  if (!unique(replies)) return fail(11, 'quick_replies', m.quickReplyUnique);
  if (replies.length > TEMPLATE_QUICK_REPLIES_MAX) return fail(11, 'quick_replies', m.quickRepliesTooMany);
  return { ...none('QuickReplies'), quickReplies: replies };
};

/** A button in its stored form: trimmed; a phone's digits re-cut into prefix and local part. */
const canonicalButton = (b: CallToAction): CallToAction | null => {
  const buttonTitle = b.buttonTitle.trim();
  const value = b.buttonValue.trim();
  if (b.type === 'URL')
    return isHttpUrl(value.replace(anyParam, 'x')) ? { type: b.type, buttonTitle, buttonValue: value } : null;
  if (!isPhoneButton(b)) return null;
  const extension = (b.extension ?? '').trim();
  if (!/^\d+$/.test(value) || !/^\d*$/.test(extension)) return null;
  const joined = joinPhone(extension, value);
  return joined.length > PHONE_MAX_DIGITS ? null : { type: b.type, buttonTitle, ...splitPhone(joined) };
};

/** Rule 12's URL parameter: at most one, exactly {{1}}, at the end of a URL that has a path (as Meta wants). */
const checkUrlParam = (url: string): TemplateFailure | null => {
  const params = url.match(anyParam) ?? [];
  if (params.length > TEMPLATE_CTA_URL_PARAMS_MAX) return fail(12, 'call_to_action', m.ctaOneParam);
  const rest = url.replace(anyParam, '');
  if (/[{}]/.test(rest)) return fail(12, 'call_to_action', m.ctaParamInvalid);
  if (params.length === 0) return null;
  // The prefix must reach past the host, or the sample could change the host itself.
  if (params[0] !== '{{1}}' || !url.endsWith('{{1}}') || !/^https?:\/\/[^/?#]+[/?#]/i.test(rest))
    return fail(12, 'call_to_action', m.ctaParamInvalid);
  return null;
};

/** Rule 12's sample URL: required with a parameter, valid, and the URL with {{1}} filled. */
const checkCtaSample = (url: string, sample: string): TemplateFailure | null => {
  const prefix = url.slice(0, -'{{1}}'.length);
  if (sample === '') return fail(12, 'sampleCTAUrl', m.ctaSampleRequired);
  if (!isHttpUrl(sample)) return fail(12, 'sampleCTAUrl', m.ctaSampleInvalid);
  if (!sample.startsWith(prefix) || sample.length === prefix.length)
    return fail(12, 'sampleCTAUrl', m.ctaSampleMismatch);
  return null;
};

/** Rule 12, its sub-rules in the spec's order. */
const checkCallToAction = (input: TemplateInput): TemplateFailure | CheckedButtons => {
  const typed = input.call_to_action;
  if (typed.length > TEMPLATE_CTA_MAX || (typed.length === 2 && typed[0]?.type === typed[1]?.type))
    return fail(12, 'call_to_action', m.ctaTooMany);
  if (typed.length === 0) return fail(12, 'call_to_action', m.needCta);
  const titles = typed.map((b) => b.buttonTitle.trim());
  if (!unique(titles)) return fail(12, 'call_to_action', m.ctaUnique);
  if (titles.some((t) => t === '' || t.length > TEMPLATE_BUTTON_TITLE_MAX))
    return fail(12, 'call_to_action', m.ctaInvalid);
  const buttons: CallToAction[] = [];
  for (const b of typed) {
    const button = (ctaButtonTypes as readonly string[]).includes(b.type) ? canonicalButton(b) : null;
    if (!button) return fail(12, 'call_to_action', m.ctaInvalid);
    buttons.push(button);
  }
  const url = buttons.find((b) => b.type === 'URL')?.buttonValue;
  const paramProblem = url === undefined ? null : checkUrlParam(url);
  if (paramProblem) return paramProblem;
  const dynamic = url !== undefined && url.endsWith('{{1}}');
  const sampleCTAUrl = dynamic ? (input.sampleCTAUrl ?? '').trim() : '';
  const sampleProblem = dynamic ? checkCtaSample(url, sampleCTAUrl) : null;
  if (sampleProblem) return sampleProblem;
  return {
    ...none('CAT'),
    callToAction: buttons,
    sampleCTAUrl,
    // Click tracking wraps a URL button's link; without one there is nothing to track.
    isClickTrackingEnabled: url !== undefined && input.isClickTrackingEnabled === true,
  };
};

/**
 * Rules 10 to 12. An action type outside None, CAT and QuickReplies fails as rule 12's
 * 'Call to action field invalid' (the spec words no message for it; the buttons are what is wrong).
 */
export const checkButtons = (input: TemplateInput, name: string): TemplateFailure | CheckedButtons => {
  const action = input.message_action_type;
  // Rule 10: this template is answered by its two buttons, so it must be QuickReplies with two.
  if (name === SHOPIFY_COD_TEMPLATE && (action !== 'QuickReplies' || input.quick_replies.length !== 2))
    return fail(10, 'quick_replies', m.needTwoQuickReplies);
  if (!isActionType(action)) return fail(12, 'call_to_action', m.ctaInvalid);
  if (action === 'QuickReplies') return checkQuickReplies(input.quick_replies);
  if (action === 'CAT') return checkCallToAction(input);
  return none('None');
};
