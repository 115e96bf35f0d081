import { z } from 'zod';

/** Template constants of doc 2 section 9 and the reference data of section 3. */

export const templateCategories = ['UTILITY', 'MARKETING', 'AUTHENTICATION'] as const;
export const TemplateCategory = z.enum(templateCategories);
export type TemplateCategory = z.infer<typeof TemplateCategory>;

/** FILE is shown as Document. */
export const templateTypes = ['TEXT', 'IMAGE', 'VIDEO', 'FILE', 'LOCATION'] as const;
export const TemplateType = z.enum(templateTypes);
export type TemplateType = z.infer<typeof TemplateType>;
export const templateTypeLabels: Record<TemplateType, string> = {
  TEXT: 'Text',
  IMAGE: 'Image',
  VIDEO: 'Video',
  FILE: 'Document',
  LOCATION: 'Location',
};
/** Types whose sample is a media file (rule 9). */
export const mediaTemplateTypes: readonly TemplateType[] = ['IMAGE', 'VIDEO', 'FILE'];

export const templateActionTypes = ['None', 'CAT', 'QuickReplies'] as const;
export const TemplateActionType = z.enum(templateActionTypes);
export type TemplateActionType = z.infer<typeof TemplateActionType>;
export const templateActionLabels: Record<TemplateActionType, string> = {
  None: 'None',
  CAT: 'Call To Actions',
  QuickReplies: 'Quick Replies',
};

export const ctaButtonTypes = ['Phone Number', 'URL'] as const;
export const CtaButtonType = z.enum(ctaButtonTypes);
export type CtaButtonType = z.infer<typeof CtaButtonType>;

/**
 * Statuses a template goes through (doc 2 says "not shown"; these are Meta's, plus our DRAFT):
 * DRAFT is saved in the console and never sent; PENDING is with Meta for review; APPROVED can be
 * sent; REJECTED carries Meta's reason; PAUSED and DISABLED follow low quality; others are Meta's
 * rarer states, kept as Meta reports them.
 */
export const templateStatuses = [
  'DRAFT',
  'PENDING',
  'APPROVED',
  'REJECTED',
  'PAUSED',
  'DISABLED',
  'IN_APPEAL',
  'ARCHIVED',
  'DELETED',
] as const;
export const TemplateStatus = z.enum(templateStatuses);
export type TemplateStatus = z.infer<typeof TemplateStatus>;

export const TEMPLATE_HEADER_MAX = 60;
export const TEMPLATE_FOOTER_MAX = 60;
export const TEMPLATE_BODY_MAX = 1024;
export const TEMPLATE_BUTTON_TITLE_MAX = 25;
export const TEMPLATE_QUICK_REPLIES_MAX = 3;
export const TEMPLATE_CTA_MAX = 2;
export const TEMPLATE_CTA_URL_PARAMS_MAX = 1;
export const TEMPLATE_PHONE_LOCAL_DIGITS = 10;
/** Meta's limit on a template name. */
export const TEMPLATE_NAME_MAX = 512;
export const TEMPLATE_SYNC_COOLDOWN_MS = 300_000;
export const TEMPLATE_PAGE_SIZE = 25;
export const DIRECT_TEMPLATE_PAGE_SIZE = 10;
/** Meta keeps a deleted template's name for 30 days: a new one of that name is refused until then. */
export const TEMPLATE_NAME_REUSE_DAYS = 30;
/** The template that needs exactly two quick replies (rule 10). */
export const SHOPIFY_COD_TEMPLATE = 'shopify_cod_order_confirmation';

/** The languages Meta accepts for templates (doc 2 section 3, about 70): code and name. */
export const templateLanguages = [
  ['af', 'Afrikaans'],
  ['sq', 'Albanian'],
  ['ar', 'Arabic'],
  ['az', 'Azerbaijani'],
  ['bn', 'Bengali'],
  ['bg', 'Bulgarian'],
  ['ca', 'Catalan'],
  ['zh_CN', 'Chinese (CHN)'],
  ['zh_HK', 'Chinese (HKG)'],
  ['zh_TW', 'Chinese (TAI)'],
  ['hr', 'Croatian'],
  ['cs', 'Czech'],
  ['da', 'Danish'],
  ['nl', 'Dutch'],
  ['en', 'English'],
  ['en_GB', 'English (UK)'],
  ['en_US', 'English (US)'],
  ['et', 'Estonian'],
  ['fil', 'Filipino'],
  ['fi', 'Finnish'],
  ['fr', 'French'],
  ['ka', 'Georgian'],
  ['de', 'German'],
  ['el', 'Greek'],
  ['gu', 'Gujarati'],
  ['ha', 'Hausa'],
  ['he', 'Hebrew'],
  ['hi', 'Hindi'],
  ['hu', 'Hungarian'],
  ['id', 'Indonesian'],
  ['ga', 'Irish'],
  ['it', 'Italian'],
  ['ja', 'Japanese'],
  ['kn', 'Kannada'],
  ['kk', 'Kazakh'],
  ['rw_RW', 'Kinyarwanda'],
  ['ko', 'Korean'],
  ['ky_KG', 'Kyrgyz (Kyrgyzstan)'],
  ['lo', 'Lao'],
  ['lv', 'Latvian'],
  ['lt', 'Lithuanian'],
  ['mk', 'Macedonian'],
  ['ms', 'Malay'],
  ['ml', 'Malayalam'],
  ['mr', 'Marathi'],
  ['nb', 'Norwegian'],
  ['fa', 'Persian'],
  ['pl', 'Polish'],
  ['pt_BR', 'Portuguese (BR)'],
  ['pt_PT', 'Portuguese (POR)'],
  ['pa', 'Punjabi'],
  ['ro', 'Romanian'],
  ['ru', 'Russian'],
  ['sr', 'Serbian'],
  ['sk', 'Slovak'],
  ['sl', 'Slovenian'],
  ['es', 'Spanish'],
  ['es_AR', 'Spanish (ARG)'],
  ['es_ES', 'Spanish (SPA)'],
  ['es_MX', 'Spanish (MEX)'],
  ['sw', 'Swahili'],
  ['sv', 'Swedish'],
  ['ta', 'Tamil'],
  ['te', 'Telugu'],
  ['th', 'Thai'],
  ['tr', 'Turkish'],
  ['uk', 'Ukrainian'],
  ['ur', 'Urdu'],
  ['uz', 'Uzbek'],
  ['vi', 'Vietnamese'],
  ['zu', 'Zulu'],
] as const;
export type TemplateLanguage = (typeof templateLanguages)[number][0];
export const templateLanguageCodes: readonly string[] = templateLanguages.map(([code]) => code);
export const templateLanguageName = (code: string): string => templateLanguages.find(([c]) => c === code)?.[1] ?? code;
