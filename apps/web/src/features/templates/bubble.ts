import {
  AUTH_SAMPLE_CODE,
  authenticationTexts,
  fillSample,
  hasPublishedAuthenticationText,
  OtpType,
  renumberParams,
  splitFormat,
  templateLanguageName,
  type Authentication,
  type AuthenticationInput,
  type CallToAction,
  type Template,
  type TemplateInput,
  type TemplateType,
} from '@pc/contract';
import { templateTexts as texts } from './texts';

export type BubbleButton = { kind: 'reply' | 'url' | 'phone' | 'copy' | 'autofill'; title: string };

/**
 * What the chat bubble shows: the header (text or media), the body with its samples, the footer,
 * the buttons, and a note under it when the preview cannot be Meta's own words.
 */
export type BubbleModel = {
  type: TemplateType | '';
  headerText: string;
  mediaUrl: string;
  body: string;
  footer: string;
  buttons: BubbleButton[];
  note: string;
};

const buttonsOf = (actionType: string, callToAction: CallToAction[], quickReplies: string[]): BubbleButton[] => {
  if (actionType === 'QuickReplies') return quickReplies.map((title) => ({ kind: 'reply', title }));
  if (actionType === 'CAT')
    return callToAction.map((b) => ({ kind: b.type === 'URL' ? 'url' : 'phone', title: b.buttonTitle }));
  return [];
};

const typeOf = (type: string): TemplateType | '' =>
  (['TEXT', 'IMAGE', 'VIDEO', 'FILE', 'LOCATION'] as const).find((t) => t === type) ?? '';

/** A parameter without its sample yet shows as {{n}}. */
const withSamples = (text: string, values: readonly string[]) =>
  fillSample(
    text,
    values.map((v, i) => (v.trim() === '' ? `{{${i + 1}}}` : v)),
  );

type Choices = Pick<
  Authentication,
  'otpType' | 'addSecurityRecommendation' | 'codeExpirationMinutes' | 'buttonText' | 'autofillText'
>;

/** The choices as typed, read as far as they go (an expiry that is not 1 to 90 shows none). */
const choicesOf = (a: AuthenticationInput): Choices => {
  const minutes = a.codeExpirationMinutes ?? null;
  return {
    otpType: OtpType.safeParse(a.otpType).data ?? 'COPY_CODE',
    addSecurityRecommendation: a.addSecurityRecommendation ?? false,
    codeExpirationMinutes: minutes !== null && Number.isInteger(minutes) && minutes >= 1 ? minutes : null,
    buttonText: (a.buttonText ?? '').trim(),
    autofillText: (a.autofillText ?? '').trim(),
  };
};

/** Meta's body with the sample code (bold, as Meta writes it). */
const codeMessage = (language: string, a: Choices) =>
  fillSample(authenticationTexts(language, a).body, [AUTH_SAMPLE_CODE]);

/** Copy code, or Autofill for one-tap and zero-tap (where zero-tap cannot hand the code over). */
const otpButtonOf = (language: string, a: Choices): BubbleButton => {
  const shown = authenticationTexts(language, a);
  return a.otpType === 'COPY_CODE'
    ? { kind: 'copy', title: shown.buttonText }
    : { kind: 'autofill', title: shown.autofillText };
};

/** A language Meta did not publish its text in shows the English, said under the bubble, until Meta's is read back. */
const languageNote = (language: string, a: Choices, body: string) =>
  language && !hasPublishedAuthenticationText(language) && body === codeMessage('en_US', a)
    ? texts.authenticationLanguageNote(templateLanguageName(language))
    : '';

/** An AUTHENTICATION template: text only, Meta's body and footer, its one-time password button. */
const authenticationBubble = (language: string, a: Choices, body: string, footer: string): BubbleModel => ({
  type: 'TEXT',
  headerText: '',
  mediaUrl: '',
  body,
  footer,
  buttons: [otpButtonOf(language, a)],
  note: languageNote(language, a, body),
});

/** A stored template (list, detail): its sample message, or for a draft its body with what samples it has. */
export const bubbleOfTemplate = (t: Template): BubbleModel => {
  if (t.authentication)
    return authenticationBubble(
      t.language,
      t.authentication,
      t.sampleMessage || codeMessage(t.language, t.authentication),
      t.footerText,
    );
  return {
    type: typeOf(t.type),
    headerText: t.type === 'TEXT' ? t.headerText : '',
    mediaUrl: t.sampleMediaUrl,
    body: t.sampleMessage || withSamples(t.body ?? splitFormat(t.format).text, t.templateParams),
    footer: t.footerText,
    buttons: buttonsOf(t.actionType, t.callToAction, t.quickReplies),
    note: '',
  };
};

/** The Create dialog's values as they are typed (the live preview). */
export const bubbleOfInput = (v: TemplateInput): BubbleModel => {
  if (v.category === 'AUTHENTICATION' && v.authentication) {
    const a = choicesOf(v.authentication);
    return authenticationBubble(v.language, a, codeMessage(v.language, a), authenticationTexts(v.language, a).footer);
  }
  return {
    type: typeOf(v.type),
    headerText: v.type === 'TEXT' ? (v.headerText ?? '') : '',
    mediaUrl: v.sampleMediaUrl ?? '',
    body: withSamples(renumberParams(v.text), v.templateParams ?? []),
    footer: v.footerText ?? '',
    buttons: buttonsOf(v.message_action_type, v.call_to_action, v.quick_replies),
    note: '',
  };
};
