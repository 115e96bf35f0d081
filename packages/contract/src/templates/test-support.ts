import type { CallToAction, Template, TemplateInput } from './calls.js';
import { fillSample, renumberParams } from './format.js';
import type { StoredTemplate } from './stored.js';
import type { NormalizedTemplate } from './types.js';
import { validateTemplate } from './validate.js';

/** Shared by the template tests: a valid input to vary, and a stored row as the API answers it. */

/** A valid TEXT template; `over` replaces fields, and sample_text follows the text unless given. */
export const validInput = (over: Partial<TemplateInput> = {}): TemplateInput => {
  const merged: TemplateInput = {
    label: 'Order update',
    category: 'UTILITY',
    type: 'TEXT',
    language: 'en',
    name: 'order_update',
    text: 'Hello {{1}}, your order {{2}} has shipped today and will arrive soon.',
    sample_text: '',
    templateParams: ['Asha', '#123'],
    message_action_type: 'None',
    call_to_action: [],
    quick_replies: [],
    headerText: 'Order news',
    footerText: 'Reply STOP to opt out',
    ...over,
  };
  return {
    ...merged,
    sample_text: over.sample_text ?? fillSample(renumberParams(merged.text), merged.templateParams ?? []),
  };
};

/** The normalized template of a valid input (throws if it is not valid). */
export const normalized = (over: Partial<TemplateInput> = {}): NormalizedTemplate => {
  const verdict = validateTemplate(validInput(over));
  if (!verdict.ok) throw new Error(`not valid: rule ${verdict.rule} ${verdict.message}`);
  return verdict.template;
};

/** A stored row as the list and detail calls answer it. */
export const asLoaded = (s: StoredTemplate, withBody = false): Template => ({
  _id: 'tpl_1',
  assistantId: 'prj_1',
  assistantName: 'Demo project',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  name: s.name,
  label: s.label,
  status: 'PENDING',
  rejectedReason: '',
  category: s.category as Template['category'],
  type: s.type as Template['type'],
  language: s.language,
  format: s.format,
  ...(withBody ? { body: s.body } : {}),
  sampleMessage: s.sampleMessage,
  headerText: s.headerText,
  footerText: s.footerText,
  actionType: s.actionType as Template['actionType'],
  callToAction: s.callToAction,
  quickReplies: s.quickReplies,
  isClickTrackingEnabled: s.isClickTrackingEnabled,
  sampleMediaUrl: s.sampleMediaUrl,
  sampleCTAUrl: s.sampleCtaUrl,
  templateParams: s.templateParams,
  authentication: s.authentication,
  previousCategory: null,
  categoryChangedAt: null,
  categoryChange: null,
  fromMeta: {
    rejection: null,
    pause: null,
    disabledAt: null,
    flaggedAt: null,
    lockedAt: null,
    qualityScore: null,
    upcomingCategory: null,
  },
});

/** The verdict's rule, field and message for an input built from the valid one, or 'ok'. */
export const verdict = (over: Partial<TemplateInput>, trustedMediaOrigins?: readonly string[]) => {
  const v = validateTemplate(validInput(over), { trustedMediaOrigins });
  return v.ok ? 'ok' : { rule: v.rule, field: v.field, message: v.message };
};

export const phone = (buttonValue: string, extension?: string, buttonTitle = 'Call us'): CallToAction => ({
  type: 'Phone Number',
  buttonTitle,
  buttonValue,
  ...(extension === undefined ? {} : { extension }),
});
export const url = (buttonValue: string, buttonTitle = 'Visit us'): CallToAction => ({
  type: 'URL',
  buttonTitle,
  buttonValue,
});
export const cat = (call_to_action: CallToAction[], extra: Partial<TemplateInput> = {}): Partial<TemplateInput> => ({
  message_action_type: 'CAT',
  call_to_action,
  ...extra,
});
export const replies = (quick_replies: string[]): Partial<TemplateInput> => ({
  message_action_type: 'QuickReplies',
  quick_replies,
});
