import { authenticationTexts, otpUrlOf, type OtpType, type TemplateButton, type TemplateComponent } from '@pc/contract';
import type { SubmittedTemplate } from './templates.js';

/**
 * What the sandbox stores of a submitted template: the template as Meta reads it back on
 * `GET /{WABA_ID}/message_templates`.
 */

const upper = <T extends string>(v: T | undefined): T | undefined =>
  typeof v === 'string' ? (v.toUpperCase() as T) : v;

/**
 * Meta's own pages write the enum values in lower case ("category": "authentication", "type":
 * "body", "otp_type": "copy_code") and Meta's OTP sample app in upper case; Meta takes both and
 * answers upper case (the copy code page's response: "category": "AUTHENTICATION"), so the sandbox
 * checks and stores them upper case.
 */
export const inMetaCase = (t: SubmittedTemplate): SubmittedTemplate => ({
  ...t,
  category: upper(t.category) ?? t.category,
  components: t.components.map((c): TemplateComponent => ({
    ...c,
    type: upper(c.type) ?? c.type,
    ...(c.format === undefined ? {} : { format: upper(c.format) }),
    ...(c.buttons === undefined
      ? {}
      : {
          buttons: c.buttons.map((b): TemplateButton => ({
            ...b,
            type: upper(b.type) ?? b.type,
            ...(b.otp_type === undefined ? {} : { otp_type: upper(b.otp_type) }),
          })),
        }),
  })),
});

/**
 * An authentication template as Meta reads it back, once checks-authentication.ts has passed it:
 * the texts Meta writes (the contract's `authenticationTexts`: Meta's published en_US and es_ES,
 * English for other languages, which the sandbox cannot translate) and the flags they came from,
 * and the OTP button turned into a URL button. Meta's copy code page: "In your template creation
 * request, you designate the button type as OTP, but WhatsApp sets the button type to URL upon
 * creation" (the one-tap page: "upon creation the button type will be set to url"). Meta prints no
 * read-back URL; the shape `https://www.whatsapp.com/otp/code/?otp_type=COPY_CODE&code_expiration_minutes=5&code=otp{{1}}`
 * is the one integrators' code reads (the contract's `otpUrlOf`). An omitted button text reads back
 * as Meta's default ("If omitted, the text will default to a pre-set value localized to the
 * template's language"). One-tap and zero-tap keep their autofill text and apps, and zero-tap the
 * terms it was created with, so the template reads as what it is.
 */
const authenticationReadBack = (language: string, components: readonly TemplateComponent[]): TemplateComponent[] => {
  const body = components.find((c) => c.type === 'BODY');
  const minutes = components.find((c) => c.type === 'FOOTER')?.code_expiration_minutes ?? null;
  const otp = components.find((c) => c.type === 'BUTTONS')?.buttons?.[0];
  const otpType = (otp?.otp_type ?? 'COPY_CODE') as OtpType;
  const addSecurityRecommendation = body?.add_security_recommendation === true;
  const texts = authenticationTexts(language, {
    addSecurityRecommendation,
    codeExpirationMinutes: minutes,
    buttonText: otp?.text ?? '',
    autofillText: otp?.autofill_text ?? '',
  });
  const onAndroid = otpType !== 'COPY_CODE';
  const button: TemplateButton = {
    type: 'URL',
    text: texts.buttonText,
    url: otpUrlOf(otpType, minutes),
    ...(onAndroid ? { autofill_text: texts.autofillText, supported_apps: otp?.supported_apps ?? [] } : {}),
    ...(otpType === 'ZERO_TAP' ? { zero_tap_terms_accepted: true } : {}),
  };
  return [
    { type: 'BODY', text: texts.body, add_security_recommendation: addSecurityRecommendation },
    ...(minutes === null ? [] : [{ type: 'FOOTER' as const, text: texts.footer, code_expiration_minutes: minutes }]),
    { type: 'BUTTONS', buttons: [button] },
  ];
};

/** The components the sandbox stores and lists for a template Meta accepted (in Meta's case). */
export const readBackOf = (t: SubmittedTemplate): TemplateComponent[] =>
  t.category === 'AUTHENTICATION' ? authenticationReadBack(t.language, t.components) : t.components;
