import { and, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { InboundMessage } from '@pc/contract';
import type { DbOrTx, Tx } from '../../platform/db/open.js';
import { inboundMessages } from '../../platform/db/schema.js';
import { anyOf, unnestInserts } from '../../platform/db/unnest.js';
import { CONVERSATION_WINDOW_MS } from './price.js';

/**
 * The customer service window (Meta: "When a WhatsApp user messages you [...] a 24-hour timer
 * called a customer service window starts. If the user messages or calls you again before the
 * timer expires, the timer resets to 24 hours."
 * https://developers.facebook.com/documentation/business-messaging/whatsapp/messages/send-messages).
 * Only users' messages open or refresh it; each is kept in `inbound_messages`, so a window is open
 * at an instant when a message from that user came in at most 24 hours before it.
 */

/** A phone number in digits only (Meta writes `wa_id` without "+"); a business-scoped user id as it is. */
export const recipientKey = (recipient: string): string =>
  /^\+?[\d\s()-]+$/.test(recipient) ? recipient.replace(/\D/g, '') : recipient.trim();

export type Inbound = InboundMessage & { at: Date; partnerId: string };

/** Records users' messages; answers those not recorded before (a repeat changes nothing). */
export const recordInbound = async (tx: Tx, messages: Inbound[]): Promise<Inbound[]> => {
  const fresh = new Set<string>();
  const rows = messages.map((m) => ({
    partnerId: m.partnerId,
    messageId: m.messageId,
    projectId: m.projectId,
    sender: recipientKey(m.from),
    country: m.country.toUpperCase(),
    receivedAt: m.at,
    entryPoint: m.entryPoint ?? false,
  }));
  // One statement whatever the count (one array parameter per column).
  for (const insert of unnestInserts(inboundMessages, rows)) {
    const written = (await tx.execute(sql`${insert} on conflict do nothing returning partner_id, message_id`)) as {
      rows: { partner_id: string; message_id: string }[];
    };
    for (const r of written.rows) fresh.add(`${r.partner_id}|${r.message_id}`);
  }
  return messages.filter((m) => fresh.delete(`${m.partnerId}|${m.messageId}`));
};

/** When each of these users last wrote to each project, within [from - 24 h, to]: one read (the senders as one array). */
export const inboundTimes = async (
  tx: Tx,
  partnerIds: string[],
  asked: { projectId: string; recipient: string }[],
  from: Date,
  to: Date,
): Promise<Map<string, Date[]>> => {
  const times = new Map<string, Date[]>();
  if (asked.length === 0) return times;
  const projectIds = [...new Set(asked.map((a) => a.projectId))];
  const senders = [...new Set(asked.map((a) => recipientKey(a.recipient)))];
  const rows = await tx
    .select({
      projectId: inboundMessages.projectId,
      sender: inboundMessages.sender,
      receivedAt: inboundMessages.receivedAt,
    })
    .from(inboundMessages)
    .where(
      and(
        inArray(inboundMessages.partnerId, partnerIds),
        inArray(inboundMessages.projectId, projectIds),
        anyOf(inboundMessages.sender, senders),
        gt(inboundMessages.receivedAt, new Date(from.getTime() - CONVERSATION_WINDOW_MS)),
        lte(inboundMessages.receivedAt, to),
      ),
    );
  for (const r of rows) {
    const key = `${r.projectId}|${r.sender}`;
    times.set(key, [...(times.get(key) ?? []), r.receivedAt]);
  }
  return times;
};

/** Whether the user's window with the project is open at `at`. */
export const windowOpen = (times: Map<string, Date[]>, projectId: string, recipient: string, at: Date): boolean =>
  (times.get(`${projectId}|${recipientKey(recipient)}`) ?? []).some(
    (r) => r.getTime() <= at.getTime() && at.getTime() < r.getTime() + CONVERSATION_WINDOW_MS,
  );

/** Whether this user has written to the project: ever, or in (after, until]. */
export const userWrote = async (
  db: DbOrTx,
  k: { partnerId: string; projectId: string; recipient: string },
  within?: { after: Date; until: Date },
): Promise<boolean> =>
  (
    await db
      .select({ at: inboundMessages.receivedAt })
      .from(inboundMessages)
      .where(
        and(
          eq(inboundMessages.partnerId, k.partnerId),
          eq(inboundMessages.projectId, k.projectId),
          eq(inboundMessages.sender, recipientKey(k.recipient)),
          within && gt(inboundMessages.receivedAt, within.after),
          within && lte(inboundMessages.receivedAt, within.until),
        ),
      )
      .limit(1)
  ).length > 0;

/** Whether one user's window with one project is open at `at` (the project API's check before a send). */
export const windowOpenFor = (
  db: DbOrTx,
  k: { partnerId: string; projectId: string; recipient: string; at: Date },
): Promise<boolean> => userWrote(db, k, { after: new Date(k.at.getTime() - CONVERSATION_WINDOW_MS), until: k.at });
