import { z } from 'zod';
import { SortOrder } from '../business-calls.js';
import { TemplateActionType, TemplateCategory, TemplateStatus, TemplateType } from './constants.js';
import { Authentication, AuthenticationInput } from './authentication.js';

/**
 * The template calls (doc 2 section 7.6, doc 1 section 7). Field types are loose on purpose where a
 * rule of section 5.5 judges the value: the validator (validate.ts) answers with the spec's message
 * in the spec's order, which a schema's own message would pre-empt. Lengths here only stop abuse.
 */

const id = z.string().trim().min(1).max(100);
const loose = (max: number) => z.string().max(max);

/** A call-to-action button as the form holds it; the phone's country prefix is `extension`. */
export const CallToAction = z.object({
  type: loose(40),
  buttonTitle: loose(200),
  buttonValue: loose(2000),
  extension: loose(10).optional(),
});
export type CallToAction = z.infer<typeof CallToAction>;

/** The template as written in the Create Template dialog and sent to POST /project/{projectId}/wa_template. */
export const TemplateInput = z.object({
  label: loose(512).optional(),
  category: loose(40),
  type: loose(40),
  language: loose(20),
  name: loose(1000),
  /** The body (format) without the buttons; `{{n}}` parameters. */
  text: loose(5000),
  /** The body with the sample values put in (rule 13). */
  sample_text: loose(10000),
  message_action_type: loose(40),
  call_to_action: z.array(CallToAction).max(10),
  quick_replies: z.array(loose(200)).max(10),
  headerText: loose(500).optional(),
  footerText: loose(500).optional(),
  /** The sample value of each `{{n}}`, in order (rule 8). */
  templateParams: z.array(loose(1000)).max(200).optional(),
  sampleMediaUrl: loose(2048).optional(),
  sampleCTAUrl: loose(2048).optional(),
  isClickTrackingEnabled: z.boolean().optional(),
  /** AUTHENTICATION only: the choices Meta builds the text and the one-time password button from. */
  authentication: AuthenticationInput.optional(),
});
export type TemplateInput = z.infer<typeof TemplateInput>;

/** Submitting may come from a saved draft, which then becomes the submitted template. */
export const CreateTemplateRequest = TemplateInput.extend({ draftId: id.optional() });
export type CreateTemplateRequest = z.infer<typeof CreateTemplateRequest>;

/** An edit replaces the template's content with Meta; its name and language stay (Meta's rule). */
export const EditTemplateRequest = TemplateInput;
export type EditTemplateRequest = z.infer<typeof EditTemplateRequest>;

/** A draft keeps whatever was typed: nothing is judged until it is submitted. */
export const SaveTemplateDraftRequest = TemplateInput.partial().extend({ draftId: id.optional() });
export type SaveTemplateDraftRequest = z.infer<typeof SaveTemplateDraftRequest>;

const CategoryPriceChange = z
  .object({ from: z.number(), to: z.number(), currency: z.enum(['INR', 'USD']), country: z.string() })
  .nullable();

/** Meta's quality rating of a template (`message_template_quality_update`). */
export const templateQualityScores = ['GREEN', 'YELLOW', 'RED', 'UNKNOWN'] as const;
export const TemplateQualityScore = z.enum(templateQualityScores);
export type TemplateQualityScore = z.infer<typeof TemplateQualityScore>;

/** Ours: what Meta said about a template beyond its status, from its template webhooks. */
export const TemplateFromMeta = z.object({
  /** A rejection's `rejection_info`: what is wrong and what to change. */
  rejection: z.object({ reason: z.string(), recommendation: z.string() }).nullable(),
  /** A pause's `other_info`: its kind (FIRST_PAUSE, SECOND_PAUSE, RATE_LIMITING_PAUSE, ...) and Meta's words. */
  pause: z.object({ title: z.string(), description: z.string() }).nullable(),
  disabledAt: z.string().nullable(),
  /** Negative feedback: still sendable, at risk of being paused or disabled. */
  flaggedAt: z.string().nullable(),
  /** Locked by Meta: it cannot be edited. */
  lockedAt: z.string().nullable(),
  qualityScore: TemplateQualityScore.nullable(),
  /** Meta's notice that it will move the template to another category, with the price that follows. */
  upcomingCategory: z.object({ category: TemplateCategory, at: z.string(), price: CategoryPriceChange }).nullable(),
});
export type TemplateFromMeta = z.infer<typeof TemplateFromMeta>;

/** A template as the list, the detail and the dialog read it (doc 2 section 3). */
export const Template = z.object({
  _id: z.string(),
  assistantId: z.string(),
  assistantName: z.string(),
  createdAt: z.string(),
  name: z.string(),
  label: z.string(),
  status: TemplateStatus,
  rejectedReason: z.string(),
  category: z.union([TemplateCategory, z.literal('')]),
  type: z.union([TemplateType, z.literal('')]),
  language: z.string(),
  /** The body with the buttons appended as ' | [..]' segments (doc 2 section 3). */
  format: z.string(),
  /** Ours: the body alone. A draft's body may hold '[', which would make splitting `format` ambiguous. */
  body: z.string().optional(),
  sampleMessage: z.string(),
  headerText: z.string(),
  footerText: z.string(),
  actionType: TemplateActionType,
  callToAction: z.array(CallToAction),
  quickReplies: z.array(z.string()),
  isClickTrackingEnabled: z.boolean(),
  sampleMediaUrl: z.string(),
  sampleCTAUrl: z.string(),
  templateParams: z.array(z.string()),
  /** Ours: an AUTHENTICATION template's choices (its body, footer and button are Meta's texts for them). */
  authentication: Authentication.nullable(),
  /** Ours: Meta moved the approved template to another category (and so another price). */
  previousCategory: z.union([TemplateCategory, z.null()]),
  categoryChangedAt: z.union([z.string(), z.null()]),
  /** Ours: the price per conversation before and after Meta's move, in 1/100000 of the currency. */
  categoryChange: CategoryPriceChange,
  fromMeta: TemplateFromMeta,
  updatedAt: z.string(),
});
export type Template = z.infer<typeof Template>;

/** The create answer: the template fields with id and assistant_name (doc 2 section 7.6). */
export const CreateTemplateResponse = Template.extend({
  id: z.string(),
  assistant_name: z.string(),
  message: z.string(),
});
export type CreateTemplateResponse = z.infer<typeof CreateTemplateResponse>;

export const TemplateListQuery = z.object({ sort: SortOrder.default('dec') });
/** A page (rowsPerPage > 0), or a search: `filter` with rowsPerPage 0 (doc 2 section 7.6); searches page too, by 25. */
export const TemplateListRequest = z.object({
  skip: z.number().int().min(0).max(10_000_000).default(0),
  rowsPerPage: z.number().int().min(0).max(100),
  assistantId: id,
  fromDate: z.string().max(40).optional(),
  toDate: z.string().max(40).optional(),
  filter: z.string().max(200).optional(),
});
export type TemplateListRequest = z.infer<typeof TemplateListRequest>;
export const TemplateListResponse = z.object({
  templates: z.array(Template),
  newSkip: z.number(),
  totalprojects: z.number(),
});
export type TemplateListResponse = z.infer<typeof TemplateListResponse>;

export const SyncTemplatesRequest = z.object({ assistantId: id });
export const SyncTemplatesResponse = z.object({
  message: z.string(),
  /** When the next sync is allowed (the server's cool-down). */
  lastSyncedAt: z.string(),
  created: z.number(),
  updated: z.number(),
});
export type SyncTemplatesResponse = z.infer<typeof SyncTemplatesResponse>;

/** GET /api/{userId}/template-detials/{templateId}: an array whose first item is the template. */
export const TemplateDetailResponse = z.array(Template);

// ---- DIRECT partners (doc 2 section 7.6): Meta's components payload ----

export const ComponentExample = z.object({
  header_text: z.array(z.string().max(1000)).max(10).optional(),
  header_handle: z.array(z.string().max(2048)).max(10).optional(),
  body_text: z
    .array(z.array(z.string().max(1000)).max(200))
    .max(10)
    .optional(),
});
/** An Android app that may receive a one-tap or zero-tap code (Meta's `supported_apps`). */
export const MetaSupportedApp = z.object({ package_name: loose(300), signature_hash: loose(100) });
export const TemplateButton = z.object({
  /** OTP is how an authentication template's button is created; Meta reads it back as URL. */
  type: z.enum(['QUICK_REPLY', 'URL', 'PHONE_NUMBER', 'OTP']),
  /** Optional for OTP buttons only: Meta then uses its own text in the template's language. */
  text: loose(200).optional(),
  url: loose(2000).optional(),
  phone_number: loose(40).optional(),
  example: z.array(loose(2048)).max(10).optional(),
  otp_type: z.enum(['COPY_CODE', 'ONE_TAP', 'ZERO_TAP']).optional(),
  autofill_text: loose(200).optional(),
  supported_apps: z.array(MetaSupportedApp).max(20).optional(),
  zero_tap_terms_accepted: z.boolean().optional(),
});
export type TemplateButton = z.infer<typeof TemplateButton>;
export const TemplateComponent = z.object({
  type: z.enum(['HEADER', 'BODY', 'FOOTER', 'BUTTONS']),
  format: z.enum(['TEXT', 'IMAGE', 'VIDEO', 'DOCUMENT', 'LOCATION']).optional(),
  text: loose(5000).optional(),
  example: ComponentExample.optional(),
  buttons: z.array(TemplateButton).max(10).optional(),
  /** AUTHENTICATION BODY: Meta adds "For your security, do not share this code." */
  add_security_recommendation: z.boolean().optional(),
  /** AUTHENTICATION FOOTER: Meta writes "This code expires in <n> minutes." (1 to 90). */
  code_expiration_minutes: z.number().optional(),
});
export type TemplateComponent = z.infer<typeof TemplateComponent>;

export const DirectCreateTemplateRequest = z.object({
  projectId: id,
  name: loose(1000),
  language: loose(20),
  category: loose(40),
  components: z.array(TemplateComponent).max(4),
});
export type DirectCreateTemplateRequest = z.infer<typeof DirectCreateTemplateRequest>;
export const DirectListTemplatesRequest = z.object({
  projectId: id.optional(),
  limit: z.number().int().min(1).max(100).default(10),
  /** The cursor of the next page ('' or absent: the first). */
  after: z.string().max(200).optional(),
  totalprojects: z.number().int().min(0).optional(),
});
export const DirectListTemplatesResponse = z.object({
  templates: z.array(Template),
  after: z.string(),
  totalprojects: z.number(),
});
export type DirectListTemplatesResponse = z.infer<typeof DirectListTemplatesResponse>;
export const DirectSearchTemplatesRequest = z.object({ projectId: id, filter: z.string().max(200) });
export const DirectSearchTemplatesResponse = z.object({ templates: z.array(Template), totalprojects: z.number() });

// ---- Sample media (doc 2 section 7.1: get-upload-url, the storage post, save-media-details) ----

export const mediaFileTypes = ['IMAGE', 'VIDEO', 'FILE'] as const;
export const MediaUploadUrlRequest = z.object({
  assistantId: id,
  fileName: z.string().trim().min(1).max(255),
  contentType: z.string().trim().min(1).max(100),
  fileType: z.enum(mediaFileTypes),
});
export const MediaUploadUrlResponse = z.object({
  uploadURL: z.object({ url: z.string(), fields: z.record(z.string(), z.string()) }),
  fullUrl: z.string(),
  filePath: z.string(),
});
export type MediaUploadUrlResponse = z.infer<typeof MediaUploadUrlResponse>;
export const SaveMediaDetailsRequest = z.object({
  assistantId: id,
  fileName: z.string().trim().min(1).max(255),
  contentType: z.string().trim().min(1).max(100),
  fileType: z.enum(mediaFileTypes),
  clientId: z.string().max(100).optional(),
  date: z.string().max(40).optional(),
  fileSize: z
    .number()
    .int()
    .min(0)
    .max(100 * 1024 * 1024),
  s3Path: z.string().min(1).max(512),
  publicUrl: z.string().max(2048),
  uploadedBy: z.string().max(200).optional(),
});
export const SaveMediaDetailsResponse = z.object({ message: z.string(), publicUrl: z.string(), fileId: z.string() });

/**
 * Sample media per template type: the types Meta's Resumable Upload API takes (pdf, jpeg, png,
 * mp4: no 3gpp, docs/research/meta-templates.md §1.2) and its media sizes, except documents, which
 * Meta takes up to 100 MB and we up to 16 MB (an upload passes through the server's memory with
 * local storage, and again on its way to Meta).
 */
export const templateMediaRules = {
  IMAGE: { maxBytes: 5 * 1024 * 1024, contentTypes: ['image/jpeg', 'image/png'] },
  VIDEO: { maxBytes: 16 * 1024 * 1024, contentTypes: ['video/mp4'] },
  FILE: { maxBytes: 16 * 1024 * 1024, contentTypes: ['application/pdf'] },
} as const;

// ---- Lint (ours): what Meta would refuse that the rules do not catch ----

/** What the dialog needs to lint a template before submitting: names in use and the project's prices. */
export const TemplateLintContextResponse = z.object({
  names: z.array(
    z.object({
      /** Lets the dialog skip the draft it is submitting (lintTemplate's excludeDraftId). */
      id: z.string().optional(),
      name: z.string(),
      language: z.string(),
      status: TemplateStatus,
      deletedAt: z.string().nullable(),
    }),
  ),
  /** The project's price per conversation at its WCC family for its main country, by category. */
  prices: z
    .object({
      country: z.string(),
      currency: z.enum(['INR', 'USD']),
      MARKETING: z.number().nullable(),
      UTILITY: z.number().nullable(),
      AUTHENTICATION: z.number().nullable(),
    })
    .nullable(),
});
export type TemplateLintContextResponse = z.infer<typeof TemplateLintContextResponse>;

/** The Templates list's place in the URL (ARCHITECTURE rule 11). */
export const TemplateListUrl = z.object({
  q: z.string().max(200).catch(''),
  from: z.union([z.iso.date(), z.literal('')]).catch(''),
  to: z.union([z.iso.date(), z.literal('')]).catch(''),
  sort: SortOrder.catch('dec'),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});
export type TemplateListUrl = z.infer<typeof TemplateListUrl>;
