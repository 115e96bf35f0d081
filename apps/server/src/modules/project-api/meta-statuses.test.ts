import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inboundMessages, jobs, unplacedMessageStatuses } from '../../platform/db/schema.js';
import { marketingStopped } from '../opt-outs/check.js';
import { setProject } from '../webhooks/test-fixture.js';
import { runDueJobs } from '../../platform/jobs/runner.js';
import { META_DELIVERY_JOB } from '../templates/meta-deliveries.js';
import { metaAppSecret } from '../../providers/meta/templates/create.js';
import { billablePricing, messageStatuses } from '../../providers/meta/accounts/meta-payloads.js';
import { signMetaPayload } from '../../providers/meta/templates/signature.js';
import { postMetaWebhook } from '../../../test/meta-webhook.js';
import { callbackDataOf } from './status.js';
import { eventsOf, eventsTo, message, startProjectApi, type Api } from './test-fixture.js';

/**
 * With the real Meta (META_MODE=live) a sent message's statuses arrive on Meta's webhook, field
 * `messages`: each is recorded as the platform's message event, as the sandbox's reports are.
 */
let a: Api;
let secret = '';
beforeAll(async () => {
  a = await startProjectApi();
  secret = metaAppSecret(a.t.deps.env);
});
afterAll(() => a.t.close());

type Status = { id: string; status: string; at: Date; to: string; callbackData?: string; errors?: unknown[] };

/**
 * Meta's body for statuses of the business number's messages, as its webhooks reference shows it
 * (meta-payloads.ts), each with Meta's "Billable" pricing object (pricing page, "Updated: Mar 30, 2026").
 */
const statusesBody = (statuses: Status[]) =>
  messageStatuses(statuses.map(({ to, ...s }) => ({ ...s, recipientId: to, pricing: billablePricing('utility') })));

const deliver = (body: unknown) => {
  const raw = JSON.stringify(body);
  return postMetaWebhook(a.t, raw, signMetaPayload(secret, raw));
};

const sent = async (to: string) => {
  const res = await a.send(message(to));
  expect(res.status).toBe(202);
  return String(res.body.messageId);
};
const ours = () => callbackDataOf({ projectId: a.metro.id, category: 'utility', country: 'IN' });
/** A second after the send: Meta's timestamps are whole seconds, and a status never precedes its send. */
const soon = () => new Date(a.t.clock.now.getTime() + 1000);
const statusesOf = async (id: string) => (await eventsOf(a, id)).map((e) => e.status);

describe("Meta's status webhook", () => {
  it('records delivered and read of a message the project API sent, once however often Meta repeats them', async () => {
    const id = await sent('919876500031');
    const at = new Date(a.t.clock.now.getTime() + 3000);
    const body = statusesBody([
      { id, status: 'delivered', at, to: '919876500031', callbackData: ours() },
      { id, status: 'read', at: new Date(at.getTime() + 5000), to: '919876500031', callbackData: ours() },
    ]);
    expect((await deliver(body)).json()).toEqual({ message: 'EVENT_RECEIVED' });
    expect(await deliver(body).then((r) => r.statusCode)).toBe(200);
    const events = await eventsOf(a, id);
    expect(events.map((e) => e.status)).toEqual(['sent', 'delivered', 'read']);
    expect(events[1]).toMatchObject({ projectId: a.metro.id, recipient: '919876500031' });
    // Meta's timestamp is in whole seconds.
    expect(events[1]!.occurredAt.getTime()).toBe(Math.floor(at.getTime() / 1000) * 1000);
  });

  it('records a failed message', async () => {
    const id = await sent('919876500032');
    const failed = {
      id,
      status: 'failed',
      at: soon(),
      to: '919876500032',
      callbackData: ours(),
      errors: [{ code: 131026, title: 'Message undeliverable' }],
    };
    expect((await deliver(statusesBody([failed]))).statusCode).toBe(200);
    expect(await statusesOf(id)).toEqual(['sent', 'failed']);
  });

  it("keeps apart statuses that are not of the console's sends; ignores statuses it does not record, and incoming messages", async () => {
    const id = await sent('919876500033');
    const withoutData = await sent('919876500034');
    const at = soon();
    const body = statusesBody([
      // Sent by another system on the same number: no callback data, or data not ours.
      { id: 'wamid.other1', status: 'delivered', at, to: '919876500033' },
      { id: 'wamid.other2', status: 'delivered', at, to: '919876500033', callbackData: 'order-42' },
      { id, status: 'deleted', at, to: '919876500033', callbackData: ours() },
      { id, status: 'delivered', at, to: '919876500033', callbackData: ours() },
      // The console's own send, its callback data left out: placed by its message id.
      { id: withoutData, status: 'delivered', at, to: '919876500034' },
    ]);
    const incoming = statusesBody([]);
    const value = incoming.entry[0]!.changes[0]!.value as Record<string, unknown>;
    value.contacts = [{ profile: { name: 'Farah' }, wa_id: '919876500033' }];
    value.messages = [{ from: '919876500033', id: 'wamid.in', timestamp: '1', type: 'text', text: { body: 'hi' } }];
    for (const b of [body, incoming]) expect((await deliver(b)).statusCode).toBe(200);
    expect(await statusesOf(id)).toEqual(['sent', 'delivered']);
    expect(await statusesOf('wamid.other1')).toEqual([]);
    expect(await statusesOf('wamid.other2')).toEqual([]);
    expect(await statusesOf(withoutData)).toEqual(['sent', 'delivered']);
    // Kept, not charged, for the super-admin (GET /superadmin/meta-deliveries), once however often Meta repeats them.
    expect((await deliver(body)).statusCode).toBe(200);
    const kept = await a.t.database.db
      .select({ messageId: unplacedMessageStatuses.messageId, reason: unplacedMessageStatuses.reason })
      .from(unplacedMessageStatuses)
      .where(inArray(unplacedMessageStatuses.messageId, ['wamid.other1', 'wamid.other2']));
    expect(kept.sort((x, y) => x.messageId.localeCompare(y.messageId))).toEqual([
      { messageId: 'wamid.other1', reason: 'not_ours' },
      { messageId: 'wamid.other2', reason: 'not_ours' },
    ]);
  });

  it('takes a delivery of more than a thousand statuses whole', async () => {
    // Meta batches up to a thousand updates; a larger delivery must not be dropped.
    const to = '919876500035';
    const at = soon();
    const statuses = Array.from({ length: 1_200 }, (_, i) => ({
      id: `wamid.bulk${String(i).padStart(4, '0')}`,
      status: 'sent',
      at,
      to,
      callbackData: ours(),
    }));
    expect((await deliver(statusesBody(statuses))).statusCode).toBe(200);
    expect((await eventsTo(a, to)).length).toBe(1_200);
  });

  it('answers once the delivery is stored, before the work: a crash in between loses nothing', async () => {
    const id = await sent('919876500036');
    const raw = JSON.stringify(
      statusesBody([{ id, status: 'delivered', at: soon(), to: '919876500036', callbackData: ours() }]),
    );
    const res = await a.t.app.inject({
      method: 'POST',
      url: '/platform/meta/webhook',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': signMetaPayload(secret, raw) },
      payload: raw,
    });
    expect(res.statusCode).toBe(200);
    // Answered, not yet worked: the delivery is a committed job, which a runner of any process finds.
    expect(await statusesOf(id)).toEqual(['sent']);
    const kept = await a.t.database.db.select().from(jobs).where(eq(jobs.kind, META_DELIVERY_JOB));
    expect(kept.some((j) => JSON.stringify(j.payload).includes(id))).toBe(true);
    await runDueJobs(a.t.deps.db, a.t.app.jobHandlers, () => a.t.clock.now);
    expect(await statusesOf(id)).toEqual(['sent', 'delivered']);
  });

  it('changes nothing without a valid signature', async () => {
    const id = await sent('919876500034');
    const raw = JSON.stringify(
      statusesBody([{ id, status: 'delivered', at: soon(), to: '919876500034', callbackData: ours() }]),
    );
    const res = await a.t.app.inject({
      method: 'POST',
      url: '/platform/meta/webhook',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': signMetaPayload('not-the-secret', raw) },
      payload: raw,
    });
    expect(res.statusCode).toBe(401);
    expect(await statusesOf(id)).toEqual(['sent']);
  });
});

describe("users' messages and preferences on Meta's webhook", () => {
  // The project's number at Meta, as the embedded sign-up records it (Meta's example id).
  const PHONE_NUMBER_ID = '106540352242922';
  beforeAll(() => setProject(a.t, a.metro.id, { wabaNumberId: PHONE_NUMBER_ID }));
  afterAll(() => setProject(a.t, a.metro.id, { wabaNumberId: a.metro.wabaNumberId }));
  /** Meta's inbound text message (Webhooks overview, Updated Apr 29 2026), to the project's number. */
  const inboundBody = (from: string, id: string, at: Date) => ({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '102290129340398',
        changes: [
          {
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '15550783881', phone_number_id: PHONE_NUMBER_ID },
              contacts: [{ profile: { name: 'Sheena Nelson' }, wa_id: from }],
              messages: [
                {
                  from,
                  id,
                  timestamp: String(Math.floor(at.getTime() / 1000)),
                  type: 'text',
                  text: { body: 'Does it come in another color?' },
                },
              ],
            },
            field: 'messages',
          },
        ],
      },
    ],
  });

  it("opens the user's customer service window with the project that has the number, once however often Meta repeats it", async () => {
    const from = '919876500061';
    const at = new Date(a.t.clock.now.getTime() - 60_000);
    for (let i = 0; i < 2; i++) expect((await deliver(inboundBody(from, 'wamid.in.61', at))).statusCode).toBe(200);
    const rows = await a.t.database.db.select().from(inboundMessages).where(eq(inboundMessages.sender, from));
    expect(rows).toMatchObject([{ projectId: a.metro.id, country: 'IN', messageId: 'wamid.in.61' }]);
  });

  it('records a user who stops marketing messages, whom the project API then refuses marketing templates', async () => {
    const to = '919876500062';
    // Meta's user_preferences webhook (reference, Updated Nov 5 2025), for the project's number.
    const body = {
      object: 'whatsapp_business_account',
      entry: [
        {
          id: '102290129340398',
          changes: [
            {
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: '15550783881', phone_number_id: PHONE_NUMBER_ID },
                contacts: [{ wa_id: to }],
                user_preferences: [
                  {
                    wa_id: to,
                    detail: 'User requested to stop marketing messages',
                    category: 'marketing_messages',
                    value: 'stop',
                    timestamp: Math.floor(a.t.clock.now.getTime() / 1000) - 60,
                  },
                ],
              },
              field: 'user_preferences',
            },
          ],
        },
      ],
    };
    expect((await deliver(body)).statusCode).toBe(200);
    const stopped = await marketingStopped(a.t.database.db, {
      partnerId: a.metro.partnerId,
      projectId: a.metro.id,
      recipient: to,
    });
    expect(stopped).toBe(true);
    expect(await eventsTo(a, to)).toEqual([]);
  });
});
