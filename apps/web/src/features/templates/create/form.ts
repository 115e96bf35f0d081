import {
  fillSample,
  loadTemplateForm,
  paramCount,
  renumberParams,
  TemplateActionType,
  type CallToAction,
  type Template,
  type TemplateField,
  type TemplateInput,
} from '@pc/contract';

/** The Create Template dialog's values: TemplateInput as typed, without the derived sample_text. */
export type TemplateFormValues = {
  category: string;
  language: string;
  name: string;
  type: string;
  headerText: string;
  text: string;
  templateParams: string[];
  footerText: string;
  message_action_type: TemplateActionType;
  call_to_action: CallToAction[];
  quick_replies: string[];
  sampleCTAUrl: string;
  isClickTrackingEnabled: boolean;
  sampleMediaUrl: string;
};

export const emptyTemplateForm: TemplateFormValues = {
  category: '',
  language: '',
  name: '',
  type: 'TEXT',
  headerText: '',
  text: '',
  templateParams: [],
  footerText: '',
  message_action_type: 'None',
  call_to_action: [],
  quick_replies: [],
  sampleCTAUrl: '',
  isClickTrackingEnabled: false,
  sampleMediaUrl: '',
};

/** What the dialog sends (and the validator judges): the samples cut to the body's parameters, the sample message filled. */
export const toTemplateInput = (v: TemplateFormValues): TemplateInput => {
  const text = renumberParams(v.text);
  const templateParams = v.templateParams.slice(0, paramCount(text));
  return {
    label: v.name.toLowerCase(),
    category: v.category,
    type: v.type,
    language: v.language,
    name: v.name,
    text: v.text,
    sample_text: fillSample(text, templateParams),
    message_action_type: v.message_action_type,
    call_to_action: v.message_action_type === 'CAT' ? v.call_to_action : [],
    quick_replies: v.message_action_type === 'QuickReplies' ? v.quick_replies : [],
    headerText: v.type === 'TEXT' ? v.headerText : '',
    footerText: v.footerText,
    templateParams,
    sampleMediaUrl: v.sampleMediaUrl,
    sampleCTAUrl: v.sampleCTAUrl,
    isClickTrackingEnabled: v.isClickTrackingEnabled,
  };
};

/** A saved draft back into the dialog (phones split into prefix and number by the contract). */
export const formOfTemplate = (t: Template): TemplateFormValues => {
  const input = loadTemplateForm(t);
  const text = renumberParams(input.text);
  return {
    category: input.category,
    language: input.language,
    name: input.name,
    type: input.type || 'TEXT',
    headerText: input.headerText ?? '',
    text,
    templateParams: Array.from({ length: paramCount(text) }, (_, i) => input.templateParams?.[i] ?? ''),
    footerText: input.footerText ?? '',
    message_action_type: TemplateActionType.safeParse(input.message_action_type).data ?? 'None',
    call_to_action: input.call_to_action.map((b) => ({ ...b, extension: b.extension ?? '' })),
    quick_replies: input.quick_replies,
    sampleCTAUrl: input.sampleCTAUrl ?? '',
    isClickTrackingEnabled: input.isClickTrackingEnabled ?? false,
    sampleMediaUrl: input.sampleMediaUrl ?? '',
  };
};

const anyParam = /\{\{([^{}]*)\}\}/g;

/**
 * The body as typed, renumbered {{1}}, {{2}}... in order (doc 2 rule 8), with each sample value
 * following its parameter: a parameter still carrying an old number keeps that one's sample, a new
 * one (a number past the old ones, or not a number) starts empty.
 */
export const remapParams = (raw: string, old: readonly string[]): { text: string; values: string[] } => {
  const values = [...raw.matchAll(anyParam)].map((m) => {
    const n = Number((m[1] ?? '').trim());
    return Number.isInteger(n) && n >= 1 && n <= old.length ? (old[n - 1] ?? '') : '';
  });
  return { text: renumberParams(raw), values };
};

/** Where the caret goes after renumbering: the same place in the renumbered text. */
export const caretAfterRenumber = (raw: string, caret: number): number => renumberParams(raw.slice(0, caret)).length;

/** The body with the next {{n}} put in at the caret. */
export const insertVariable = (text: string, caret: number): { raw: string; caret: number } => {
  const at = Math.max(0, Math.min(caret, text.length));
  const token = `{{${paramCount(renumberParams(text)) + 1}}}`;
  return { raw: text.slice(0, at) + token + text.slice(at), caret: at + token.length };
};

/** The dialog area a failure is shown in: the sample message is the format's (rule 13). */
export const shownAt = (field: TemplateField): TemplateField => (field === 'sample_text' ? 'text' : field);
