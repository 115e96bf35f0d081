import type { TemplateActionType, TemplateCategory, TemplateType } from './constants.js';
import type { CallToAction } from './calls.js';
import type { Authentication } from './authentication.js';

/** A template that passed the 13 rules, in the one shape the server stores and Meta is sent. */
export type NormalizedTemplate = {
  label: string;
  category: TemplateCategory;
  type: TemplateType;
  language: string;
  name: string;
  /** The renumbered body, without button segments. */
  text: string;
  /** fillSample(text, templateParams). */
  sampleText: string;
  actionType: TemplateActionType;
  /** Phone: extension (digits, may be '') and buttonValue, canonical by join then split; URL: no extension key. */
  callToAction: CallToAction[];
  quickReplies: string[];
  headerText: string;
  footerText: string;
  templateParams: string[];
  sampleMediaUrl: string;
  sampleCTAUrl: string;
  isClickTrackingEnabled: boolean;
  /** An AUTHENTICATION template's choices (its body, footer and button follow from them); else null. */
  authentication: Authentication | null;
};

/** The dialog field a failure belongs to (TemplateInput's names). */
export type TemplateField =
  | 'category'
  | 'type'
  | 'language'
  | 'name'
  | 'headerText'
  | 'footerText'
  | 'text'
  | 'templateParams'
  | 'sampleMediaUrl'
  | 'quick_replies'
  | 'call_to_action'
  | 'sampleCTAUrl'
  | 'sample_text'
  | 'authentication.otpType'
  | 'authentication.codeExpirationMinutes'
  | 'authentication.buttonText'
  | 'authentication.autofillText'
  | 'authentication.supportedApps'
  | 'authentication.zeroTapTermsAccepted';

export type TemplateFailure = { ok: false; rule: number; field: TemplateField; message: string };

export type TemplateVerdict = { ok: true; template: NormalizedTemplate } | TemplateFailure;

export const fail = (rule: number, field: TemplateField, message: string): TemplateFailure => ({
  ok: false,
  rule,
  field,
  message,
});
