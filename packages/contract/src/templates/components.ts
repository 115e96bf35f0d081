import type { TemplateInput, TemplateButton, TemplateComponent } from './calls.js';
import type { TemplateType } from './constants.js';
import { fillSample, isPhoneButton, joinPhone, renumberParams, splitPhone } from './format.js';
import type { NormalizedTemplate } from './types.js';
import { isOtpUrl, otpOfUrl, type Authentication, type AuthenticationInput } from './authentication.js';

/**
 * Meta's components for `POST /{WABA_ID}/message_templates` (Graph API "Template components"):
 * HEADER (TEXT, or a media format with example.header_handle, or LOCATION), BODY with
 * example.body_text when it has parameters, FOOTER, and BUTTONS. A text header never carries
 * example.header_text: rule 5 forbids header parameters, and Meta wants the example only with one.
 * header_handle holds the sample media URL here; the server sends Meta the handle its Resumable
 * Upload gave for that file instead (modules/templates/sample-handle.ts).
 */

const headerFormats = { IMAGE: 'IMAGE', VIDEO: 'VIDEO', FILE: 'DOCUMENT', LOCATION: 'LOCATION' } as const;

const headerOf = (t: NormalizedTemplate): TemplateComponent | null => {
  if (t.type === 'TEXT') return t.headerText === '' ? null : { type: 'HEADER', format: 'TEXT', text: t.headerText };
  if (t.type === 'LOCATION') return { type: 'HEADER', format: 'LOCATION' };
  return { type: 'HEADER', format: headerFormats[t.type], example: { header_handle: [t.sampleMediaUrl] } };
};

const buttonsOf = (t: NormalizedTemplate): TemplateButton[] => {
  if (t.actionType === 'QuickReplies') return t.quickReplies.map((text) => ({ type: 'QUICK_REPLY', text }));
  if (t.actionType !== 'CAT') return [];
  return t.callToAction.map((b): TemplateButton => {
    if (isPhoneButton(b))
      return { type: 'PHONE_NUMBER', text: b.buttonTitle, phone_number: `+${joinPhone(b.extension, b.buttonValue)}` };
    // Meta's example of a dynamic URL is the whole URL with the suffix filled in.
    const example = b.buttonValue.endsWith('{{1}}') ? { example: [t.sampleCTAUrl] } : {};
    return { type: 'URL', text: b.buttonTitle, url: b.buttonValue, ...example };
  });
};

/**
 * An authentication template as Meta's creation call takes it (the copy code, one-tap and zero-tap
 * pages): no text anywhere, Meta writes it; the BODY says whether to add the security sentence, the
 * FOOTER the code's expiry, and BUTTONS the one OTP button. A zero-tap button carries the one-tap
 * and copy code texts too ("you must include a one-tap autofill and copy code button").
 */
const authenticationComponents = (a: Authentication): TemplateComponent[] => {
  const onAndroid = a.otpType !== 'COPY_CODE';
  const button: TemplateButton = {
    type: 'OTP',
    otp_type: a.otpType,
    ...(a.buttonText ? { text: a.buttonText } : {}),
    ...(onAndroid && a.autofillText ? { autofill_text: a.autofillText } : {}),
    ...(a.otpType === 'ZERO_TAP' ? { zero_tap_terms_accepted: true } : {}),
    ...(onAndroid
      ? {
          supported_apps: a.supportedApps.map((app) => ({
            package_name: app.packageName,
            signature_hash: app.signatureHash,
          })),
        }
      : {}),
  };
  return [
    { type: 'BODY', add_security_recommendation: a.addSecurityRecommendation },
    ...(a.codeExpirationMinutes === null
      ? []
      : [{ type: 'FOOTER' as const, code_expiration_minutes: a.codeExpirationMinutes }]),
    { type: 'BUTTONS', buttons: [button] },
  ];
};

export const toComponents = (t: NormalizedTemplate): TemplateComponent[] => {
  if (t.authentication) return authenticationComponents(t.authentication);
  const header = headerOf(t);
  const body: TemplateComponent = {
    type: 'BODY',
    text: t.text,
    ...(t.templateParams.length > 0 ? { example: { body_text: [t.templateParams] } } : {}),
  };
  const buttons = buttonsOf(t);
  return [
    ...(header ? [header] : []),
    body,
    ...(t.footerText !== '' ? [{ type: 'FOOTER' as const, text: t.footerText }] : []),
    ...(buttons.length > 0 ? [{ type: 'BUTTONS' as const, buttons }] : []),
  ];
};

const typeOfHeader: Record<NonNullable<TemplateComponent['format']>, TemplateType> = {
  TEXT: 'TEXT',
  IMAGE: 'IMAGE',
  VIDEO: 'VIDEO',
  DOCUMENT: 'FILE',
  LOCATION: 'LOCATION',
};

/** Meta's buttons as the dialog's: the console holds either quick replies or calls to action, by the first button. */
const actionsOf = (
  buttons: readonly TemplateButton[],
): Pick<TemplateInput, 'message_action_type' | 'call_to_action' | 'quick_replies' | 'sampleCTAUrl'> => {
  const first = buttons[0];
  if (!first) return { message_action_type: 'None', call_to_action: [], quick_replies: [] };
  if (first.type === 'QUICK_REPLY')
    return {
      message_action_type: 'QuickReplies',
      call_to_action: [],
      quick_replies: buttons.filter((b) => b.type === 'QUICK_REPLY').map((b) => b.text ?? ''),
    };
  const ctas = buttons.filter((b) => b.type !== 'QUICK_REPLY');
  return {
    message_action_type: 'CAT',
    quick_replies: [],
    call_to_action: ctas.map((b) =>
      b.type === 'PHONE_NUMBER'
        ? { type: 'Phone Number', buttonTitle: b.text ?? '', ...splitPhone(b.phone_number ?? '') }
        : { type: 'URL', buttonTitle: b.text ?? '', buttonValue: b.url ?? '' },
    ),
    sampleCTAUrl: ctas.find((b) => b.type === 'URL')?.example?.[0] ?? '',
  };
};

const otpButtonOf = (buttons: readonly TemplateButton[]) =>
  buttons.find((b) => b.type === 'OTP' || (b.type === 'URL' && isOtpUrl(b.url)));

/**
 * An authentication template's choices from its components: as created (OTP button, BODY and
 * FOOTER flags), or as Meta reads it back (a URL button on WhatsApp's OTP address, with the texts
 * written out; the flags may be absent, so the texts and the address tell them).
 */
const authenticationOf = (components: readonly TemplateComponent[]): AuthenticationInput | undefined => {
  const button = otpButtonOf(components.find((x) => x.type === 'BUTTONS')?.buttons ?? []);
  if (!button) return undefined;
  const body = components.find((x) => x.type === 'BODY');
  const footer = components.find((x) => x.type === 'FOOTER');
  const fromUrl = button.type === 'URL' ? otpOfUrl(button.url ?? '') : null;
  const bodySentences = (body?.text ?? '').split(/[.!?。।]\s+/).filter(Boolean).length;
  const otpType = button.otp_type ?? fromUrl?.otpType ?? 'COPY_CODE';
  return {
    otpType,
    addSecurityRecommendation: body?.add_security_recommendation ?? bodySentences > 1,
    codeExpirationMinutes:
      footer?.code_expiration_minutes ??
      fromUrl?.codeExpirationMinutes ??
      (Number(/\d+/.exec(footer?.text ?? '')?.[0]) || null),
    buttonText: button.text ?? '',
    autofillText: button.autofill_text ?? '',
    supportedApps: (button.supported_apps ?? []).map((a) => ({
      packageName: a.package_name,
      signatureHash: a.signature_hash,
    })),
    // A zero-tap template exists only with the terms accepted; Meta may not echo the flag.
    zeroTapTermsAccepted: button.zero_tap_terms_accepted ?? otpType === 'ZERO_TAP',
  };
};

/**
 * An authentication template with the texts Meta read back (its own words in the template's
 * language, which the console can only guess for languages Meta did not publish).
 */
export const withMetaTexts = (v: NormalizedTemplate, components: readonly TemplateComponent[]): NormalizedTemplate => {
  const body = components.find((x) => x.type === 'BODY')?.text;
  if (!v.authentication || !body) return v;
  return {
    ...v,
    text: body,
    sampleText: fillSample(body, v.templateParams),
    footerText: components.find((x) => x.type === 'FOOTER')?.text ?? v.footerText,
  };
};

/**
 * Meta's components as the dialog's input: the DIRECT partners' create call and templates that sync
 * finds made outside the console. Meta's components carry no label and no click tracking, so those
 * come back empty; everything else validates to the template they were made from.
 */
export const fromComponents = (c: {
  name: string;
  language: string;
  category: string;
  components: TemplateComponent[];
}): TemplateInput => {
  const part = (type: TemplateComponent['type']) => c.components.find((x) => x.type === type);
  const authentication = c.category.toUpperCase() === 'AUTHENTICATION' ? authenticationOf(c.components) : undefined;
  if (authentication)
    return {
      name: c.name,
      language: c.language,
      category: 'AUTHENTICATION',
      type: 'TEXT',
      text: '',
      sample_text: '',
      message_action_type: 'None',
      call_to_action: [],
      quick_replies: [],
      authentication,
    };
  const header = part('HEADER');
  const text = part('BODY')?.text ?? '';
  const templateParams = part('BODY')?.example?.body_text?.[0] ?? [];
  return {
    name: c.name,
    language: c.language,
    category: c.category,
    type: header?.format ? typeOfHeader[header.format] : 'TEXT',
    headerText: header?.format === 'TEXT' ? (header.text ?? '') : '',
    sampleMediaUrl: header?.example?.header_handle?.[0] ?? '',
    text,
    templateParams,
    sample_text: fillSample(renumberParams(text), templateParams),
    footerText: part('FOOTER')?.text ?? '',
    ...actionsOf(part('BUTTONS')?.buttons ?? []),
  };
};
