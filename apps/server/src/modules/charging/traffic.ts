import type { MessageEvent } from '@pc/contract';

/** A project the simulator sends traffic for. */
export type TrafficProject = { id: string; currency: 'INR' | 'USD' };

/** A small deterministic random source (mulberry32), so a seed replays the same traffic. */
export const randomSource = (seed: number) => {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

/** One of the weighted items. */
export const pick = <T>(rng: () => number, items: readonly (readonly [T, number])[]): T => {
  let r = rng() * items.reduce((s, [, w]) => s + w, 0);
  for (const [item, w] of items) if ((r -= w) < 0) return item;
  return items[items.length - 1]![0];
};

const categories = [
  ['marketing', 45],
  ['utility', 30],
  ['authentication', 10],
  ['service', 15],
] as const;
/** Where a project's recipients are, by its currency, with weights (the simulator's and the demo history's). */
export const recipientCountries = {
  INR: [
    ['IN', 85],
    ['AE', 6],
    ['GB', 4],
    ['US', 5],
  ],
  USD: [
    ['US', 50],
    ['BR', 20],
    ['MX', 15],
    ['IN', 15],
  ],
} as const;

/**
 * Realistic-looking events for some projects over [from, to): per project `perProject` messages
 * sent to a pool of recipients (so many join an open conversation), each later delivered (95%),
 * read (70% of those) or failed (the rest). Statuses stay within the window.
 */
export const makeTraffic = (
  projects: TrafficProject[],
  from: Date,
  to: Date,
  perProject: number,
  rng: () => number,
  tag: string,
): MessageEvent[] => {
  const events: MessageEvent[] = [];
  const span = Math.max(1, to.getTime() - from.getTime());
  let n = 0;
  for (const project of projects) {
    for (let i = 0; i < perProject; i++) {
      const category = pick(rng, categories);
      const country = pick(rng, recipientCountries[project.currency]);
      const sentAt = from.getTime() + Math.floor(rng() * span * 0.9);
      const messageId = `sim-${tag}-${project.id.slice(-6)}-${n++}`;
      const base = {
        messageId,
        projectId: project.id,
        category,
        initiator: category === 'service' ? ('user' as const) : ('business' as const),
        country,
        recipient: `${country}-${Math.floor(rng() * 40)}`,
      };
      events.push({ ...base, status: 'sent', timestamp: new Date(sentAt).toISOString() });
      const later = (k: number) =>
        new Date(Math.min(to.getTime() - 1, sentAt + k * (1000 + Math.floor(rng() * 20000)))).toISOString();
      if (rng() < 0.95) {
        events.push({ ...base, status: 'delivered', timestamp: later(1) });
        if (rng() < 0.7) events.push({ ...base, status: 'read', timestamp: later(2) });
      } else {
        events.push({ ...base, status: 'failed', timestamp: later(1) });
      }
    }
  }
  return events;
};
