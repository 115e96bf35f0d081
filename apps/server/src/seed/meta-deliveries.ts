import type { Db, Tx } from '../platform/db/open.js';
import { ingestMessageEvents } from '../modules/charging/ingest.js';
import { keepUnplaced } from '../modules/project-api/unplaced.js';
import { demoClock, type DemoProjects } from './demo-world.js';

/**
 * What Meta said that no project could be charged for, for the super-admin's Meta Deliveries page:
 * - the delivered and read statuses of a message Metro's number sent from another tool on the same
 *   account (no callback data of the console's, no message of that id): kept, not ours;
 * - a message Zen Yoga sent that Meta priced in a category the console does not know yet
 *   (`business_agent`: Meta called its Business Agent's webhook values "forthcoming"): kept FREE
 *   and flagged, through charging as any status.
 */
export const seedDemoMetaDeliveries = async (tx: Tx, o: { now: Date; projects: DemoProjects }) => {
  const { daysAgo } = demoClock(o.now);
  const db = tx as unknown as Db;
  const at = (days: number, minutes: number) => new Date(daysAgo(days).getTime() + minutes * 60_000).toISOString();
  const other = 'wamid.HBgMOTE5ODAwMDAwMDQyFQIAERgSOTdBRkY0QzA1QjYxRDNGMjRBAA==';
  await keepUnplaced(
    db,
    (['delivered', 'read'] as const).map((status, i) => ({
      messageId: other,
      status,
      timestamp: at(2, i * 7),
      recipient: '919800000042',
      callbackData: '',
    })),
    'not_ours',
  );
  const zen = o.projects['Zen Yoga'];
  if (!zen) throw new Error('The demo has no project named Zen Yoga');
  await ingestMessageEvents(db, [
    {
      messageId: 'wamid.HBgMOTE5ODAwMDAwMDQzFQIAERgSQjE2QzYxRjA1QTcwRUQ1MkQ3AA==',
      projectId: zen.id,
      status: 'sent',
      category: 'service',
      initiator: 'user',
      country: 'IN',
      recipient: '919800000043',
      timestamp: at(1, 0),
      pricing: { billable: true, pricing_model: 'PMP', type: 'regular', category: 'business_agent' },
    },
  ]);
};
