import { z } from 'zod';
import { AUTH_CODE_MAX, OtpType } from './templates/authentication.js';

/**
 * The project API: what a client holding a project's private app credential may call, under
 * `/api/v1`, with HTTP Basic authentication (the private app id and its `pcak_` password). It lists
 * the project's approved templates and sends a template message to a recipient; the message is then
 * charged, counted and told to the project's webhooks like any other.
 */

export const PROJECT_API_PREFIX = '/api/v1';
/** The realm named in WWW-Authenticate when a call is refused for its credential. */
export const PROJECT_API_REALM = 'project-api';
/** The OpenAPI document's name of the Basic scheme (components.securitySchemes). */
export const PROJECT_API_SECURITY = 'projectApiBasic';
/** A page of templates holds at most this many (a WhatsApp Business Account holds 250 by default). */
export const PROJECT_API_TEMPLATES_MAX = 250;
/** Meta's bounds on a template's body: at most 1024 characters, so no parameter needs more. */
export const PROJECT_API_PARAMETER_MAX = 1024;

// ---- Listing the approved templates ----

export const ProjectApiTemplatesQuery = z.object({
  limit: z.coerce.number().int().min(1).max(PROJECT_API_TEMPLATES_MAX).default(PROJECT_API_TEMPLATES_MAX),
  /** The `next` of the previous page. */
  after: z.string().max(400).optional(),
});
export type ProjectApiTemplatesQuery = z.infer<typeof ProjectApiTemplatesQuery>;

export const ProjectApiButton = z.object({
  /**
   * OTP: an authentication template's one-time password button (Meta stores it as a URL button on
   * WhatsApp's own address); a send fills it with the code given as the body's one parameter.
   */
  type: z.enum(['QUICK_REPLY', 'URL', 'PHONE_NUMBER', 'OTP']),
  /** The button's text; an OTP button's copy code text. */
  text: z.string(),
  /** A URL button's address; ending in `{{1}}`, the send's `urlParameter` fills it. */
  url: z.string().optional(),
  phoneNumber: z.string().optional(),
  /** An OTP button's kind: COPY_CODE, ONE_TAP or ZERO_TAP (the last two autofill on Android). */
  otpType: OtpType.optional(),
  /** A one-tap or zero-tap button's autofill text. */
  autofillText: z.string().optional(),
  /**
   * Whether a send must give this button's parameter as `template.urlParameter` (never for an OTP
   * button: the code in `template.parameters` fills it).
   */
  takesParameter: z.boolean(),
});
export type ProjectApiButton = z.infer<typeof ProjectApiButton>;

export const ProjectApiTemplate = z.object({
  name: z.string(),
  language: z.string(),
  category: z.string(),
  /** TEXT, IMAGE, VIDEO, FILE (a document) or LOCATION: the header's kind. */
  type: z.string(),
  /** The body with its `{{1}}`, `{{2}}` ...: a send gives exactly `bodyParameters` values for them. */
  body: z.string(),
  bodyParameters: z.number().int(),
  /** Meta's header format; a media header is sent with the template's sample unless `mediaUrl` is given. */
  header: z
    .object({ format: z.enum(['TEXT', 'IMAGE', 'VIDEO', 'DOCUMENT', 'LOCATION']), text: z.string().nullable() })
    .nullable(),
  footer: z.string().nullable(),
  buttons: z.array(ProjectApiButton),
});
export type ProjectApiTemplate = z.infer<typeof ProjectApiTemplate>;

export const ProjectApiTemplatesResponse = z.object({
  templates: z.array(ProjectApiTemplate),
  /** Pass as `after` for the next page; null on the last one. */
  next: z.string().nullable(),
});
export type ProjectApiTemplatesResponse = z.infer<typeof ProjectApiTemplatesResponse>;

// ---- Sending a template message ----

export const projectApiMessages = {
  unauthenticated:
    'Invalid project API credentials: send the private app id and its password as HTTP Basic authentication (a reset password replaces the old one).',
  badNumber:
    "to must be the recipient's WhatsApp number with its country code, 8 to 15 digits (e.g. 919876543210), or their business-scoped user id (e.g. US.13491208655302741918).",
  unknownCountry: (to: string) => `The number ${to} is not a phone number of any country: check its country code.`,
  unknownBsuidCountry: (to: string) =>
    `The business-scoped user id ${to} does not start with the code of a country (e.g. US. or IN.).`,
  unknownTemplate: (name: string, language: string) =>
    `No template named "${name}" in language "${language}" in this project.`,
  notApproved: (name: string, language: string, status: string) =>
    `The template "${name}" (${language}) is ${status}: only APPROVED templates can be sent.`,
  parameterCount: (name: string, expected: number, given: number) =>
    `The template "${name}" takes ${expected} body parameter${expected === 1 ? '' : 's'}; ${given} given.`,
  parameterText: (n: number) =>
    `Parameter ${n} must not be empty, and may hold no new line, no tab and no more than 4 spaces in a row.`,
  urlParameterMissing: (name: string) =>
    `The template "${name}" has a URL button ending in {{1}}: give its value as template.urlParameter.`,
  urlParameterUnused: (name: string) => `The template "${name}" has no URL button that takes a parameter.`,
  otpCodeCount: (name: string, given: number) =>
    `The template "${name}" is an authentication template: give its one-time code as its one parameter (template.parameters: ["123456"]); ${given} given.`,
  otpCodeTooLong: (name: string) =>
    `The one-time code of the template "${name}" can be at most ${AUTH_CODE_MAX} characters (Meta's limit).`,
  otpUrlParameter: (name: string) =>
    `The template "${name}" is an authentication template: its button takes the code given in template.parameters, so template.urlParameter is not used.`,
  legacyAuthentication: (name: string) =>
    `The template "${name}" is an authentication template without a one-time password button, which Meta stopped sending on 1 April 2024: create it again as an authentication template.`,
  mediaUrlUnused: (name: string) => `The template "${name}" has no media header: mediaUrl is not used.`,
  locationHeader: (name: string) =>
    `The template "${name}" has a location header, which the project API cannot send yet.`,
  projectCannotSend: (status: string) => `This project is ${status}: it cannot send messages.`,
  insufficientCredit: (detail: string) => `Insufficient credit to start a conversation: ${detail}`,
  providerRefused: (detail: string) => `The messaging provider refused the message: ${detail}`,
  providerUnavailable:
    'The messaging provider did not answer; the message may not have been sent. Check the message events before sending it again.',
  idempotencyKeyBad: 'Idempotency-Key must be 1 to 255 printable ASCII characters without spaces.',
  idempotencyKeyReused:
    'This Idempotency-Key was used with a different request in the last 24 hours: use a new key for a new message.',
  idempotencyKeyInUse:
    'A request with this Idempotency-Key is under way, or was cut short after the message may have been sent: check the message events before sending it with a new key.',
} as const;

/**
 * A send may carry an `Idempotency-Key` (Stripe's convention): a retry with the same key and body
 * in the next 24 hours answers the first send's answer (with `Idempotent-Replayed: true`) and sends
 * nothing; a refused send frees its key. Keys are per project.
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 3_600_000;
export const SendTemplateMessageHeaders = z.object({
  [IDEMPOTENCY_KEY_HEADER]: z
    .string()
    .regex(/^[\x21-\x7e]{1,255}$/, projectApiMessages.idempotencyKeyBad)
    .optional(),
});

/**
 * Meta's business-scoped user id (BSUID) of a WhatsApp user, as Meta's "Business-scoped user IDs"
 * page describes it since its 6 Feb 2026 changelog: the user's ISO 3166 alpha-2 country code and a
 * period, then up to 128 alphanumeric characters (`US.13491208655302741918`); a parent BSUID has
 * `ENT.` after the country (`US.ENT.11815799212886844830`). Meta's send request takes it in its own
 * `recipient` field, never in `to`.
 */
const BSUID = String.raw`[A-Z]{2}\.(?:ENT\.)?[A-Za-z0-9]{1,128}`;
const BSUID_ONLY = new RegExp(`^${BSUID}$`);
export const isBsuid = (s: string): boolean => BSUID_ONLY.test(s);

/** A recipient of the project API: digits with the country code (a leading + allowed), or a BSUID. */
export const Recipient = z.string().regex(new RegExp(`^(?:\\+?\\d{8,15}|${BSUID})$`), projectApiMessages.badNumber);

/** Meta refuses a text parameter that is empty, holds a new line or a tab, or more than 4 spaces in a row (132018). */
export const parameterTextOk = (value: string): boolean =>
  value.trim() !== '' && !/[\n\r\t]/.test(value) && !/ {5,}/.test(value);

export const SendTemplateMessageRequest = z.object({
  /** Digits with the country code (a leading + is allowed), or the user's business-scoped user id. */
  to: Recipient,
  template: z.object({
    name: z.string().trim().min(1, 'template.name is required').max(512),
    language: z.string().trim().min(1, 'template.language is required').max(20),
    /**
     * The body's parameters in order, one for each `{{n}}`; for an authentication template, the
     * one-time code alone (at most 15 characters), which its OTP button carries too.
     */
    parameters: z.array(z.string().max(PROJECT_API_PARAMETER_MAX)).max(100).optional(),
    /** The suffix of a URL button ending in `{{1}}` (not an authentication template's OTP button). */
    urlParameter: z.string().min(1).max(2000).optional(),
    /** A media header's file (https); the template's sample when left out. */
    mediaUrl: z
      .url({ protocol: /^https?$/ })
      .max(2048)
      .optional(),
  }),
});
export type SendTemplateMessageRequest = z.infer<typeof SendTemplateMessageRequest>;

export const SendTemplateMessageResponse = z.object({
  /** The provider's message id (`wamid.`...): the message events and webhooks name the message by it. */
  messageId: z.string(),
  status: z.literal('accepted'),
});
export type SendTemplateMessageResponse = z.infer<typeof SendTemplateMessageResponse>;
