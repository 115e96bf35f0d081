import { randomBytes } from 'node:crypto';
import type { Db } from '../../../platform/db/open.js';
import { enqueue } from '../../../platform/jobs/queue.js';
import type { Job } from '../../../platform/jobs/job.js';
import type { MetaPricing } from '@pc/contract';
import type { MessageStatusReport, MetaMessagesProvider, ReportStatus } from './messages.js';
import { sandboxOutcome } from './scenarios.js';

/**
 * The sandbox Meta for messages (ARCHITECTURE rules 8, 13, 15). A send is answered at once with a
 * `wamid.` id, as the Cloud API does, unless the recipient's scenario refuses it (scenarios.ts).
 * The message's statuses then arrive the way Meta's status webhooks do, later and one by one:
 * each is a job written with the acceptance (sent at once, delivered after `delayMs`, read after
 * four times it), and its handler hands the status to `report`, which records it as this server
 * records any message event. `sent` and `delivered` carry Meta's `pricing` object, as Meta's do. A status that cannot be recorded is retried with the jobs' backoff.
 */

export type SandboxMetaMessagesOptions = {
  db: Db;
  now: () => Date;
  /** How long after the send the message is delivered (read: four times it). */
  delayMs: number;
  report: ReportStatus;
  /**
   * Meta's `pricing` object for a message sent now, as Meta would word it (the console's reading of
   * Meta's rule, passed in by the caller); without it the statuses carry none.
   */
  pricingOf?: (
    report: Pick<MessageStatusReport, 'callbackData' | 'recipient' | 'timestamp'>,
  ) => Promise<MetaPricing | undefined>;
};

export const STATUS_JOB = 'sandbox.meta.message-status';
/** Meta retries a status webhook for about a day; the jobs' backoff (capped at an hour) gives about as long. */
const STATUS_MAX_ATTEMPTS = 30;

/** An id shaped like Meta's: `wamid.` and base64 of the recipient and random bytes. */
const newMessageId = (to: string) =>
  `wamid.${Buffer.concat([Buffer.from(`${to}:`), randomBytes(12)]).toString('base64')}`;

const isStatusReport = (payload: Record<string, unknown>): payload is MessageStatusReport =>
  typeof payload.messageId === 'string' &&
  typeof payload.status === 'string' &&
  typeof payload.timestamp === 'string' &&
  typeof payload.recipient === 'string' &&
  typeof payload.callbackData === 'string';

export const createSandboxMetaMessages = (opts: SandboxMetaMessagesOptions): MetaMessagesProvider => {
  const reportJob = async (job: Job) => {
    // A malformed payload cannot become valid by retrying: dropped.
    if (!isStatusReport(job.payload)) return;
    await opts.report(job.payload);
  };

  return {
    mode: 'sandbox',
    sendTemplate: async (message) => {
      const outcome = sandboxOutcome(message.to);
      if (outcome.refusal) throw outcome.refusal;
      const acceptedAt = opts.now();
      const messageId = newMessageId(message.to);
      const pricing = await opts.pricingOf?.({
        callbackData: message.callbackData,
        recipient: message.to,
        timestamp: acceptedAt.toISOString(),
      });
      await opts.db.transaction(async (tx) => {
        for (const s of outcome.statuses) {
          const at = new Date(acceptedAt.getTime() + s.afterDelays * opts.delayMs);
          const report: MessageStatusReport = {
            messageId,
            status: s.status,
            timestamp: at.toISOString(),
            recipient: message.to,
            callbackData: message.callbackData,
            ...(s.error ? { error: s.error } : {}),
            // Meta's statuses carry it on `sent` and on `delivered`, never on a failure.
            ...(pricing && (s.status === 'sent' || s.status === 'delivered') ? { pricing } : {}),
          };
          await enqueue(tx, {
            kind: STATUS_JOB,
            payload: report,
            runAt: at,
            key: `${STATUS_JOB}:${messageId}:${s.status}`,
            maxAttempts: STATUS_MAX_ATTEMPTS,
          });
        }
      });
      return { messageId, acceptedAt };
    },
    jobHandlers: { [STATUS_JOB]: reportJob },
  };
};
