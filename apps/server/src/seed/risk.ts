import { and, eq } from 'drizzle-orm';
import type { InboundMessage, MessageEvent } from '@pc/contract';
import type { Db, DbOrTx } from '../platform/db/open.js';
import { projectOnboarding, projects } from '../platform/db/schema.js';
import { ingestMessageEvents, ingestMessages } from '../modules/charging/ingest.js';
import { randomSource } from '../modules/charging/traffic.js';
import { demoClock, type DemoProjects } from './demo-world.js';

const HOUR = 3_600_000;

/**
 * What the risk board (docs/risk-board.md) finds in the demo besides what the rest of the seed
 * already gives it (Sunrise Bakery's paused, rejected and re-categorised templates, Metro Clinics'
 * rejected one and both Metro projects on the lowest messaging tier, Cedar Tracking's RED rating,
 * Orchid Salon and Vertex Labs never onboarded, and Kite Campaign 06's credit, which the history
 * leaves at a couple of days of its spend): projects no browser spec changes.
 *
 * - Zen Yoga, the support desk: its number was flagged (quality Medium, then Low 3 days ago) and a
 *   fifth of its replies of the last 4 days failed. The replies are service conversations, free,
 *   so no balance moves: they go through the charging use case like any traffic.
 * - Kite Campaign 04: its quality fell from HIGH to MEDIUM 5 days ago.
 * - Kite Campaign 08: Meta's last health check of its number said LIMITED.
 * - Kite Campaign 03: its onboarding (a migrated number not shared) has not moved for 4 days.
 */
export const seedDemoRisk = async (tx: DbOrTx, o: { now: Date; acmeId: string; projects: DemoProjects }) => {
  const { daysAgo } = demoClock(o.now);
  const project = (name: string) => {
    const p = o.projects[name];
    if (!p) throw new Error(`The demo has no project named ${name}`);
    return p;
  };
  const rate = async (name: string, steps: [rating: string, at: Date][]) => {
    // Each write keeps the rating before it (the trigger of migration 0026); the instant is the demo's.
    for (const [qualityRating, at] of steps)
      await tx
        .update(projects)
        .set({ qualityRating, qualityRatingChangedAt: at })
        .where(eq(projects.id, project(name).id));
  };
  await rate('Zen Yoga', [
    ['Medium', daysAgo(12)],
    ['Low', daysAgo(3)],
  ]);
  await rate('Kite Campaign 04', [['Medium', daysAgo(5)]]);

  const kite08 = project('Kite Campaign 08');
  const checkedAt = new Date(o.now.getTime() - 6 * HOUR).toISOString();
  await tx.insert(projectOnboarding).values({
    projectId: kite08.id,
    partnerId: kite08.partnerId,
    numberHealth: {
      canSendMessage: 'LIMITED',
      entities: [
        {
          type: 'PHONE_NUMBER',
          id: kite08.id,
          canSendMessage: 'LIMITED',
          errors: [
            {
              code: 141006,
              description: 'The number has reached its messaging limit for business-initiated conversations.',
              solution: 'Wait for the limit to reset, or raise it by verifying the business.',
            },
          ],
        },
      ],
      checkedAt,
    },
    updatedAt: new Date(checkedAt),
  });

  const stalledSince = daysAgo(4);
  await tx
    .update(projectOnboarding)
    .set({ updatedAt: stalledSince, errorAt: stalledSince })
    .where(
      and(eq(projectOnboarding.partnerId, o.acmeId), eq(projectOnboarding.projectId, project('Kite Campaign 03').id)),
    );

  await ingestMessages(tx as unknown as Db, failingReplies(project('Zen Yoga').id, o.now), { replayed: true });
  // Sent (and charged) in one delivery, failed in a later one: refunded.
  for (const status of refundedOffer(project('Sunrise Bakery').id, o.now))
    await ingestMessageEvents(tx as unknown as Db, [status], { replayed: true });
};

/**
 * About 45 replies a day over the last 4 days, each to a customer who wrote in a few minutes before
 * (their message opens the customer service window the reply is sent in), a fifth of them failed.
 */
const failingReplies = (projectId: string, now: Date): { events: MessageEvent[]; inbound: InboundMessage[] } => {
  const rng = randomSource(1704);
  const events: MessageEvent[] = [];
  const inbound: InboundMessage[] = [];
  for (let n = 0; n < 180; n++) {
    const at = now.getTime() - 4 * 24 * HOUR + Math.floor((n / 180) * 4 * 24 * HOUR) + Math.floor(rng() * HOUR);
    if (at >= now.getTime() - 10 * 60_000) break;
    const base = {
      messageId: `demo-zen-reply-${String(n).padStart(4, '0')}`,
      projectId,
      category: 'service' as const,
      initiator: 'user' as const,
      country: 'IN',
      recipient: `9197${String(10_000_000 + Math.floor(rng() * 89_999_999))}`,
    };
    inbound.push({
      messageId: `demo-zen-asks-${String(n).padStart(4, '0')}`,
      projectId,
      from: base.recipient,
      country: base.country,
      timestamp: new Date(at - (2 + (n % 7)) * 60_000).toISOString(),
    });
    events.push({ ...base, status: 'sent', timestamp: new Date(at).toISOString() });
    const outcome = at + 3000 + Math.floor(rng() * 20_000);
    events.push({
      ...base,
      status: rng() < 0.2 ? 'failed' : 'delivered',
      timestamp: new Date(outcome).toISOString(),
    });
  }
  return { events, inbound };
};

/** A marketing offer charged when sent, then undelivered (Meta's 131026): refunded, as Meta charges only delivered messages. */
const refundedOffer = (projectId: string, now: Date): MessageEvent[] => {
  const base = {
    messageId: 'demo-sunrise-offer-undelivered',
    projectId,
    category: 'marketing' as const,
    initiator: 'business' as const,
    country: 'IN',
    recipient: '919700131026',
  };
  // After the history's last moves (5 minutes before now), so the ledger stays in time order.
  const sentAt = now.getTime() - 4 * 60_000;
  return [
    { ...base, status: 'sent', timestamp: new Date(sentAt).toISOString() },
    { ...base, status: 'failed', timestamp: new Date(sentAt + 40_000).toISOString() },
  ];
};
