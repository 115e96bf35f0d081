import type { MetaPricing } from '@pc/contract';
import type { JobHandlers } from '../../../platform/jobs/job.js';

/** A text parameter, or a media header's file by its link (Cloud API "parameter object"). */
export type SendParameter =
  | { type: 'text'; text: string }
  | { type: 'image'; image: { link: string } }
  | { type: 'video'; video: { link: string } }
  | { type: 'document'; document: { link: string } };

/** The components of a template message as the Cloud API takes them: only the parts that carry values. */
export type SendComponent =
  | { type: 'header'; parameters: SendParameter[] }
  | { type: 'body'; parameters: SendParameter[] }
  | { type: 'button'; sub_type: 'url'; index: string; parameters: SendParameter[] };

/** `POST /{phone-number-id}/messages` with `type: template`. */
export type TemplateMessage = {
  /** The business number's id at Meta (the project's `wabaNumberId`). */
  phoneNumberId: string;
  /**
   * The recipient: digits with the country code, or a business-scoped user id (BSUID), which the
   * Cloud API takes in its own `recipient` field since Meta's 6 Feb 2026 change.
   */
  to: string;
  template: { name: string; language: string; components: SendComponent[] };
  /**
   * Meta's `biz_opaque_callback_data`: echoed in every status webhook of the message, so its
   * statuses find their project without a lookup. At most 512 characters.
   */
  callbackData: string;
};

export type MessageStatus = 'sent' | 'delivered' | 'read' | 'failed';

/** A status of a sent message, as Meta's `statuses` webhook entry tells it. */
export type MessageStatusReport = {
  messageId: string;
  status: MessageStatus;
  /** ISO 8601. */
  timestamp: string;
  recipient: string;
  callbackData: string;
  /** Meta's error of a failed message (e.g. 131026 Message undeliverable). */
  error?: { code: number; title: string };
  /** Meta's `pricing` object, on `sent` and on one of `delivered` or `read`: what Meta bills for it. */
  pricing?: MetaPricing;
};

/** What this server does with a status (records it: charging, analytics, webhooks). Throwing retries it. */
export type ReportStatus = (report: MessageStatusReport) => Promise<void>;

/** The message side of Meta (ARCHITECTURE rule 8): the sandbox by default, the Graph API when META_MODE=live. */
export type MetaMessagesProvider = {
  mode: 'sandbox' | 'live';
  /**
   * Sends a template message; answers Meta's message id (`wamid.`...) and when it was accepted.
   * Throws MetaApiError as Meta refuses (with its code), or a network error.
   */
  sendTemplate: (message: TemplateMessage) => Promise<{ messageId: string; acceptedAt: Date }>;
  /** The provider's own background work (the sandbox's status reports), run by the jobs table. */
  jobHandlers: JobHandlers;
};
