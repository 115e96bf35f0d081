import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/open.js';
import { textArray } from '../../platform/db/unnest.js';
import { recipientKey, type Inbound } from './service-windows.js';

/** A user of a project, as `inbound_messages` keys its rows: partner, project and sender. */
export const senderKey = (m: { partnerId: string; projectId: string; from: string }): string =>
  `${m.partnerId}|${m.projectId}|${recipientKey(m.from)}`;

type Known = { partner_id: string; project_id: string; sender: string; messages: number | null };

/**
 * Which senders of these freshly recorded users' messages are new to the project they wrote to:
 * no row in `inbound_messages` for that partner, project and sender but this batch's fresh ones
 * (already written, one row each: a sender with more rows than fresh messages wrote before), and
 * no conversation the project had with them (a user first messaged through the project API is
 * known: its `contact.created` said API). One statement for the whole batch, read by the window
 * indexes from the partners, projects and senders as arrays (a distributed database runs it on the
 * partners' nodes, docs/scaling.md); the difference is made here. Called after recordInbound in the
 * batch's transaction, which holds the partner's central balance locked, so two batches never both find a
 * sender new. Answers senderKey's keys.
 */
export const newContactsOf = async (tx: Tx, fresh: readonly Inbound[]): Promise<Set<string>> => {
  if (fresh.length === 0) return new Set();
  const freshOf = new Map<string, number>();
  for (const m of fresh) freshOf.set(senderKey(m), (freshOf.get(senderKey(m)) ?? 0) + 1);
  const partnerIds = textArray([...new Set(fresh.map((m) => m.partnerId))]);
  const projectIds = textArray([...new Set(fresh.map((m) => m.projectId))]);
  const senders = textArray([...new Set(fresh.map((m) => recipientKey(m.from)))]);
  const result = (await tx.execute(sql`
    select i.partner_id, i.project_id, i.sender, count(*)::int as messages
    from inbound_messages i
    where i.partner_id = any(${partnerIds}) and i.project_id = any(${projectIds}) and i.sender = any(${senders})
    group by i.partner_id, i.project_id, i.sender
    union all
    select c.partner_id, c.project_id, c.recipient, null
    from conversations c
    where c.partner_id = any(${partnerIds}) and c.project_id = any(${projectIds})
      and c.category in ('marketing', 'utility', 'authentication', 'service') and c.recipient = any(${senders})
    group by c.partner_id, c.project_id, c.recipient`)) as { rows: Known[] };
  for (const r of result.rows) {
    const key = `${r.partner_id}|${r.project_id}|${r.sender}`;
    const ours = freshOf.get(key);
    // A conversation (no count) makes the sender known; messages only beyond the batch's own.
    if (ours !== undefined && (r.messages === null || r.messages > ours)) freshOf.delete(key);
  }
  return new Set(freshOf.keys());
};
