import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../platform/db/open.js';
import { projects } from '../platform/db/schema.js';
import type { SecretBox } from '../modules/webhooks/secret.js';
import { demoClock } from './demo-world.js';

type StaffFields = Partial<
  Pick<
    typeof projects.$inferInsert,
    'appName' | 'macQuota' | 'macUsage' | 'processedAt' | 'dailyTemplateLimit' | 'disabledOn' | 'apiKey360Sealed'
  >
>;

/**
 * What platform staff set on the demo's projects (the super-admin project list and screen, doc 2
 * section 2.2): app names, the provider's API keys (sealed; only when the server's box is given),
 * monthly conversation quotas and this month's usage, the 'processed' marker on the projects staff
 * have handled, and the disabled date of the projects the platform or the partner disabled.
 */
export const seedSuperadminProjects = async (tx: DbOrTx, opts: { now: Date; apiKeys?: Pick<SecretBox, 'seal'> }) => {
  const { daysAgo } = demoClock(opts.now);
  // Demo keys, not real ones: 32 hex characters like the provider's.
  const key = (seed: string) => (opts.apiKeys ? { apiKey360Sealed: opts.apiKeys.seal(`${seed}${seed}`) } : {});
  const byName: Record<string, StaffFields> = {
    'Sunrise Bakery': {
      appName: 'Sunrise Bakery Orders',
      macQuota: 1000,
      macUsage: 412,
      dailyTemplateLimit: 1000,
      processedAt: daysAgo(105),
      ...key('5e7a1c0ffee0b4ce'),
    },
    'Metro Clinics': {
      appName: 'Metro Clinics Care',
      macQuota: 2000,
      macUsage: 1875,
      dailyTemplateLimit: 250,
      processedAt: daysAgo(75),
      ...key('3e7c0c11a1c5d00d'),
    },
    'Metro Reminders': { appName: 'Metro Reminders', macQuota: 1000, macUsage: 96 },
    'Kite Campaign 02': { macQuota: 250, macUsage: 31 },
    'Kite Campaign 04': { macQuota: 250, macUsage: 250, processedAt: daysAgo(50) },
    'Kite Campaign 06': { appName: 'Kite Flows', macQuota: 500, macUsage: 77, ...key('6ca7e0f1005a11ed') },
    'Kite Campaign 08': { macQuota: 250, macUsage: 0 },
    'Corner Store': {
      appName: 'Corner Store',
      macQuota: 500,
      macUsage: 120,
      processedAt: daysAgo(40),
      ...key('c0e2e25707e0ab1e'),
    },
    'Northwind Outfitters': { appName: 'Northwind Outdoor', macQuota: 1000, macUsage: 640, ...key('e0a1f0ee2bad5eed') },
    'Brightside Apparel': { macQuota: 250, macUsage: 18 },
    // Disabled: by the platform (unpaid, suspended, terminated) or by the partner's Stop Billing.
    'Cedar Dispatch': { macQuota: 1000, macUsage: 0, disabledOn: daysAgo(5) },
    'Cedar Tracking': { macQuota: 250, macUsage: 0, disabledOn: daysAgo(12) },
    'Cedar Customs': { disabledOn: daysAgo(21) },
    'Pixel Foods': { disabledOn: daysAgo(10), processedAt: daysAgo(9) },
  };
  const named = await tx
    .select({ id: projects.id, name: projects.name })
    .from(projects)
    .where(inArray(projects.name, Object.keys(byName)));
  for (const p of named)
    await tx
      .update(projects)
      .set(byName[p.name]!)
      .where(and(eq(projects.id, p.id), eq(projects.name, p.name)));
};
