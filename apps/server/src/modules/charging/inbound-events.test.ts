import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { InboundMessage, MessageEventsResponse } from '@pc/contract';
import { call } from '../../../test/harness.js';
import { webhookEvents } from '../../platform/db/schema.js';
import { contactIdOf } from '../webhooks/contact-events.js';
import { insertWebhook } from '../webhooks/delivery/test-fixture.js';
import { KEY, PMP_TIME, useChargingFixture } from './fixture.js';
import { inboundWebhookEvents } from './inbound-events.js';
import { senderKey } from './new-contacts.js';

/**
 * A user's first message to a project (Meta's `messages` webhook or the platform's `inbound`
 * batch) tells `contact.created` (source WHATSAPP) before its `message.sender.user`, once per
 * project and sender; the text message of Meta's "Text messages webhook reference" (sender
 * 16505551234, profile name Sheena Nelson) and the BSUID of "Business-scoped user IDs".
 */
const { fx, newProject, post, event } = useChargingFixture();

const PHONE = '16505551234';
const BSUID = 'US.13491208655302741918';
const at = (s: number) => new Date(Date.parse(PMP_TIME) + s * 1000).toISOString();
let seq = 0;
const message = (projectId: string, over: Partial<InboundMessage> = {}): InboundMessage => ({
  messageId: `wamid.contact-${++seq}`,
  projectId,
  from: PHONE,
  country: 'US',
  timestamp: at(0),
  name: 'Sheena Nelson',
  text: 'Does it come in another color?',
  ...over,
});

const deliver = (inbound: InboundMessage[]) =>
  call<MessageEventsResponse>(fx.t.app, 'POST', '/platform/message-events', {
    body: { inbound },
    headers: { 'x-platform-key': KEY },
  });

/** A project whose webhook takes both topics. */
const hooked = async () => {
  const p = await newProject(0);
  await insertWebhook(fx.t, {
    partnerId: fx.partnerId,
    projectId: p.id,
    url: 'https://hooks.example.com/in',
    topics: ['contact.created', 'message.sender.user'],
  });
  return p.id;
};

const told = async (projectId: string) =>
  (
    await fx.t.database.db
      .select({ type: webhookEvents.type, payload: webhookEvents.payload })
      .from(webhookEvents)
      .where(eq(webhookEvents.projectId, projectId))
  ).sort(
    (a, b) => String(a.payload.timestamp).localeCompare(String(b.payload.timestamp)) || a.type.localeCompare(b.type),
  );
const createdOf = async (projectId: string) => (await told(projectId)).filter((e) => e.type === 'contact.created');

describe("contact.created for a user's first message", () => {
  it('the first message tells contact.created, then message.sender.user; the next one only the message', async () => {
    const projectId = await hooked();
    const first = message(projectId, { from: `+${PHONE}` });
    expect((await deliver([first])).body).toMatchObject({ inbound: 1 });
    expect(await told(projectId)).toEqual([
      {
        type: 'contact.created',
        payload: {
          projectId,
          contact: { id: contactIdOf(projectId, PHONE), phone: PHONE, name: 'Sheena Nelson' },
          source: 'WHATSAPP',
          timestamp: first.timestamp,
        },
      },
      { type: 'message.sender.user', payload: expect.objectContaining({ messageId: first.messageId }) },
    ]);

    const second = message(projectId, { timestamp: at(60) });
    await deliver([second]);
    expect((await told(projectId)).map((e) => e.type)).toEqual([
      'contact.created',
      'message.sender.user',
      'message.sender.user',
    ]);
  });

  it('the same delivery again tells nothing', async () => {
    const projectId = await hooked();
    const batch = [message(projectId)];
    await deliver(batch);
    expect((await deliver(batch)).body).toMatchObject({ inbound: 0 });
    expect((await told(projectId)).map((e) => e.type)).toEqual(['contact.created', 'message.sender.user']);
  });

  it('several messages from one new sender in a batch: one contact.created, at the earliest', async () => {
    const projectId = await hooked();
    const later = message(projectId, { timestamp: at(30), name: 'Sheena N.' });
    const earlier = message(projectId, { timestamp: at(10), name: undefined });
    await deliver([later, earlier]);
    const created = await createdOf(projectId);
    expect(created).toHaveLength(1);
    expect(created[0]!.payload).toMatchObject({ timestamp: earlier.timestamp, contact: { name: 'Sheena N.' } });
    expect((await told(projectId)).filter((e) => e.type === 'message.sender.user')).toHaveLength(2);
  });

  it('a sender known by its business-scoped user id has userId, not phone', async () => {
    const projectId = await hooked();
    await deliver([message(projectId, { from: BSUID })]);
    const [created] = await createdOf(projectId);
    expect(created!.payload.contact).toEqual({
      id: contactIdOf(projectId, BSUID),
      userId: BSUID,
      name: 'Sheena Nelson',
    });
  });

  it('one sender writing to two projects is a new contact of each', async () => {
    const [a, b] = [await hooked(), await hooked()];
    await deliver([message(a), message(b), message(a, { timestamp: at(5) })]);
    const [ofA, ofB] = [await createdOf(a), await createdOf(b)];
    expect([ofA.length, ofB.length]).toEqual([1, 1]);
    expect(ofA[0]!.payload.contact).toMatchObject({ id: contactIdOf(a, PHONE) });
    expect(ofB[0]!.payload.contact).toMatchObject({ id: contactIdOf(b, PHONE) });
  });

  it('a user the project messaged first is no new contact when they write back', async () => {
    const projectId = await hooked();
    await post([event(projectId, { recipient: PHONE, country: 'US', timestamp: at(0) })]);
    await deliver([message(projectId, { timestamp: at(60) })]);
    expect(await createdOf(projectId)).toEqual([]);
  });
});

describe('inboundWebhookEvents', () => {
  it("puts a new sender's contact.created before its messages, and none for a known sender", () => {
    const m = (messageId: string, from: string, s: number) => ({
      messageId,
      projectId: 'pr1',
      partnerId: 'pa1',
      from,
      country: 'US',
      timestamp: at(s),
      at: new Date(at(s)),
    });
    const fresh = [m('w1', PHONE, 5), m('w2', '16505550000', 6), m('w3', PHONE, 1)];
    const events = inboundWebhookEvents(fresh, new Set([senderKey(fresh[0]!)]));
    expect(events.map((e) => `${e.type} ${String(e.payload.messageId ?? e.payload.timestamp)}`)).toEqual([
      `contact.created ${at(1)}`,
      'message.sender.user w1',
      'message.sender.user w2',
      'message.sender.user w3',
    ]);
  });
});
