import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/open.js';
import { newId } from '../../../platform/db/ids.js';
import { ofPartners } from '../../../platform/db/tenant-joins.js';
import { newEventId } from './ids.js';
import { DELIVER_JOB, deliverKey } from './kinds.js';

export type WebhookEventInput = {
  partnerId: string;
  projectId: string;
  /** A webhook topic (contract `webhookTopics`). */
  type: string;
  payload: Record<string, unknown>;
  /** The envelope's timestamp; now when not given. */
  occurredAt?: Date;
};

export type EmitOutcome = { events: number; deliveries: number };

type EventRow = {
  id: string;
  partner_id: string;
  project_id: string;
  type: string;
  payload: Record<string, unknown>;
  created_at: string;
};
type DeliveryRow = { id: string; webhook_id: string; event_id: string; partner_id: string; project_id: string };

const json = (rows: unknown[]) => sql`${JSON.stringify(rows)}::jsonb`;

/**
 * Writes events, their deliveries and a job per delivery, each table in one statement whatever the
 * batch's size (the rows travel as one JSON parameter). A job names its delivery's partner beside
 * its id: the jobs live on the coordinator of a distributed database, and with the partner every
 * statement the delivery worker runs goes to that partner's node alone (docs/webhooks.md).
 */
export const insertOutbox = async (tx: DbOrTx, events: EventRow[], deliveries: DeliveryRow[], now: Date) => {
  if (deliveries.length === 0) return;
  const at = now.toISOString();
  await tx.execute(sql`
    insert into webhook_events (id, partner_id, project_id, type, payload, created_at)
    select id, partner_id, project_id, type, payload, created_at
    from jsonb_to_recordset(${json(events)})
      as x(id text, partner_id text, project_id text, type text, payload jsonb, created_at timestamptz)`);
  await tx.execute(sql`
    insert into webhook_deliveries (id, webhook_id, event_id, partner_id, project_id, status, next_attempt_at, created_at)
    select id, webhook_id, event_id, partner_id, project_id, 'PENDING', ${at}::timestamptz, ${at}::timestamptz
    from jsonb_to_recordset(${json(deliveries)})
      as x(id text, webhook_id text, event_id text, partner_id text, project_id text)`);
  const jobs = deliveries.map((d) => ({
    id: newId(),
    key: deliverKey(d.id),
    payload: { partnerId: d.partner_id, deliveryId: d.id },
  }));
  await tx.execute(sql`
    insert into jobs (id, kind, payload, key, run_at, max_attempts, created_at)
    select id, ${DELIVER_JOB}, payload, key, ${at}::timestamptz, 10, ${at}::timestamptz
    from jsonb_to_recordset(${json(jobs)}) as x(id text, key text, payload jsonb)
    on conflict (key) where failed_at is null do nothing`);
};

export const eventRow = (e: WebhookEventInput, now: Date): EventRow => {
  const at = e.occurredAt ?? now;
  return {
    id: newEventId(at),
    partner_id: e.partnerId,
    project_id: e.projectId,
    type: e.type,
    payload: e.payload,
    // Whole milliseconds: the envelope's timestamp is rebuilt from this, identically, on every attempt.
    created_at: new Date(at.getTime()).toISOString(),
  };
};

type Found = { id: string; project_id: string; partner_id: string; topics: string[] };
const none: EmitOutcome = { events: 0, deliveries: 0 };

/**
 * The ENABLED webhooks of these projects that take any of these types (or any type): one indexed
 * query. With the projects' partners when the caller knows them, so that a distributed database
 * asks their nodes alone rather than every node.
 */
const webhooksOf = async (
  tx: DbOrTx,
  projectIds: readonly string[],
  types?: readonly string[],
  partnerIds?: readonly string[],
) =>
  (
    (await tx.execute(sql`
    select id, project_id, partner_id, topics from webhooks
    where project_id in (select jsonb_array_elements_text(${json([...projectIds])}))${
      partnerIds ? sql` and ${ofPartners(sql`partner_id`, partnerIds)}` : sql``
    }
      and status = 'ENABLED'${
        types
          ? sql`
      and topics ?| array(select jsonb_array_elements_text(${json([...types])}))`
          : sql``
      }`)) as { rows: Found[] }
  ).rows;

/** Writes each event a found webhook of its project takes, with one delivery (and job) per such webhook. */
const writeOutbox = async (
  tx: DbOrTx,
  found: readonly Found[],
  events: readonly WebhookEventInput[],
  now: Date,
): Promise<EmitOutcome> => {
  const byProject = new Map<string, Found[]>();
  for (const w of found) byProject.set(w.project_id, [...(byProject.get(w.project_id) ?? []), w]);
  const eventRows: EventRow[] = [];
  const deliveryRows: DeliveryRow[] = [];
  for (const e of events) {
    // The partner is checked too: a webhook serves its own partner's project only.
    const targets = (byProject.get(e.projectId) ?? []).filter(
      (w) => w.partner_id === e.partnerId && w.topics.includes(e.type),
    );
    if (targets.length === 0) continue;
    const row = eventRow(e, now);
    eventRows.push(row);
    for (const w of targets)
      deliveryRows.push({
        id: newId(),
        webhook_id: w.id,
        event_id: row.id,
        partner_id: e.partnerId,
        project_id: e.projectId,
      });
  }
  await insertOutbox(tx, eventRows, deliveryRows, now);
  return { events: eventRows.length, deliveries: deliveryRows.length };
};

/**
 * The webhook outbox: call it inside the transaction that makes the events happen, so they exist
 * exactly when it commits (ARCHITECTURE rule 13), and fire `jobsSignal.kick()` after the commit for
 * a prompt first attempt. An event is written only when an ENABLED webhook of its project subscribes
 * to its type, with one delivery (and one job) per such webhook. Set-based: one indexed query finds
 * the webhooks of the batch's projects (all a batch costs when none subscribes), then one statement
 * per table, whatever the batch's size.
 */
export const emitWebhookEvents = async (
  tx: DbOrTx,
  events: readonly WebhookEventInput[],
  opts: { now?: Date } = {},
): Promise<EmitOutcome> => {
  if (events.length === 0) return none;
  const found = await webhooksOf(
    tx,
    [...new Set(events.map((e) => e.projectId))],
    [...new Set(events.map((e) => e.type))],
    [...new Set(events.map((e) => e.partnerId))],
  );
  if (found.length === 0) return none;
  return writeOutbox(tx, found, events, opts.now ?? new Date());
};

/**
 * emitWebhookEvents for a batch whose events are many and mostly unwanted (a charging batch's
 * statuses: few projects have webhooks): the webhooks of its projects are looked up first, whatever
 * their topics, and `make` builds the events only when there are some (it may read what it needs
 * then, in the same transaction). The same events are written.
 */
export const emitWebhookEventsOf = async (
  tx: DbOrTx,
  projects: { partnerIds: readonly string[]; projectIds: readonly string[] },
  make: () => readonly WebhookEventInput[] | Promise<readonly WebhookEventInput[]>,
  opts: { now?: Date } = {},
): Promise<EmitOutcome> => {
  if (projects.projectIds.length === 0) return none;
  const found = await webhooksOf(tx, projects.projectIds, undefined, projects.partnerIds);
  if (found.length === 0) return none;
  return writeOutbox(tx, found, await make(), opts.now ?? new Date());
};
