import type { MessageEvent } from '@pc/contract';
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
  type Campaign,
  type ChatAgent,
  type EventBase,
  type TopicEvent,
} from '../webhooks/contact-events.js';
import { pick } from './traffic.js';

/** A contact the simulator has met: what its next events build on. */
type SimContact = {
  id: string;
  phone: string;
  name: string;
  tags: string[];
  attributes: Record<string, string>;
  /** When it was created (ms): nothing of it happens before. */
  since: number;
  /** Its open chat, and the user's message that opened it. */
  chat?: { id: string; status: 'REQUESTING' | 'INTERVENED'; agent?: ChatAgent; firstMessageId: string };
};

/**
 * The contacts the simulator has met, per project and recipient, kept in memory for as long as it
 * runs (nothing is read from the database for them). Bounded: the traffic's recipients are a small
 * pool per project and country.
 */
export type ContactBook = { projects: Map<string, Map<string, SimContact>>; seq: number };
export const newContactBook = (): ContactBook => ({ projects: new Map(), seq: 0 });

export type ContactTrafficProject = { id: string; partnerId: string };

const callingCodes: Record<string, string> = { IN: '91', AE: '971', GB: '44', US: '1', BR: '55', MX: '52' };
const names = [
  'Asha Rao',
  'Vikram Shah',
  'Meera Iyer',
  'Kabir Das',
  'Priya Nair',
  'Rohan Gupta',
  'Fatima Al Nuaimi',
  'Oliver Hughes',
  'Emily Carter',
  'Lucas Souza',
  'Camila Rojas',
  'Diego Hernández',
  'Ananya Singh',
  'Arjun Menon',
] as const;
const agents: readonly ChatAgent[] = [
  { id: 'ag_sim_neha', name: 'Neha Kapoor' },
  { id: 'ag_sim_arjun', name: 'Arjun Mehta' },
  { id: 'ag_sim_sara', name: 'Sara Khan' },
];
const tags = ['vip', 'lead', 'follow-up', 'repeat-buyer', 'support', 'newsletter'] as const;
const attributeValues: Record<string, readonly string[]> = {
  city: ['Mumbai', 'Pune', 'Bengaluru', 'Delhi', 'Dubai', 'London', 'Austin', 'São Paulo', 'Monterrey'],
  plan: ['free', 'silver', 'gold', 'platinum'],
  language: ['en', 'hi', 'es', 'pt', 'ar'],
  preferred_time: ['morning', 'afternoon', 'evening'],
};
const replies = [
  'Hi, is this still available?',
  'What are your opening hours?',
  'Can I talk to someone please?',
  'Thanks!',
  'Where is my order?',
  'Please call me back.',
  'Yes, book it for tomorrow.',
  'How much does it cost?',
] as const;
const campaignNames = ['Festive sale', 'New arrivals', 'Loyalty rewards', 'Back in stock'] as const;

/** FNV-1a, 32 bits, as 8 hex digits: stable ids and numbers from a project and a recipient. */
const hash = (text: string, basis = 0x811c9dc5) => {
  let h = basis >>> 0;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
};
const hex = (n: number) => n.toString(16).padStart(8, '0');

const newContact = (projectId: string, recipient: string, country: string, since: number, rng: () => number) => {
  const key = `${projectId}|${recipient}`;
  const digits = String(hash(key, 0x01234567) % 1_000_000_000).padStart(9, '0');
  return {
    id: `ct_${hex(hash(key))}${hex(hash(key, 0x9e3779b9))}`,
    phone: `${callingCodes[country] ?? '1'}9${digits}`,
    name: names[Math.floor(rng() * names.length)]!,
    tags: [],
    attributes: {},
    since,
  } satisfies SimContact;
};

const campaignsOf = (projectId: string): Campaign[] =>
  campaignNames.map((name, k) => ({ id: `cmp_${hex(hash(projectId))}_${k + 1}`, name }));

const oneOf = <T>(rng: () => number, items: readonly T[]): T | undefined => items[Math.floor(rng() * items.length)];

/**
 * The contact and chat side of a tick's traffic, as webhook events, for the projects the tick sends
 * messages for: a contact is created when a recipient is first met (before the message to it), a
 * marketing message is now and then a campaign's (sent, and read when the traffic reads it), and
 * a project sees at most one more happening: a user's reply (which opens a chat when none is open:
 * its first message added, the chat requesting), a chat taken by an agent or closed (its first
 * message removed), a tag added or removed, or an attribute updated. At most 8 events a project a
 * tick, deterministic for the same random source, all inside [from, to).
 */
export const makeContactTraffic = (
  projects: readonly ContactTrafficProject[],
  messages: readonly MessageEvent[],
  book: ContactBook,
  from: Date,
  to: Date,
  rng: () => number,
  tag: string,
): TopicEvent[] => {
  const events: TopicEvent[] = [];
  const span = Math.max(1, to.getTime() - from.getTime());
  const last = to.getTime() - 1;
  const byProject = new Map<string, MessageEvent[]>();
  for (const m of messages) byProject.set(m.projectId, [...(byProject.get(m.projectId) ?? []), m]);

  for (const project of projects) {
    let contacts = book.projects.get(project.id);
    if (!contacts) book.projects.set(project.id, (contacts = new Map()));
    const base = (at: number): EventBase => ({
      partnerId: project.partnerId,
      projectId: project.id,
      occurredAt: new Date(Math.min(last, at)),
    });
    const own = byProject.get(project.id) ?? [];
    const sent = own.filter((m) => m.status === 'sent').sort((a, b) => a.timestamp.localeCompare(b.timestamp));

    // Recipients met for the first time are new contacts.
    for (const m of sent) {
      if (!m.recipient || contacts.has(m.recipient)) continue;
      const at = Date.parse(m.timestamp);
      const c = newContact(project.id, m.recipient, m.country, at, rng);
      contacts.set(m.recipient, c);
      events.push(contactCreated(base(at), c, 'WHATSAPP'));
    }

    // Now and then a marketing message is a campaign's.
    const marketing = sent.find((m) => m.category === 'marketing' && m.recipient);
    if (marketing && rng() < 0.5) {
      const c = contacts.get(marketing.recipient!)!;
      const campaign = oneOf(rng, campaignsOf(project.id))!;
      events.push(contactCampaignSent(base(Date.parse(marketing.timestamp) + 1), c, campaign, marketing.messageId));
      const read = own.find((m) => m.messageId === marketing.messageId && m.status === 'read');
      if (read) events.push(contactCampaignRead(base(Date.parse(read.timestamp)), c, campaign, read.messageId));
    }

    // And at most one more thing happens.
    const known = [...contacts.values()];
    if (known.length === 0 || rng() >= 0.9) continue;
    const kind = pick(rng, [
      ['reply', 35],
      ['chat', 25],
      ['tag', 20],
      ['attribute', 20],
    ] as const);
    const random = from.getTime() + Math.floor(rng() * span * 0.9);
    const when = (c: SimContact) => Math.max(random, c.since + 1);

    const reply = (c: SimContact) => {
      const at = when(c);
      const messageId = `sim-${tag}-${project.id.slice(-6)}-u${book.seq++}`;
      events.push(messageSenderUser(base(at), { messageId, from: c.phone, name: c.name, text: oneOf(rng, replies)! }));
      if (c.chat) return;
      c.chat = { id: `chat_${tag}_${book.seq++}`, status: 'REQUESTING', firstMessageId: messageId };
      events.push(contactFirstMessageAdded(base(at + 1), c, messageId));
      events.push(contactChatRequesting(base(at + 2), c, c.chat.id));
    };

    if (kind === 'reply') reply(oneOf(rng, known)!);
    else if (kind === 'chat') {
      const open = known.filter((c) => c.chat);
      const c = oneOf(rng, open);
      if (!c) reply(oneOf(rng, known)!);
      else {
        const chat = c.chat!;
        const at = when(c);
        if (chat.status === 'REQUESTING' && rng() < 0.8) {
          chat.status = 'INTERVENED';
          chat.agent = oneOf(rng, agents)!;
          events.push(contactChatIntervened(base(at), c, chat.id, chat.agent));
        } else {
          // The agent who took it closes it, mostly; else it closes on its own.
          const closedBy =
            chat.agent && rng() < 0.85 ? ({ type: 'AGENT', ...chat.agent } as const) : { type: 'SYSTEM' as const };
          c.chat = undefined;
          events.push(contactChatClosed(base(at), c, chat.id, closedBy));
          events.push(contactFirstMessageRemoved(base(at + 1), c, chat.firstMessageId));
        }
      }
    } else if (kind === 'tag') {
      // A tag is taken off a tagged contact now and then; else one more is put on someone.
      const tagged = known.filter((c) => c.tags.length > 0);
      const untag = tagged.length > 0 && rng() < 0.4;
      const c = oneOf(rng, untag ? tagged : known)!;
      const missing = tags.filter((x) => !c.tags.includes(x));
      if (untag || missing.length === 0) {
        const removed = oneOf(rng, c.tags)!;
        c.tags = c.tags.filter((x) => x !== removed);
        events.push(contactTagRemoved(base(when(c)), c, removed));
      } else {
        const added = oneOf(rng, missing)!;
        c.tags = [...c.tags, added];
        events.push(contactTagAdded(base(when(c)), c, added));
      }
    } else {
      const c = oneOf(rng, known)!;
      const key = oneOf(rng, Object.keys(attributeValues))!;
      const oldValue = c.attributes[key] ?? null;
      const newValue = oneOf(
        rng,
        attributeValues[key]!.filter((v) => v !== oldValue),
      )!;
      c.attributes = { ...c.attributes, [key]: newValue };
      events.push(contactAttributeUpdated(base(when(c)), c, { key, oldValue, newValue }));
    }
  }
  return events.sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime());
};
