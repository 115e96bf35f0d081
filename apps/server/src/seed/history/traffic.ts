import type { InboundMessage, MessageEvent } from '@pc/contract';
import { pick, recipientCountries } from '../../modules/charging/traffic.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

type Category = MessageEvent['category'];
/** What a client's WhatsApp traffic is about, which sets its mix of conversation categories. */
export type TrafficProfile = 'retail' | 'clinic' | 'alerts' | 'support' | 'global';

const categoryMix: Record<TrafficProfile, readonly (readonly [Category, number])[]> = {
  retail: [
    ['marketing', 55],
    ['utility', 25],
    ['authentication', 5],
    ['service', 15],
  ],
  clinic: [
    ['utility', 55],
    ['marketing', 12],
    ['authentication', 13],
    ['service', 20],
  ],
  alerts: [
    ['utility', 72],
    ['authentication', 16],
    ['marketing', 4],
    ['service', 8],
  ],
  support: [
    ['service', 70],
    ['utility', 20],
    ['marketing', 10],
  ],
  global: [
    ['marketing', 45],
    ['utility', 30],
    ['authentication', 10],
    ['service', 15],
  ],
};
/** A plausible mobile number of the country (digits only, as the platform sends them). */
const numberOf: Record<string, (d: (n: number) => string) => string> = {
  IN: (d) => `91${'6789'[Number(d(1)) % 4]}${d(9)}`,
  AE: (d) => `9715${'024568'[Number(d(1)) % 6]}${d(7)}`,
  GB: (d) => `447${d(9)}`,
  US: (d) => `1${2 + (Number(d(1)) % 8)}${d(9)}`,
  BR: (d) => `55119${d(8)}`,
  MX: (d) => `521${d(10)}`,
};
/** Hours of the day (India time) people message in, by weight: quiet at night, busiest from late morning. */
const hourWeights = [
  0.15, 0.1, 0.05, 0.05, 0.05, 0.1, 0.3, 0.6, 1, 1.4, 1.7, 1.8, 1.7, 1.6, 1.6, 1.6, 1.7, 1.8, 1.8, 1.6, 1.3, 0.9, 0.6,
  0.3,
];
const IST_OFFSET = 5.5 * HOUR;

const hourPicker = hourWeights.map((w, h) => [h, w] as const);

/**
 * The share of a profile's utility templates that answer a user who wrote in within the last hours
 * (an order update after "where is my order?", a booking confirmed after the chat that asked for
 * it): sent inside the user's customer service window, where Meta keeps them free until October
 * 2026. The rest are sent without one (a reminder, an alert) and are charged.
 */
const utilityInWindow: Record<TrafficProfile, number> = {
  retail: 0.3,
  clinic: 0.4,
  alerts: 0.12,
  support: 0.5,
  global: 0.25,
};
/** How long ago a user may have written for a utility template to answer them: well inside the 24-hour window. */
const ANSWERS_WITHIN = 20 * HOUR;

export type TrafficPlan = {
  projectId: string;
  /** Short and unique: message ids are `demo-{slug}-{n}`, users' messages `demo-{slug}-in-{n}`. */
  slug: string;
  currency: 'INR' | 'USD';
  profile: TrafficProfile;
  /** Conversations a day, on average, once the project is under way. */
  perDay: number;
  /** When its WhatsApp number went live, and when its traffic stopped (stopped, suspended...), if it did. */
  from: number;
  to?: number;
};

/** A project's traffic: statuses of the business's messages, and the users' messages they answer. */
export type ProjectTraffic = { events: MessageEvent[]; inbound: InboundMessage[] };

/**
 * A project's traffic between its go-live (at most `days` ago) and `to` or now: UTC days with
 * fewer conversations at weekends, a slow growth over the period and a ramp-up in the first week;
 * each conversation opens at a business-hours time with a returning or new customer of the
 * project's country mix, and has one to a few messages (more for service chats), each delivered
 * (96%, some of them later read) or failed. Statuses not yet reached at `now` are left out.
 *
 * Users write in too (docs/charging.md, "Users' messages and the customer service window"): a
 * service chat answers a user who wrote minutes before, and who may write again between its
 * replies; a share of utility templates answer a user who wrote within the last hours (one who
 * chatted, else one who just asked), inside the window; the other templates go out without one.
 * Every 25th marketing conversation answers a user who wrote from a click-to-WhatsApp ad minutes
 * before: its messages fall in the free entry point window that reply opens, and are free.
 * The users' side has a random source of its own (`users`), so the business's messages are the
 * same with or without it.
 */
export const projectTraffic = (
  plan: TrafficPlan,
  now: number,
  days: number,
  rng: () => number,
  users: () => number,
): ProjectTraffic => {
  const start = Math.max(plan.from, now - days * DAY);
  const end = Math.min(plan.to ?? now, now);
  const events: MessageEvent[] = [];
  const digits = (n: number) => Array.from({ length: n }, () => Math.floor(rng() * 10)).join('');
  // The project's customers: a pool a few weeks of conversations deep, so many come back.
  const customers = Array.from({ length: Math.max(20, Math.round(plan.perDay * 25)) }, () => {
    const country = pick(rng, recipientCountries[plan.currency]);
    return { country, recipient: numberOf[country]!(digits) };
  });
  const conversations: Conversation[] = [];
  let n = 0;
  for (let day = Math.floor(start / DAY) * DAY; day < end; day += DAY) {
    const weekday = new Date(day).getUTCDay();
    const weekend = weekday === 0 || weekday === 6 ? 0.7 : 1;
    const growth = 0.75 + 0.35 * ((day - (now - days * DAY)) / (days * DAY));
    const ramp = Math.min(1, 0.4 + (0.6 * (day - plan.from)) / (7 * DAY));
    const expected = plan.perDay * weekend * growth * ramp * (0.7 + 0.6 * rng());
    const count = Math.floor(expected + rng());
    for (let c = 0; c < count; c++) {
      const hour = pick(rng, hourPicker);
      const opensAt = day + ((((hour * HOUR - IST_OFFSET) % DAY) + DAY) % DAY) + Math.floor(rng() * HOUR);
      if (opensAt < start || opensAt >= end) continue;
      const category = pick(rng, categoryMix[plan.profile]);
      const customer = rng() < 0.15 ? customers[0]! : customers[Math.floor(rng() * customers.length)]!;
      const conversation: Conversation = { opensAt, category, customer, sends: [], events: [] };
      conversations.push(conversation);
      const messages =
        category === 'service'
          ? 2 + Math.floor(rng() * 6)
          : category === 'utility'
            ? 1 + Math.floor(rng() * 3)
            : category === 'marketing' && rng() < 0.25
              ? 2
              : 1;
      let at = opensAt;
      for (let m = 0; m < messages && at < end; m++) {
        const base = {
          messageId: `demo-${plan.slug}-${String(n++).padStart(6, '0')}`,
          projectId: plan.projectId,
          category,
          initiator: category === 'service' ? ('user' as const) : ('business' as const),
          country: customer.country,
          recipient: customer.recipient,
        };
        const statuses: MessageEvent[] = [{ ...base, status: 'sent', timestamp: new Date(at).toISOString() }];
        const deliveredAt = at + 2000 + Math.floor(rng() * 28000);
        const outcome = rng();
        if (outcome < 0.04) {
          if (deliveredAt < now)
            statuses.push({ ...base, status: 'failed', timestamp: new Date(deliveredAt).toISOString() });
        } else if (deliveredAt < now) {
          statuses.push({ ...base, status: 'delivered', timestamp: new Date(deliveredAt).toISOString() });
          const readAt = deliveredAt + Math.floor(rng() * 90 * 60_000);
          if (rng() < 0.68 && readAt < now)
            statuses.push({ ...base, status: 'read', timestamp: new Date(readAt).toISOString() });
        }
        events.push(...statuses);
        conversation.sends.push(at);
        conversation.events.push(...statuses);
        at += 60_000 + Math.floor(rng() * (category === 'service' ? 20 : 180) * 60_000);
      }
    }
  }
  return { events, inbound: usersWriteIn(plan, start, conversations, users) };
};

/** Every how many marketing conversations one answers a user who came from an ad. */
const ENTRY_POINT_EVERY = 25;

type Customer = { country: string; recipient: string };
type Conversation = {
  opensAt: number;
  category: Category;
  customer: Customer;
  /** When each of its messages was sent, and their statuses (their recipient is the customer's). */
  sends: number[];
  events: MessageEvent[];
};

/**
 * The users' messages of a project's conversations, in time order: before each service chat and
 * often between its replies; before a share of the utility templates, which answer whoever wrote
 * within the last hours (the template's recipient becomes that user), else a user who asked.
 */
const usersWriteIn = (plan: TrafficPlan, start: number, conversations: Conversation[], rng: () => number) => {
  const inbound: InboundMessage[] = [];
  // Who wrote last, and when: the users a utility template may answer inside their window.
  const wrote = new Map<Customer, number>();
  const writes = (customer: Customer, at: number, entryPoint = false) => {
    inbound.push({
      messageId: `demo-${plan.slug}-in-${String(inbound.length).padStart(6, '0')}`,
      projectId: plan.projectId,
      from: customer.recipient,
      country: customer.country,
      timestamp: new Date(at).toISOString(),
      ...(entryPoint ? { entryPoint } : {}),
    });
    wrote.set(customer, Math.max(wrote.get(customer) ?? 0, at));
  };
  let marketing = 0;
  for (const c of [...conversations].sort((a, b) => a.opensAt - b.opensAt)) {
    if (c.category === 'marketing' && ++marketing % ENTRY_POINT_EVERY === 0)
      writes(c.customer, Math.max(start, c.opensAt - 3 * 60_000 - Math.floor(rng() * 30 * 60_000)), true);
    else if (c.category === 'service') {
      writes(c.customer, Math.max(start, c.opensAt - 60_000 - Math.floor(rng() * 9 * 60_000)));
      // In a chat the user often writes again before the next reply.
      for (let m = 1; m < c.sends.length; m++)
        if (rng() < 0.5)
          writes(c.customer, c.sends[m]! - 20_000 - Math.floor(rng() * (c.sends[m]! - c.sends[m - 1]! - 40_000)));
    } else if (c.category === 'utility' && rng() < utilityInWindow[plan.profile]) {
      const recent = [...wrote].filter(([, at]) => at < c.opensAt && at > c.opensAt - ANSWERS_WITHIN);
      if (recent.length === 0)
        writes(c.customer, Math.max(start, c.opensAt - 5 * 60_000 - Math.floor(rng() * 4 * HOUR)));
      else {
        const [customer] = recent[Math.floor(rng() * recent.length)]!;
        for (const e of c.events) Object.assign(e, { recipient: customer.recipient, country: customer.country });
      }
    }
  }
  return inbound;
};
