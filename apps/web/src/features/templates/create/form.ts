import {
  AUTH_SAMPLE_CODE,
  authenticationTexts,
  fillSample,
  loadTemplateForm,
  OtpType,
  paramCount,
  renumberParams,
  TemplateActionType,
  type AuthenticationInput,
  type CallToAction,
  type SupportedApp,
  type Template,
  type TemplateField,
  type TemplateInput,
} from '@pc/contract';

/** An AUTHENTICATION template's choices as typed: the expiry as its field's text (empty: none). */
export type AuthenticationFormValues = {
  addSecurityRecommendation: boolean;
  codeExpirationMinutes: string;
  otpType: OtpType;
  buttonText: string;
  autofillText: string;
  supportedApps: SupportedApp[];
  zeroTapTermsAccepted: boolean;
};

export const emptyApp: SupportedApp = { packageName: '', signatureHash: '' };

export const emptyAuthenticationForm: AuthenticationFormValues = {
  addSecurityRecommendation: false,
  codeExpirationMinutes: '',
  otpType: 'COPY_CODE',
  buttonText: '',
  autofillText: '',
  supportedApps: [emptyApp],
  zeroTapTermsAccepted: false,
};

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
  /** Kept while another category is chosen, so switching back finds what was typed (and the same for the others). */
  authentication: AuthenticationFormValues;
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
  authentication: emptyAuthenticationForm,
};

/** Doc 2 section 4: another action type starts its buttons afresh. */
export const emptyButtons = (action: TemplateActionType) => ({
  call_to_action: action === 'CAT' ? [{ type: 'URL', buttonTitle: '', buttonValue: '', extension: '' }] : [],
  quick_replies: action === 'QuickReplies' ? [''] : [],
});

export const isAuthentication = (v: Pick<TemplateFormValues, 'category'>) => v.category === 'AUTHENTICATION';

/** The typed expiry: a number for the validator to judge (1.5 or "e" fail there), empty: none. */
const minutesOf = (typed: string) => (typed.trim() === '' ? null : Number(typed));

const authenticationInputOf = (a: AuthenticationFormValues): AuthenticationInput => ({
  addSecurityRecommendation: a.addSecurityRecommendation,
  codeExpirationMinutes: minutesOf(a.codeExpirationMinutes),
  otpType: a.otpType,
  buttonText: a.buttonText,
  autofillText: a.autofillText,
  supportedApps: a.supportedApps,
  zeroTapTermsAccepted: a.zeroTapTermsAccepted,
});

/**
 * An AUTHENTICATION template as sent: text only, and its body, footer and sample are Meta's texts
 * for the choices (what the validator derives anyway; a saved draft then reads as it will be sent).
 */
const authenticationTemplateInput = (v: TemplateFormValues): TemplateInput => {
  const authentication = authenticationInputOf(v.authentication);
  const minutes = authentication.codeExpirationMinutes ?? null;
  const texts = authenticationTexts(v.language, {
    addSecurityRecommendation: v.authentication.addSecurityRecommendation,
    codeExpirationMinutes: Number.isInteger(minutes) ? minutes : null,
    buttonText: '',
    autofillText: '',
  });
  const templateParams = [AUTH_SAMPLE_CODE];
  return {
    label: v.name.toLowerCase(),
    category: v.category,
    type: 'TEXT',
    language: v.language,
    name: v.name,
    text: texts.body,
    sample_text: fillSample(texts.body, templateParams),
    message_action_type: 'None',
    call_to_action: [],
    quick_replies: [],
    headerText: '',
    footerText: texts.footer,
    templateParams,
    sampleMediaUrl: '',
    sampleCTAUrl: '',
    isClickTrackingEnabled: false,
    authentication,
  };
};

/** What the dialog sends (and the validator judges): the samples cut to the body's parameters, the sample message filled. */
export const toTemplateInput = (v: TemplateFormValues): TemplateInput => {
  if (isAuthentication(v)) return authenticationTemplateInput(v);
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

const authenticationFormOf = (a: AuthenticationInput | undefined): AuthenticationFormValues => {
  if (!a) return emptyAuthenticationForm;
  const apps = a.supportedApps ?? [];
  return {
    addSecurityRecommendation: a.addSecurityRecommendation ?? false,
    codeExpirationMinutes: a.codeExpirationMinutes == null ? '' : String(a.codeExpirationMinutes),
    otpType: OtpType.safeParse(a.otpType).data ?? 'COPY_CODE',
    buttonText: a.buttonText ?? '',
    autofillText: a.autofillText ?? '',
    supportedApps: apps.length > 0 ? apps.map((app) => ({ ...app })) : [emptyApp],
    zeroTapTermsAccepted: a.zeroTapTermsAccepted ?? false,
  };
};

/**
 * A saved draft back into the dialog (phones split into prefix and number by the contract). An
 * authentication template's body and footer are Meta's, so they do not fill the text fields.
 */
export const formOfTemplate = (t: Template): TemplateFormValues => {
  const loaded = loadTemplateForm(t);
  const input = isAuthentication(loaded)
    ? { ...loaded, text: '', footerText: '', templateParams: [], headerText: '' }
    : loaded;
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
    authentication: authenticationFormOf(input.authentication),
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
