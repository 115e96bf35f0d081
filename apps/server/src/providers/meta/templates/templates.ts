import type { TemplateComponent } from '@pc/contract';
import type { JobHandlers } from '../../../platform/jobs/job.js';
import type { SampleFile } from './sample-upload.js';

/** A template as submitted to Meta: `POST /{WABA_ID}/message_templates`. */
export type SubmittedTemplate = {
  wabaId: string;
  name: string;
  language: string;
  category: string;
  components: TemplateComponent[];
};

/** An edit as Meta takes it (template management page: "category, components, or time-to-live"). */
export type TemplateEdit = { category?: string; components: TemplateComponent[] };

/** A template as Meta holds it (`GET /{WABA_ID}/message_templates`). */
export type ProviderTemplate = {
  id: string;
  name: string;
  language: string;
  category: string;
  /** PENDING, APPROVED, REJECTED, PAUSED, DISABLED, IN_APPEAL, ARCHIVED, DELETED ... */
  status: string;
  /** Meta's rejection reason (NONE when there is none). */
  rejectedReason: string;
  /** Set when Meta re-categorised the template. */
  previousCategory: string | null;
  components: TemplateComponent[];
};

/** The template side of Meta (ARCHITECTURE rule 8): the sandbox by default, the Graph API when META_MODE=live. */
export type MetaTemplatesProvider = {
  mode: 'sandbox' | 'live';
  /** Submits a template for review; throws MetaApiError as Meta answers (e.g. 2388024 duplicate). */
  create: (t: SubmittedTemplate) => Promise<{ id: string; status: string; category: string }>;
  /**
   * Uploads a media header's sample with Meta's Resumable Upload API (an upload session on the
   * app, then the bytes) and answers the handle a template's `example.header_handle` takes.
   */
  uploadSample: (file: SampleFile) => Promise<string>;
  /**
   * Edits a template (`POST /{template-id}`): its components replaced whole, its category changed
   * when given (Meta refuses that for an approved one). Meta answers `{ success: true }`.
   */
  edit: (templateId: string, edit: TemplateEdit) => Promise<void>;
  /** Every template of the account (all pages). */
  list: (wabaId: string) => Promise<ProviderTemplate[]>;
  /**
   * Deletes every language of a template (`DELETE /{WABA_ID}/message_templates?name=`); Meta then
   * refuses that name and language for 30 days (2388023).
   */
  delete: (wabaId: string, name: string) => Promise<void>;
  /** The provider's own background work (the sandbox's reviews and webhook deliveries), run by the jobs table. */
  jobHandlers: JobHandlers;
};
