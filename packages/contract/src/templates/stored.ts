import type { CallToAction, Template, TemplateInput } from './calls.js';
import { formatWithButtons, isPhoneButton, joinPhone, splitFormat, splitPhone } from './format.js';
import type { NormalizedTemplate } from './types.js';
import { authenticationTexts, type Authentication } from './authentication.js';

/**
 * A template as the server stores it (the `templates` table's fields) and back into the dialog.
 * Phone buttons are kept whole, prefix and local part joined, as Meta takes them; the dialog shows
 * them split again (doc 2 "Other template rules").
 */
export type StoredTemplate = {
  name: string;
  label: string;
  category: string;
  type: string;
  language: string;
  /** The body alone; `format` is the body with the button segments. */
  body: string;
  format: string;
  sampleMessage: string;
  headerText: string;
  footerText: string;
  actionType: string;
  callToAction: CallToAction[];
  quickReplies: string[];
  isClickTrackingEnabled: boolean;
  sampleMediaUrl: string;
  sampleCtaUrl: string;
  templateParams: string[];
  authentication: Authentication | null;
};

/** The stored `format` of an authentication template: its body, then its one-time password button. */
const authenticationFormat = (v: NormalizedTemplate, a: Authentication) =>
  `${v.text} | [${authenticationTexts(v.language, a).buttonText}]`;

export const storedFromTemplate = (v: NormalizedTemplate): StoredTemplate => ({
  name: v.name,
  label: v.label,
  category: v.category,
  type: v.type,
  language: v.language,
  body: v.text,
  format: v.authentication ? authenticationFormat(v, v.authentication) : formatWithButtons(v),
  sampleMessage: v.sampleText,
  headerText: v.headerText,
  footerText: v.footerText,
  actionType: v.actionType,
  callToAction: v.callToAction.map((b) =>
    isPhoneButton(b)
      ? { type: b.type, buttonTitle: b.buttonTitle, buttonValue: joinPhone(b.extension, b.buttonValue) }
      : { type: b.type, buttonTitle: b.buttonTitle, buttonValue: b.buttonValue },
  ),
  quickReplies: v.quickReplies,
  isClickTrackingEnabled: v.isClickTrackingEnabled,
  sampleMediaUrl: v.sampleMediaUrl,
  sampleCtaUrl: v.sampleCTAUrl,
  templateParams: v.templateParams,
  authentication: v.authentication,
});

/** A stored phone split for the dialog; a draft's value that is not a number is left as typed. */
const buttonForForm = (b: CallToAction): CallToAction => {
  if (!isPhoneButton(b)) return { type: b.type, buttonTitle: b.buttonTitle, buttonValue: b.buttonValue };
  const whole = `${b.extension ?? ''}${b.buttonValue}`.replace(/^\+/, '');
  if (!/^\d+$/.test(whole)) return b;
  return { type: b.type, buttonTitle: b.buttonTitle, ...splitPhone(joinPhone(b.extension, b.buttonValue)) };
};

type Loaded = Omit<StoredTemplate, 'format' | 'sampleCtaUrl'> & { sampleCTAUrl: string };

const formOf = (t: Loaded): TemplateInput => ({
  label: t.label,
  category: t.category,
  type: t.type,
  language: t.language,
  name: t.name,
  text: t.body,
  sample_text: t.sampleMessage,
  message_action_type: t.actionType,
  call_to_action: t.callToAction.map(buttonForForm),
  quick_replies: t.quickReplies,
  headerText: t.headerText,
  footerText: t.footerText,
  templateParams: t.templateParams,
  sampleMediaUrl: t.sampleMediaUrl,
  sampleCTAUrl: t.sampleCTAUrl,
  isClickTrackingEnabled: t.isClickTrackingEnabled,
  ...(t.authentication ? { authentication: t.authentication } : {}),
});

/** A stored row back into the dialog's input (e.g. a draft reopened, a template copied). */
export const templateFormOf = (stored: StoredTemplate): TemplateInput =>
  formOf({ ...stored, sampleCTAUrl: stored.sampleCtaUrl });

/** A template as the API answers it, back into the dialog's input: the body without segments, phones split. */
export const loadTemplateForm = (t: Template): TemplateInput =>
  formOf({
    ...t,
    body: t.body ?? splitFormat(t.format).text,
    sampleMessage: t.sampleMessage,
  });

/** A validated template as the dialog's input again (what validateTemplate gives back unchanged). */
export const inputFromTemplate = (v: NormalizedTemplate): TemplateInput => ({
  label: v.label,
  category: v.category,
  type: v.type,
  language: v.language,
  name: v.name,
  text: v.text,
  sample_text: v.sampleText,
  message_action_type: v.actionType,
  call_to_action: v.callToAction,
  quick_replies: v.quickReplies,
  headerText: v.headerText,
  footerText: v.footerText,
  templateParams: v.templateParams,
  sampleMediaUrl: v.sampleMediaUrl,
  sampleCTAUrl: v.sampleCTAUrl,
  isClickTrackingEnabled: v.isClickTrackingEnabled,
  ...(v.authentication ? { authentication: v.authentication } : {}),
});
