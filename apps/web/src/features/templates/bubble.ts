import {
  fillSample,
  renumberParams,
  splitFormat,
  type CallToAction,
  type Template,
  type TemplateInput,
  type TemplateType,
} from '@pc/contract';

export type BubbleButton = { kind: 'reply' | 'url' | 'phone'; title: string };

/** What the chat bubble shows: the header (text or media), the body with its samples, the footer, the buttons. */
export type BubbleModel = {
  type: TemplateType | '';
  headerText: string;
  mediaUrl: string;
  body: string;
  footer: string;
  buttons: BubbleButton[];
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

/** A stored template (list, detail): its sample message, or for a draft its body with what samples it has. */
export const bubbleOfTemplate = (t: Template): BubbleModel => ({
  type: typeOf(t.type),
  headerText: t.type === 'TEXT' ? t.headerText : '',
  mediaUrl: t.sampleMediaUrl,
  body: t.sampleMessage || withSamples(t.body ?? splitFormat(t.format).text, t.templateParams),
  footer: t.footerText,
  buttons: buttonsOf(t.actionType, t.callToAction, t.quickReplies),
});

/** The Create dialog's values as they are typed (the live preview). */
export const bubbleOfInput = (v: TemplateInput): BubbleModel => ({
  type: typeOf(v.type),
  headerText: v.type === 'TEXT' ? (v.headerText ?? '') : '',
  mediaUrl: v.sampleMediaUrl ?? '',
  body: withSamples(renumberParams(v.text), v.templateParams ?? []),
  footer: v.footerText ?? '',
  buttons: buttonsOf(v.message_action_type, v.call_to_action, v.quick_replies),
});
