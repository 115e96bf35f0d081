import {
  AUTH_CODE_MAX,
  authenticationTexts,
  paramCount,
  parameterTextOk,
  projectApiMessages as m,
  type ProjectApiButton,
  type ProjectApiTemplate,
  type SendTemplateMessageRequest,
} from '@pc/contract';
import type { SendComponent } from '../../providers/meta/messages/messages.js';
import type { Category } from '../charging/price.js';
import type { ApiTemplateRow } from './queries.js';

/**
 * A stored template as the project API shows it, and the components a send of it carries, read
 * the way the console submitted it to Meta (contract `toComponents`): a text header has no
 * parameter (rule 5), a media header is sent with a file, the body with one text per `{{n}}`, and
 * a URL button ending in `{{1}}` with its suffix. An authentication template is Meta's own (its
 * body "*{{1}}* is your verification code. ..." and one OTP button): a send gives the code once and
 * it goes to Meta twice, in the body and in the button.
 */

const mediaFormats = { IMAGE: 'IMAGE', VIDEO: 'VIDEO', FILE: 'DOCUMENT' } as const;
type MediaType = keyof typeof mediaFormats;
const isMedia = (type: string): type is MediaType => type in mediaFormats;

const dynamicUrl = (url: string) => url.endsWith('{{1}}');

/** An authentication template's one button, with Meta's texts for its choices in its language. */
const otpButtonOf = (t: ApiTemplateRow, a: NonNullable<ApiTemplateRow['authentication']>): ProjectApiButton => {
  const texts = authenticationTexts(t.language, a);
  return {
    type: 'OTP',
    text: texts.buttonText,
    otpType: a.otpType,
    ...(a.otpType === 'COPY_CODE' ? {} : { autofillText: texts.autofillText }),
    // The code in `template.parameters` fills it, never `urlParameter`.
    takesParameter: false,
  };
};

const buttonsOf = (t: ApiTemplateRow): ProjectApiButton[] => {
  if (t.authentication) return [otpButtonOf(t, t.authentication)];
  if (t.actionType === 'QuickReplies')
    return t.quickReplies.map((text) => ({ type: 'QUICK_REPLY', text, takesParameter: false }));
  if (t.actionType !== 'CAT') return [];
  return t.callToAction.map((b): ProjectApiButton => {
    if (b.type === 'URL')
      return { type: 'URL', text: b.buttonTitle, url: b.buttonValue, takesParameter: dynamicUrl(b.buttonValue) };
    return { type: 'PHONE_NUMBER', text: b.buttonTitle, phoneNumber: `+${b.buttonValue}`, takesParameter: false };
  });
};

const headerOf = (t: ApiTemplateRow): ProjectApiTemplate['header'] => {
  if (isMedia(t.type)) return { format: mediaFormats[t.type], text: null };
  if (t.type === 'LOCATION') return { format: 'LOCATION', text: null };
  return t.headerText === '' ? null : { format: 'TEXT', text: t.headerText };
};

export const summaryOf = (t: ApiTemplateRow): ProjectApiTemplate => ({
  name: t.name,
  language: t.language,
  category: t.category,
  type: t.type,
  body: t.body,
  // An authentication template takes its code alone, whatever text Meta gave its body.
  bodyParameters: t.authentication ? 1 : paramCount(t.body),
  header: headerOf(t),
  footer: t.footerText === '' ? null : t.footerText,
  buttons: buttonsOf(t),
});

/** The conversation category a template's messages open (a category Meta does not name is charged as marketing). */
export const categoryOf = (t: Pick<ApiTemplateRow, 'category'>): Exclude<Category, 'service'> => {
  const category = t.category.toLowerCase();
  return category === 'utility' || category === 'authentication' ? category : 'marketing';
};

type Built = { ok: true; components: SendComponent[] } | { ok: false; field: string; message: string };
const refuse = (field: string, message: string): Built => ({ ok: false, field, message });

/**
 * An authentication template's send, as Meta's copy code page shows it ("Sending authentication
 * templates") and Meta's OTP sample app sends it (WhatsApp/WhatsApp-OTP-Sample-App,
 * Server/server/app.js): the code as the body's one text parameter and again as the OTP button's,
 * a `url` button (Meta stores the OTP button as one) at index "0", the template's only button.
 * Meta: "Note that this value must appear twice in the payload. Maximum 15 characters."
 */
const authenticationComponents = (t: ApiTemplateRow, given: SendTemplateMessageRequest['template']): Built => {
  const parameters = given.parameters ?? [];
  if (parameters.length !== 1) return refuse('template.parameters', m.otpCodeCount(t.name, parameters.length));
  const code = parameters[0]!;
  if (!parameterTextOk(code)) return refuse('template.parameters.0', m.parameterText(1));
  // Counted in characters (code points), not UTF-16 units.
  if ([...code].length > AUTH_CODE_MAX) return refuse('template.parameters.0', m.otpCodeTooLong(t.name));
  if (given.urlParameter !== undefined) return refuse('template.urlParameter', m.otpUrlParameter(t.name));
  if (given.mediaUrl) return refuse('template.mediaUrl', m.mediaUrlUnused(t.name));
  return {
    ok: true,
    components: [
      { type: 'body', parameters: [{ type: 'text', text: code }] },
      { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: code }] },
    ],
  };
};

/** The components of a send of `t` with the request's values, or why they do not fit the template. */
export const componentsFor = (t: ApiTemplateRow, given: SendTemplateMessageRequest['template']): Built => {
  if (t.authentication) return authenticationComponents(t, given);
  // Meta's changelog: legacy authentication templates could be sent "until April 1, 2024".
  if (t.category.toUpperCase() === 'AUTHENTICATION') return refuse('template.name', m.legacyAuthentication(t.name));
  const parameters = given.parameters ?? [];
  const expected = paramCount(t.body);
  if (parameters.length !== expected)
    return refuse('template.parameters', m.parameterCount(t.name, expected, parameters.length));
  const bad = parameters.findIndex((p) => !parameterTextOk(p));
  if (bad >= 0) return refuse(`template.parameters.${bad}`, m.parameterText(bad + 1));
  if (t.type === 'LOCATION') return refuse('template.name', m.locationHeader(t.name));
  if (given.mediaUrl && !isMedia(t.type)) return refuse('template.mediaUrl', m.mediaUrlUnused(t.name));

  const buttons = buttonsOf(t);
  const urlIndex = buttons.findIndex((b) => b.takesParameter);
  if (urlIndex >= 0 && given.urlParameter === undefined)
    return refuse('template.urlParameter', m.urlParameterMissing(t.name));
  if (urlIndex < 0 && given.urlParameter !== undefined)
    return refuse('template.urlParameter', m.urlParameterUnused(t.name));

  const components: SendComponent[] = [];
  if (isMedia(t.type)) {
    const link = given.mediaUrl ?? t.sampleMediaUrl;
    const media = {
      IMAGE: { type: 'image', image: { link } },
      VIDEO: { type: 'video', video: { link } },
      FILE: { type: 'document', document: { link } },
    } as const;
    components.push({ type: 'header', parameters: [media[t.type]] });
  }
  if (parameters.length > 0)
    components.push({ type: 'body', parameters: parameters.map((text) => ({ type: 'text', text })) });
  if (urlIndex >= 0)
    components.push({
      type: 'button',
      sub_type: 'url',
      index: String(urlIndex),
      parameters: [{ type: 'text', text: given.urlParameter! }],
    });
  return { ok: true, components };
};
