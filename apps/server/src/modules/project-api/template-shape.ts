import {
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
 * a URL button ending in `{{1}}` with its suffix.
 */

const mediaFormats = { IMAGE: 'IMAGE', VIDEO: 'VIDEO', FILE: 'DOCUMENT' } as const;
type MediaType = keyof typeof mediaFormats;
const isMedia = (type: string): type is MediaType => type in mediaFormats;

const dynamicUrl = (url: string) => url.endsWith('{{1}}');

const buttonsOf = (t: ApiTemplateRow): ProjectApiButton[] => {
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
  bodyParameters: paramCount(t.body),
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

/** The components of a send of `t` with the request's values, or why they do not fit the template. */
export const componentsFor = (t: ApiTemplateRow, given: SendTemplateMessageRequest['template']): Built => {
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
