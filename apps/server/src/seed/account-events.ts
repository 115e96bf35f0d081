import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../platform/db/open.js';
import { projects } from '../platform/db/schema.js';
import { receiveAccountChange } from '../modules/account-events/receive.js';
import type { AccountField } from '../providers/meta/accounts/words.js';
import { disabledUpdate, nameUpdate, qualityUpdate } from '../providers/meta/accounts/meta-payloads.js';
import { demoClock, type DemoProjects } from './demo-world.js';

/**
 * Meta's account webhooks in the demo, delivered as Meta sends them (its reference payloads)
 * through the use case the webhook route calls, so that the project page, the risk board and the
 * kept events show what a real delivery leaves:
 * - Cedar Dispatch (live, unpaid): Meta disabled its account 6 days ago (the DISABLED card).
 * - Cedar Tracking: Meta flagged its number 13 days ago, its quality fell to low (RED; the platform
 *   suspended it the day after).
 * - Kite Campaign 08: Meta rejected its new display name 2 days ago.
 */
export const seedDemoAccountEvents = async (tx: DbOrTx, o: { now: Date; projects: DemoProjects }) => {
  const { daysAgo } = demoClock(o.now);
  const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
  // The sandbox's account of a demo project is the project's own id (providers/meta/onboarding):
  // the webhooks name it, and the number the project already shows.
  const account = async (name: string, n: number) => {
    const p = o.projects[name];
    if (!p) throw new Error(`The demo has no project named ${name}`);
    const [row] = await tx
      .select({ waba: projects.wabaAppId, number: projects.whatsappNumber })
      .from(projects)
      .where(eq(projects.id, p.id));
    const waba = row?.waba ?? p.id;
    const number = row?.number ?? `91980000${String(n).padStart(4, '0')}`;
    await tx.update(projects).set({ wabaAppId: waba, whatsappNumber: number }).where(eq(projects.id, p.id));
    return { waba, number };
  };
  const deliver = async (payload: {
    entry: { id: string; time: number; changes: { field: string; value: unknown }[] }[];
  }) => {
    for (const entry of payload.entry)
      for (const change of entry.changes)
        await receiveAccountChange(
          { db: tx, now: () => o.now },
          { entryId: entry.id, time: entry.time, field: change.field as AccountField, value: change.value },
        );
  };

  const dispatch = await account('Cedar Dispatch', 1);
  const banned = daysAgo(6);
  await deliver(
    disabledUpdate(
      dispatch.waba,
      seconds(banned),
      'DISABLE',
      banned.toLocaleDateString('en-US', { timeZone: 'UTC', month: 'long', day: 'numeric', year: 'numeric' }),
    ),
  );

  const tracking = await account('Cedar Tracking', 2);
  await tx
    .update(projects)
    .set({ qualityRating: 'GREEN', qualityRatingChangedAt: daysAgo(70) })
    .where(eq(projects.id, o.projects['Cedar Tracking']!.id));
  await deliver(
    qualityUpdate(tracking.waba, seconds(daysAgo(13)), tracking.number, 'FLAGGED', { current_limit: 'TIER_1K' }),
  );

  const kite = await account('Kite Campaign 08', 3);
  await deliver(
    nameUpdate(
      kite.waba,
      seconds(daysAgo(2)),
      kite.number,
      'REJECTED',
      'Kite Deals Official',
      'NAME_FORMAT_UNACCEPTABLE',
    ),
  );
};
