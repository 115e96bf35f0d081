import { z } from 'zod';
import type { MessageEvent } from '@pc/contract';
import type { Db } from '../../platform/db/open.js';
import type { MessageStatusReport, ReportStatus } from '../../providers/meta/messages/messages.js';
import { ingestMessageEvents } from '../charging/ingest.js';
import { keepUnplaced, placeByMessage } from './unplaced.js';
import type { Category } from '../charging/price.js';

/**
 * What a sent message carries to the provider and gets back with each of its statuses (Meta's
 * `biz_opaque_callback_data`): its project, conversation category and recipient country, so that
 * a status becomes a message event without a lookup.
 */
const CallbackData = z.object({
  project: z.string().min(1),
  category: z.enum(['marketing', 'utility', 'authentication']),
  country: z.string().regex(/^[A-Z]{2}$/),
});
type CallbackData = z.infer<typeof CallbackData>;

export const callbackDataOf = (d: { projectId: string; category: Exclude<Category, 'service'>; country: string }) =>
  JSON.stringify({ project: d.projectId, category: d.category, country: d.country } satisfies CallbackData);

const parseCallbackData = (text: string): CallbackData | null => {
  try {
    const parsed = CallbackData.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
};

/**
 * A provider's status of a project API message as the message event charging records. `parsed`
 * keeps each callback text's reading for the next status that carries it.
 */
export const messageEventOf = (
  report: MessageStatusReport,
  parsed: Map<string, CallbackData | null> = new Map(),
): MessageEvent | null => {
  let data = parsed.get(report.callbackData);
  if (data === undefined) {
    data = parseCallbackData(report.callbackData);
    parsed.set(report.callbackData, data);
  }
  if (!data) return null;
  return {
    messageId: report.messageId,
    projectId: data.project,
    status: report.status,
    category: data.category,
    initiator: 'business',
    country: data.country,
    recipient: report.recipient,
    timestamp: report.timestamp,
    ...(report.pricing ? { pricing: report.pricing } : {}),
  };
};

/**
 * Records a status as the platform's own events are recorded (ingestMessageEvents): the
 * conversation, the analytics day rows and the project's webhooks follow. A repeat changes
 * nothing; a status that is not one of ours is kept apart (unplaced.ts).
 */
export const recordStatus =
  (db: Db): ReportStatus =>
  async (report) =>
    recordStatuses(db)([report]);

/** How many events one ingestion takes (one transaction each). */
const STATUS_BATCH = 1_000;

/**
 * A delivery's statuses, whatever their number, recorded in batches of STATUS_BATCH events (one
 * transaction each) rather than one transaction a status. A status without our callback data is
 * placed by the message the console sent under its id; one that no project sent, or whose project
 * is gone, is kept for the super-admin, never charged.
 */
export const recordStatuses =
  (db: Db) =>
  async (reports: MessageStatusReport[]): Promise<void> => {
    // A delivery's statuses carry a few callback texts (a project's category and country): each read once.
    const parsed = new Map<string, CallbackData | null>();
    const events: MessageEvent[] = [];
    const unread: MessageStatusReport[] = [];
    for (const r of reports) {
      const event = messageEventOf(r, parsed);
      if (event) events.push(event);
      else unread.push(r);
    }
    events.push(...(await placeByMessage(db, unread)));
    for (let i = 0; i < events.length; i += STATUS_BATCH) {
      const { rejected } = await ingestMessageEvents(db, events.slice(i, i + STATUS_BATCH));
      const gone = new Set(rejected.map((r) => r.messageId));
      await keepUnplaced(
        db,
        reports.filter((r) => gone.has(r.messageId)),
        'unknown_project',
      );
    }
  };
