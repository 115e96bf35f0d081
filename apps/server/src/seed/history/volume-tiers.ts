import type { Tx } from '../../platform/db/open.js';
import { providerWccVolumeTiers } from '../../platform/db/schema.js';
import { recordMetaTier } from '../../modules/charging/volume-tiers.js';
import { wordOf } from '../../providers/meta/accounts/words.js';
import { volumeTierUpdate } from '../../providers/meta/accounts/meta-payloads.js';
import { localDateIn } from '../../platform/time/local-date.js';
import { DAY } from '../demo-world.js';
import type { HistoryProject } from './money.js';

/**
 * Meta's volume tiers in the demo. The provider passes on India's utility tiers: the bounds are
 * Meta's (its tier webhook's example, "25000001:50000000"); the two tier prices, 6 % and 12 % under
 * the list price of ₹0.115, are as third parties quote Meta's table (an image on Meta's page that
 * could not be read), to be corrected from Meta's rate card.
 *
 * A client business with 25 million utility messages a month is not in a demo, but one whose
 * portfolio sends through other providers too is (Meta's pricing page, "Volume tiers", Example 4):
 * Meta says, on the 1st of each month of the history, that Metro's portfolio reached the first
 * tier for India utility, so Metro's utility messages to India (Metro Clinics and Metro Reminders,
 * one business) cost the tier's price plus Acme's margin, and its conversation report and margins
 * show it.
 */
export const DEMO_VOLUME_TIERS = [
  { country: 'IN', chargeType: 'uc' as const, fromMessages: 25_000_001, inr: 10810, usd: 132 },
  { country: 'IN', chargeType: 'uc' as const, fromMessages: 50_000_001, inr: 10120, usd: 123 },
];

export const seedVolumeTiers = async (
  tx: Tx,
  o: {
    on: (when: number, run: () => Promise<void>) => void;
    project: HistoryProject;
    timezone: string;
    from: number;
    now: number;
  },
) => {
  await tx.insert(providerWccVolumeTiers).values(DEMO_VOLUME_TIERS).onConflictDoNothing();
  const months = new Set<string>();
  for (let t = o.from; t <= o.now; t += DAY) months.add(localDateIn(new Date(t), o.timezone).slice(0, 7));
  for (const month of months) {
    // 12:00 UTC on the 1st: well inside the month in any zone, before most of its traffic.
    const when = Math.max(o.from, Date.parse(`${month}-01T12:00:00Z`));
    // What Meta's webhook says (its reference payload), as the account events' use case reads it.
    const value = volumeTierUpdate('demo', Math.floor(when / 1000), '25000001:50000000', month).entry[0]!.changes[0]!
      .value;
    const word = wordOf('account_update', value);
    if (word?.kind !== 'volumeTier') throw new Error('The demo tier update is not read as one');
    o.on(when, async () => {
      await recordMetaTier(tx, o.project, word, new Date(when));
    });
  }
};
