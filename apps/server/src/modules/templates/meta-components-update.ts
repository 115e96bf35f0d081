import { z } from 'zod';
import {
  fillSample,
  fromComponents,
  paramCount,
  storedFromTemplate,
  validateTemplate,
  type TemplateButton,
  type TemplateComponent,
} from '@pc/contract';
import type { NewTemplateRow, TemplateRow } from './queries.js';
import { storedAsGiven } from './stored-as-given.js';
import { MetaTemplateId } from './meta-template-id.js';

/**
 * `message_template_components_update` ("A template is edited.", webhooks reference; research
 * §4.4): the edited texts under their webhook names: message_template_element is the body,
 * message_template_title a text header, message_template_footer the footer, and the buttons with
 * their type, text, url or phone number. It carries no category, status or media, so the row keeps
 * those; an edit made in WhatsApp Manager shows without a sync.
 */

const text = (max: number) => z.string().max(max);

export const ComponentsUpdate = z.object({
  message_template_id: MetaTemplateId,
  message_template_element: text(5000).optional(),
  message_template_title: text(500).optional(),
  message_template_footer: text(500).optional(),
  message_template_buttons: z
    .array(
      z.object({
        message_template_button_type: text(40),
        message_template_button_text: text(200).optional(),
        message_template_button_url: text(2000).optional(),
        message_template_button_phone_number: text(40).optional(),
      }),
    )
    .max(20)
    .optional(),
});
export type ComponentsUpdate = z.infer<typeof ComponentsUpdate>;

/** What of the row the edited texts are read against. */
export type ContentOfRow = Pick<
  TemplateRow,
  | 'name'
  | 'label'
  | 'language'
  | 'category'
  | 'type'
  | 'body'
  | 'format'
  | 'footerText'
  | 'templateParams'
  | 'sampleMediaUrl'
  | 'sampleCtaUrl'
  | 'isClickTrackingEnabled'
  | 'authentication'
>;

const buttonOf = (b: NonNullable<ComponentsUpdate['message_template_buttons']>[number], sampleCtaUrl: string) => {
  const type = b.message_template_button_type.toUpperCase();
  const base = { text: b.message_template_button_text ?? '' };
  if (type === 'QUICK_REPLY') return { ...base, type: 'QUICK_REPLY' } satisfies TemplateButton;
  if (type === 'PHONE_NUMBER')
    return {
      ...base,
      type: 'PHONE_NUMBER',
      phone_number: b.message_template_button_phone_number ?? '',
    } satisfies TemplateButton;
  if (type === 'URL') {
    const url = b.message_template_button_url ?? '';
    return {
      ...base,
      type: 'URL',
      url,
      ...(url.endsWith('{{1}}') ? { example: [sampleCtaUrl] } : {}),
    } satisfies TemplateButton;
  }
  return null;
};

/** An authentication template's text is Meta's: its new body and footer, the button kept. */
const authenticationContent = (v: ComponentsUpdate, row: ContentOfRow): Partial<NewTemplateRow> => {
  const body = v.message_template_element ?? row.body;
  return {
    body,
    format: body + row.format.slice(row.body.length),
    sampleMessage: fillSample(body, row.templateParams),
    footerText: v.message_template_footer ?? '',
  };
};

/** The edited texts as the row's columns; what the webhook does not carry (media, label, tracking) stays. */
export const contentOfComponentsUpdate = (
  v: ComponentsUpdate,
  row: ContentOfRow,
  trustedMediaOrigins: readonly string[],
): Partial<NewTemplateRow> => {
  if (row.authentication) return authenticationContent(v, row);
  const body = v.message_template_element ?? row.body;
  const samples = Array.from({ length: paramCount(body) }, (_, i) => row.templateParams[i] ?? '');
  const buttons = (v.message_template_buttons ?? [])
    .map((b) => buttonOf(b, row.sampleCtaUrl))
    .filter((b) => b !== null);
  const components: TemplateComponent[] = [
    ...(v.message_template_title !== undefined
      ? [{ type: 'HEADER' as const, format: 'TEXT' as const, text: v.message_template_title }]
      : []),
    { type: 'BODY', text: body, ...(samples.length > 0 ? { example: { body_text: [samples] } } : {}) },
    ...(v.message_template_footer !== undefined ? [{ type: 'FOOTER' as const, text: v.message_template_footer }] : []),
    ...(buttons.length > 0 ? [{ type: 'BUTTONS' as const, buttons }] : []),
  ];
  const read = fromComponents({ name: row.name, language: row.language, category: row.category, components });
  // A media or location header is not in the webhook: the template keeps its own.
  const input = {
    ...read,
    label: row.label,
    isClickTrackingEnabled: row.isClickTrackingEnabled,
    ...(row.type !== 'TEXT' && row.type !== '' ? { type: row.type, sampleMediaUrl: row.sampleMediaUrl } : {}),
  };
  const verdict = validateTemplate(input, { trustedMediaOrigins });
  const stored = verdict.ok ? storedFromTemplate(verdict.template) : storedAsGiven(input);
  return {
    body: stored.body,
    format: stored.format,
    sampleMessage: stored.sampleMessage,
    headerText: stored.headerText,
    footerText: stored.footerText,
    actionType: stored.actionType,
    callToAction: stored.callToAction,
    quickReplies: stored.quickReplies,
    templateParams: stored.templateParams,
    sampleCtaUrl: stored.sampleCtaUrl,
  };
};
