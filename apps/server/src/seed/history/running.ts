import type { TrafficProfile } from './traffic.js';

/** A live project's history: traffic while it ran, and its WCC credit kept topped up by its partner. */
export type Running = {
  project: string;
  slug: string;
  profile: TrafficProfile;
  perDay: number;
  /** Days ago its number went live, and its traffic stopped (and the periods it was stopped between). */
  since: number;
  until?: number;
  pause?: [from: number, to: number];
  wcc?: { below: number; add: number };
};

/**
 * The demo's traffic, by partner: every live project of the demo's partners but Kite Campaign 02,
 * which the browser tests keep quiet (e2e/specs/analytics.spec.ts posts exact traffic to it and
 * reads it back).
 */
export const running: Record<'acme' | 'direct' | 'ads', Running[]> = {
  acme: [
    {
      project: 'Sunrise Bakery',
      slug: 'sunrise',
      profile: 'retail',
      perDay: 7,
      since: 110,
      wcc: { below: 200, add: 1000 },
    },
    {
      project: 'Metro Clinics',
      slug: 'metro',
      profile: 'clinic',
      perDay: 6,
      since: 80,
      wcc: { below: 300, add: 1500 },
    },
    {
      project: 'Metro Reminders',
      slug: 'reminders',
      profile: 'alerts',
      perDay: 5,
      since: 40,
      wcc: { below: 150, add: 500 },
    },
    {
      project: 'Pixel Foods',
      slug: 'pixel',
      profile: 'retail',
      perDay: 3,
      since: 190,
      until: 10,
      wcc: { below: 100, add: 500 },
    },
    { project: 'Zen Yoga', slug: 'zen', profile: 'support', perDay: 3, since: 55 },
    { project: 'Kite Campaign 04', slug: 'kite04', profile: 'retail', perDay: 2, since: 56 },
    {
      project: 'Kite Campaign 06',
      slug: 'kite06',
      profile: 'retail',
      perDay: 3,
      since: 54,
      wcc: { below: 100, add: 500 },
    },
    { project: 'Kite Campaign 08', slug: 'kite08', profile: 'retail', perDay: 2, since: 52 },
    { project: 'Cedar Dispatch', slug: 'cedar-dispatch', profile: 'alerts', perDay: 3, since: 85, until: 5 },
    {
      project: 'Cedar Tracking',
      slug: 'cedar-tracking',
      profile: 'alerts',
      perDay: 2,
      since: 70,
      until: 12,
      pause: [52, 47],
      wcc: { below: 100, add: 500 },
    },
  ],
  direct: [{ project: 'Corner Store', slug: 'corner', profile: 'retail', perDay: 4, since: 45 }],
  ads: [
    {
      project: 'Northwind Outfitters',
      slug: 'northwind',
      profile: 'global',
      perDay: 3,
      since: 118,
      wcc: { below: 5, add: 25 },
    },
    {
      project: 'Brightside Apparel',
      slug: 'brightside',
      profile: 'global',
      perDay: 3,
      since: 20,
      wcc: { below: 5, add: 20 },
    },
  ],
};
