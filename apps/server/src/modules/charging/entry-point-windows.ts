import { and, eq, gte, inArray, lt, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/open.js';
import { conversations, inboundMessages } from '../../platform/db/schema.js';
import { anyOf } from '../../platform/db/unnest.js';
import { recipientKey } from './service-windows.js';

/**
 * Free entry point windows, as Meta's pricing page defines them ("Free entry point windows"): when
 * a user writes through a click-to-WhatsApp ad or a Facebook Page call-to-action (Meta's `messages`
 * webhook carries a `referral`; `inbound_messages.entry_point`), "If you respond within 24 hours
 * using any type of message, the message will be free, and a Free Entry Point ("FEP") window will
 * be opened, starting from the time when you responded. FEP windows remain open for 72 hours.
 * While open, you can send any type of message to the user at no charge."
 *
 * So a business message to that user is free when it is sent within 24 hours of the ad's message
 * (it is the reply, or comes after it inside the window), or within 72 hours of the first reply.
 * The first reply is the earliest message the project sent the user in those 24 hours: the batch's
 * own or one already priced (a `conversations` row). Nothing is kept for it; it is read when asked.
 * A reply whose status arrives after a later message's was priced does not reprice that one (Meta's
 * pricing object, when a status carries it, decides anyway).
 */
export const REPLY_WITHIN_MS = 24 * 60 * 60 * 1000;
export const WINDOW_MS = 72 * 60 * 60 * 1000;

export type Send = { projectId: string; recipient: string; at: Date };
export type EntryPointWindows = (projectId: string, recipient: string, at: Date) => boolean;

const closed: EntryPointWindows = () => false;
const pairOf = (projectId: string, recipient: string) => `${projectId}|${recipientKey(recipient)}`;

/** The free entry point windows that may hold these sends: one read, and a second only when a user came from an ad. */
export const entryPointWindows = async (
  db: DbOrTx,
  partnerIds: string[],
  sends: readonly Send[],
): Promise<EntryPointWindows> => {
  if (sends.length === 0) return closed;
  const times = sends.map((s) => s.at.getTime());
  const from = new Date(Math.min(...times) - REPLY_WITHIN_MS - WINDOW_MS);
  const to = new Date(Math.max(...times));
  const entries = await db
    .select({ projectId: inboundMessages.projectId, sender: inboundMessages.sender, at: inboundMessages.receivedAt })
    .from(inboundMessages)
    .where(
      and(
        inArray(inboundMessages.partnerId, partnerIds),
        eq(inboundMessages.entryPoint, true),
        inArray(inboundMessages.projectId, [...new Set(sends.map((s) => s.projectId))]),
        anyOf(inboundMessages.sender, [...new Set(sends.map((s) => recipientKey(s.recipient)))]),
        gte(inboundMessages.receivedAt, from),
        lte(inboundMessages.receivedAt, to),
      ),
    );
  if (entries.length === 0) return closed;

  // What the projects sent these users in the 24 hours after each ad's message: priced, or in this batch.
  const pairs = new Set(entries.map((e) => `${e.projectId}|${e.sender}`));
  const first = Math.min(...entries.map((e) => e.at.getTime()));
  const last = Math.max(...entries.map((e) => e.at.getTime())) + REPLY_WITHIN_MS;
  const priced = await db
    .select({ projectId: conversations.projectId, recipient: conversations.recipient, at: conversations.startedAt })
    .from(conversations)
    .where(
      and(
        inArray(conversations.partnerId, partnerIds),
        inArray(conversations.projectId, [...new Set(entries.map((e) => e.projectId))]),
        eq(conversations.pricingModel, 'PMP'),
        gte(conversations.startedAt, new Date(first)),
        lt(conversations.startedAt, new Date(last)),
      ),
    );
  const sent = new Map<string, number[]>();
  for (const s of [...priced, ...sends]) {
    const pair = pairOf(s.projectId, s.recipient);
    if (pairs.has(pair)) (sent.get(pair) ?? sent.set(pair, []).get(pair)!).push(s.at.getTime());
  }

  // Each ad's window: from its first reply (if any) for 72 hours.
  const windows = new Map<string, { entry: number; from: number | null }[]>();
  for (const e of entries) {
    const pair = `${e.projectId}|${e.sender}`;
    const entry = e.at.getTime();
    const replies = (sent.get(pair) ?? []).filter((t) => t >= entry && t < entry + REPLY_WITHIN_MS);
    (windows.get(pair) ?? windows.set(pair, []).get(pair)!).push({
      entry,
      from: replies.length > 0 ? Math.min(...replies) : null,
    });
  }
  return (projectId, recipient, at) => {
    const t = at.getTime();
    return (windows.get(pairOf(projectId, recipient)) ?? []).some(
      (w) =>
        (t >= w.entry && t < w.entry + REPLY_WITHIN_MS) || (w.from !== null && t >= w.from && t < w.from + WINDOW_MS),
    );
  };
};
