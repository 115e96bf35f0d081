import type { TemplateComponent } from '@pc/contract';

/**
 * Meta's WhatsApp Business Account webhook bodies for template changes, as the webhooks reference
 * shows them (message_template_status_update, template_category_update,
 * message_template_components_update). Template ids are JSON
 * numbers there; the sandbox's stay below 2^53 so they survive JSON.parse exactly.
 */

type TemplateRef = { wabaId: string; id: string; name: string; language: string };

const envelope = (wabaId: string, at: Date, field: string, value: Record<string, unknown>) => ({
  object: 'whatsapp_business_account',
  entry: [{ id: wabaId, time: Math.floor(at.getTime() / 1000), changes: [{ field, value }] }],
});

export const statusUpdatePayload = (
  t: TemplateRef & {
    event: string;
    reason: string;
    category: string;
    rejectionInfo?: { reason: string; recommendation: string };
  },
  at: Date,
) =>
  envelope(t.wabaId, at, 'message_template_status_update', {
    event: t.event,
    message_template_id: Number(t.id),
    message_template_name: t.name,
    message_template_language: t.language,
    reason: t.reason,
    message_template_category: t.category,
    ...(t.rejectionInfo ? { rejection_info: t.rejectionInfo } : {}),
  });

export const categoryUpdatePayload = (t: TemplateRef & { previousCategory: string; newCategory: string }, at: Date) =>
  envelope(t.wabaId, at, 'template_category_update', {
    message_template_id: Number(t.id),
    message_template_name: t.name,
    message_template_language: t.language,
    previous_category: t.previousCategory,
    new_category: t.newCategory,
  });

/**
 * "A template is edited." (message_template_components_update): the texts under the webhook's own
 * names: the body is message_template_element, a text header message_template_title; buttons
 * carry their url or phone number. No category, status or media.
 */
export const componentsUpdatePayload = (t: TemplateRef & { components: TemplateComponent[] }, at: Date) => {
  const part = (type: TemplateComponent['type']) => t.components.find((c) => c.type === type);
  const header = part('HEADER');
  const footer = part('FOOTER')?.text;
  const buttons = part('BUTTONS')?.buttons ?? [];
  return envelope(t.wabaId, at, 'message_template_components_update', {
    message_template_id: Number(t.id),
    message_template_name: t.name,
    message_template_language: t.language,
    ...(header?.format === 'TEXT' && header.text ? { message_template_title: header.text } : {}),
    message_template_element: part('BODY')?.text ?? '',
    ...(footer ? { message_template_footer: footer } : {}),
    ...(buttons.length > 0
      ? {
          message_template_buttons: buttons.map((b) => ({
            message_template_button_type: b.type,
            message_template_button_text: b.text ?? '',
            ...(b.url ? { message_template_button_url: b.url } : {}),
            ...(b.phone_number ? { message_template_button_phone_number: b.phone_number } : {}),
          })),
        }
      : {}),
  });
};
