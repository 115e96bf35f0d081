import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/open.js';
import { textArray } from '../../platform/db/unnest.js';
import { recipientKey, type Inbound } from './service-windows.js';

/** A user of a project, as `inbound_messages` keys its rows: partner, project and sender. */
export const senderKey = (m: { partnerId: string; projectId: string; from: string }): string =>
  `${m.partnerId}|${m.projectId}|${recipientKey(m.from)}`;

/**
 * Which senders of these freshly recorded users' messages are new to the project they wrote to:
 * no row in `inbound_messages` for that partner, project and sender but this batch's fresh ones
 * (already written: they are left out by their partner and message id), and no conversation the
 * project had with them (a user first messaged through the project API is known: its
 * `contact.created` said API). One statement for the whole batch: each (partner, project, sender)
 * is one probe of each table's window index, stopping at the first row. Called after recordInbound in the batch's transaction, which holds the
 * partners' rows locked, so two batches never both find a sender new. Answers senderKey's keys.
 */
export const newContactsOf = async (tx: Tx, fresh: readonly Inbound[]): Promise<Set<string>> => {
  if (fresh.length === 0) return new Set();
  const senders = [...new Map(fresh.map((m) => [senderKey(m), { ...m, sender: recipientKey(m.from) }])).values()];
  const result = (await tx.execute(sql`
    with fresh as (
      select * from unnest(${textArray(fresh.map((m) => m.partnerId))}, ${textArray(fresh.map((m) => m.messageId))})
        as f(partner_id, message_id)
    )
    select k.partner_id, k.project_id, k.sender
    from unnest(${textArray(senders.map((s) => s.partnerId))}, ${textArray(senders.map((s) => s.projectId))},
      ${textArray(senders.map((s) => s.sender))}) as k(partner_id, project_id, sender)
    where not exists (
      select 1 from inbound_messages i
      where i.partner_id = k.partner_id and i.project_id = k.project_id and i.sender = k.sender
        and not exists (select 1 from fresh f where f.partner_id = i.partner_id and f.message_id = i.message_id)
    )
    and not exists (
      select 1 from conversations c
      where c.partner_id = k.partner_id and c.project_id = k.project_id
        and c.category in ('marketing', 'utility', 'authentication', 'service') and c.recipient = k.sender
    )`)) as { rows: { partner_id: string; project_id: string; sender: string }[] };
  return new Set(result.rows.map((r) => `${r.partner_id}|${r.project_id}|${r.sender}`));
};
