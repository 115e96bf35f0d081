import { describe, expect, it } from 'vitest';
import { webhookTopics } from '@pc/contract';
import {
  contactAttributeUpdated,
  contactCampaignRead,
  contactCampaignSent,
  contactChatClosed,
  contactChatIntervened,
  contactChatRequesting,
  contactCreated,
  contactFirstMessageAdded,
  contactFirstMessageRemoved,
  contactTagAdded,
  contactTagRemoved,
  messageSenderUser,
  type WebhookContact,
} from './contact-events.js';

const at = new Date('2026-11-20T10:00:00.000Z');
const base = { partnerId: 'pa1', projectId: 'pr1', occurredAt: at };
const contact: WebhookContact = {
  id: 'ct_1',
  phone: '919820041001',
  name: 'Asha Rao',
  tags: ['vip'],
  attributes: { city: 'Pune' },
};
const agent = { id: 'ag_1', name: 'Neha Kapoor' };
const campaign = { id: 'cmp_1', name: 'Festive sale' };

const every = [
  contactCreated(base, contact, 'WHATSAPP'),
  contactAttributeUpdated(base, contact, { key: 'city', oldValue: null, newValue: 'Pune' }),
  contactChatIntervened(base, contact, 'chat_1', agent),
  contactChatRequesting(base, contact, 'chat_1'),
  contactChatClosed(base, contact, 'chat_1', { type: 'AGENT', ...agent }),
  contactCampaignSent(base, contact, campaign, 'wamid.1'),
  contactCampaignRead(base, contact, campaign, 'wamid.1'),
  contactFirstMessageAdded(base, contact, 'wamid.2'),
  contactFirstMessageRemoved(base, contact, 'wamid.2'),
  contactTagAdded(base, contact, 'vip'),
  contactTagRemoved(base, contact, 'lead'),
  messageSenderUser(base, { messageId: 'wamid.3', from: '919820041001', name: 'Asha Rao', text: 'Hi' }),
];

describe('the payloads of the contact topics and message.sender.user', () => {
  it('cover every topic but message.created and message.status.updated, with whose and when', () => {
    expect(every.map((e) => e.type).sort()).toEqual(
      webhookTopics.filter((t) => t !== 'message.created' && t !== 'message.status.updated').sort(),
    );
    for (const e of every) {
      expect(e).toMatchObject({ partnerId: 'pa1', projectId: 'pr1', occurredAt: at });
      expect(e.payload).toMatchObject({ projectId: 'pr1', timestamp: '2026-11-20T10:00:00.000Z' });
      if (e.type.startsWith('contact.')) expect(e.payload.contact).toEqual(contact);
    }
  });

  it('say what each topic is about', () => {
    const about = Object.fromEntries(
      every.map((e) => {
        const { projectId: _p, timestamp: _t, contact: _c, ...rest } = e.payload;
        return [e.type, rest];
      }),
    );
    expect(about).toEqual({
      'contact.created': { source: 'WHATSAPP' },
      'contact.attribute.updated': { attribute: { key: 'city', oldValue: null, newValue: 'Pune' } },
      'contact.chat.intervened': { chat: { id: 'chat_1', status: 'INTERVENED', agent } },
      'contact.chat.requesting': { chat: { id: 'chat_1', status: 'REQUESTING' } },
      'contact.chat.closed': { chat: { id: 'chat_1', status: 'CLOSED', closedBy: { type: 'AGENT', ...agent } } },
      'contact.campaign.sent': { campaign, messageId: 'wamid.1' },
      'contact.campaign.read': { campaign, messageId: 'wamid.1' },
      'contact.first_message.added': { firstMessage: { messageId: 'wamid.2' } },
      'contact.first_message.removed': { firstMessage: { messageId: 'wamid.2' } },
      'contact.tag.added': { tag: 'vip' },
      'contact.tag.removed': { tag: 'lead' },
      'message.sender.user': {
        messageId: 'wamid.3',
        from: '919820041001',
        name: 'Asha Rao',
        type: 'text',
        text: 'Hi',
      },
    });
  });

  it('leave out what a contact does not have, and a closing by no one in particular names no agent', () => {
    const bare = { id: 'ct_2', phone: '14155550100', tags: [], attributes: {} };
    expect(contactCreated(base, bare, 'API').payload.contact).toEqual({ id: 'ct_2', phone: '14155550100' });
    expect(contactChatClosed(base, bare, 'chat_2', { type: 'SYSTEM' }).payload.chat).toEqual({
      id: 'chat_2',
      status: 'CLOSED',
      closedBy: { type: 'SYSTEM' },
    });
    expect(messageSenderUser(base, { messageId: 'm', from: '14155550100', text: 'Hi' }).payload).not.toHaveProperty(
      'name',
    );
  });

  it('copy the contact: changing it later does not change an event already built', () => {
    const c = { id: 'ct_3', phone: '919820041003', tags: ['vip'], attributes: { plan: 'gold' } };
    const e = contactTagAdded(base, c, 'vip');
    c.tags.push('lead');
    c.attributes.plan = 'free';
    expect(e.payload.contact).toEqual({
      id: 'ct_3',
      phone: '919820041003',
      tags: ['vip'],
      attributes: { plan: 'gold' },
    });
  });

  it('are plain JSON, as the outbox stores them', () => {
    for (const e of every) expect(JSON.parse(JSON.stringify(e.payload))).toEqual(e.payload);
  });
});
