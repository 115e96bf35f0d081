import { WEBHOOK_ATTEMPT_TIMEOUT_MS, WEBHOOK_PREVIOUS_SECRET_TTL_MS, WEBHOOK_RETRY_SCHEDULE_MS } from '@pc/contract';
import { failingHours, formatDuration, retryScheduleText } from './schedule';

/**
 * Texts of the webhook screens, the delivery console and the Project Api tab that the spec does not
 * word (labels, titles, helpers): ours, kept once here. The spec's own are the contract's
 * `webhookMessages`.
 */
/** How long a replaced secret keeps signing, in hours (24). */
const previousSecretHours = WEBHOOK_PREVIOUS_SECRET_TTL_MS / 3_600_000;

export const webhookTexts = {
  // The list (tab and management screen).
  pageTitle: (project: string) => `Webhooks : ${project}`,
  back: 'Back',
  tableLabel: 'Webhooks',
  createWebhook: 'Create Webhook',
  manageWebhooks: 'Manage webhooks',
  columns: { topics: 'Topics', url: 'Webhook Url', createdAt: 'Created At', actions: 'Actions' },
  edit: 'Edit',
  editOf: (url: string) => `Edit webhook ${url}`,
  delete: 'Delete',
  deleteOf: (url: string) => `Delete webhook ${url}`,
  deliveryLog: 'Delivery log',
  deliveryLogOf: (url: string) => `Delivery log of ${url}`,
  enable: 'Enable',
  enableOf: (url: string) => `Enable webhook ${url}`,
  enabled: 'Enabled',
  disabled: 'Disabled',
  disabledGone: 'Endpoint answered 410 Gone',
  disabledFailing: `Failed for ${failingHours()} hours`,

  // Dialogs.
  createTitle: 'Create Webhook',
  editTitle: 'Edit Webhook',
  topics: 'Topics',
  topicsHelper: 'The events sent to this URL',
  keptTopics: (topics: string) => `Also subscribed (set on the project's Webhook tab, kept): ${topics}`,
  webhookUrl: 'Webhook Url',
  webhookUrlHelper: 'Where the events are posted, as JSON signed with the shared secret',
  sharedSecret: 'Shared Secret',
  secretHelper: 'Verifies that a request comes from us (see the delivery log)',
  secretWriteOnly: 'Shown to members with write access',
  previousSecretUntil: (when: string) =>
    `The previous shared secret is still accepted until ${when}: requests until then carry both signatures.`,
  showSecret: 'Show shared secret',
  hideSecret: 'Hide shared secret',
  copy: 'Copy',
  copySecret: 'Copy shared secret',
  cancel: 'Cancel',
  save: 'Save',
  create: 'Create',
  deleteTitle: 'Delete this webhook?',
  deleteText: (url: string) => `Events stop being sent to ${url}. This cannot be undone.`,

  // The delivery console.
  consoleTitle: (project: string) => `Webhook deliveries : ${project}`,
  webhookNotFound: 'This webhook does not exist (any more).',
  status: 'Status',
  sendTest: 'Send test event',
  replayFailed: 'Replay failed',
  refresh: 'Refresh',
  filterLabel: 'Delivery status',
  filters: { ALL: 'All', FAILED: 'Failed', PENDING: 'Pending', DELIVERED: 'Delivered' },
  deliveryStatus: { FAILED: 'Failed', PENDING: 'Pending', DELIVERED: 'Delivered' },
  deliveriesLabel: 'Deliveries',
  noDeliveries: 'No deliveries yet',
  noDeliveriesOf: (status: string) => `No ${status.toLowerCase()} deliveries`,
  deliveryColumns: {
    eventType: 'Event type',
    status: 'Status',
    statusCode: 'Status code',
    latency: 'Latency (ms)',
    attempts: 'Attempts',
    createdAt: 'Created At',
    nextRetry: 'Next retry',
  },
  detailTitle: (eventType: string) => (eventType ? `Delivery: ${eventType}` : 'Delivery'),
  eventId: 'Event id (webhook-id)',
  createdAt: 'Created At',
  deliveredAt: 'Delivered At',
  nextRetry: 'Next retry',
  payload: 'Payload',
  attemptLog: 'Attempts',
  noAttempts: 'Not tried yet.',
  attemptN: (n: number) => `Attempt ${n}`,
  noAnswer: 'No answer',
  latencyMs: (ms: string) => `${ms} ms`,
  responseExcerpt: 'Response',
  replay: 'Replay',
  close: 'Close',
  detailLoadFailed: 'The delivery could not be loaded.',
  replayTitle: 'Replay failed deliveries',
  replayText: 'Every failed delivery of this webhook created in this range is queued again.',
  from: 'From',
  to: 'To',
  rangeInvalid: 'Pick a From before the To',
  replayConfirm: 'Replay',
  verifyTitle: 'Verify signatures',
  verifyText:
    'Every request is signed the Standard Webhooks way (webhook-id, webhook-timestamp and webhook-signature headers, keyed by the shared secret). Verify it on the raw body, before parsing it, for example in Node with the standardwebhooks package:',
  rotationText: `When a new shared secret is generated, the previous one keeps signing for ${previousSecretHours} hours: webhook-signature then carries both signatures, space-delimited, and the package accepts a request that either secret verifies.`,
  copySnippet: 'Copy code',
  snippetCopied: 'Code copied',
  retrySchedule: `A delivery that fails (no 2xx answer within ${formatDuration(WEBHOOK_ATTEMPT_TIMEOUT_MS)}) is tried again up to ${WEBHOOK_RETRY_SCHEDULE_MS.length} times, waiting ${retryScheduleText()} between attempts; then it is marked Failed and can be replayed. An endpoint that answers 410 Gone, or fails for the whole schedule, is disabled until it is enabled again. Each retry sends the same webhook-id, so the receiver can drop duplicates.`,

  // The Project Api tab.
  apiKeyTitle: 'Project API key',
  noApiKey: 'This project has no API key yet.',
  createApiKey: 'Create API key',
  resetApiKey: 'Reset API key',
  resetTitle: 'Reset the API key?',
  resetText: 'A new key is made and the current one stops working at once: apps that use it must be given the new one.',
  privateAppId: 'Private app id (user name)',
  copyPrivateAppId: 'Copy private app id',
  privateAppIdCopied: 'Private app id copied',
  apiKey: 'API key (password)',
  copyApiKey: 'Copy API key',
  apiKeyOnce: 'Copy the API key now: it is shown only this once.',
  apiKeyCleared: 'The API key was copied and is no longer shown. Reset it if it is lost.',
  createdOn: 'Created',
  lastUsed: 'Last used',
  neverUsed: 'Never',
  apiLoadFailed: 'The project API key could not be loaded.',
  chatWebhookTitle: 'Chat webhook',
  chatWebhookText: (topics: string) => `Receives ${topics}.`,
  chatWebhookNew: (topics: string) => `Saving a URL subscribes it to ${topics}.`,
  chatWebhookUrl: 'Chat webhook URL',
  generate: 'Generate',
  generateTitle: 'Generate a new shared secret?',
  generateText: `The current secret keeps signing beside the new one for ${previousSecretHours} hours (both signatures are sent): update it wherever the chat webhook is received before then.`,
  noSecretYet: 'Save the chat webhook URL to get a shared secret',
} as const;

/** The Node snippet of the console's Verify signatures section, with the public `standardwebhooks` package. */
export const verifySnippet = `import { Webhook } from 'standardwebhooks';

// The webhook's shared secret (whsec_...), from its Edit dialog.
const wh = new Webhook(process.env.WEBHOOK_SECRET);

// rawBody: the request body exactly as received (a string or a Buffer), not re-serialised JSON.
// verify throws when the signature is wrong or the timestamp is more than 5 minutes off.
const event = wh.verify(rawBody, {
  'webhook-id': req.headers['webhook-id'],
  'webhook-timestamp': req.headers['webhook-timestamp'],
  'webhook-signature': req.headers['webhook-signature'],
});`;
