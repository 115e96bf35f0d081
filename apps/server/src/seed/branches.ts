import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../platform/db/open.js';
import { partners, projects } from '../platform/db/schema.js';

/**
 * The Meta Ads add-on as the seed gives it (here and seed/meta-ads.ts): switched on, its dashboard
 * key made from the project's id. Written as jsonb text rather than with jsonb_build_object: a
 * distributed database refuses a STABLE function of a column in an UPDATE (the ids are hex).
 */
export const metaAdsAddon = sql`${projects.addons} || ('{"META_ADS":{"status":"ACTIVE","dashboardKey":"mads_' || ${projects.id} || '"}}')::jsonb`;

/** A live project whose onboarding progress never reached 9 (the troubleshooting wizard offers the sync). */
const SYNC_PENDING = 'Kite Campaign 02';

/**
 * States the rest of the demo never takes, so that each branch of the spec can be seen
 * (docs/demo.md says where):
 * - Direct Retail's partnership, which costs it nothing, renews today: the renewal-today banner
 *   (no fee, so the renewals job has nothing to charge and the date stays).
 * - Two of Acme's projects with the META_ADS add-on whose Connect Facebook is held back, each for
 *   one of doc 3's reasons: Vertex Labs (an API trial, its number not live yet: 'Get WhatsApp
 *   Business API approved first') and Cedar Dispatch (still on the On-Premises API, v2: 'Upgrade to
 *   new APIs for free to enable this feature').
 * - Kite Campaign 02, live on the Cloud API with the META_ADS add-on, whose onboarding progress was
 *   never synced to 9 ('WhatsApp Business API Pending, Sync Status'): seedDemoBranchesAfterOnboarding.
 * Runs before seed/renewals.ts, which dates the add-ons.
 */
export const seedDemoBranches = async (tx: DbOrTx, o: { now: Date; acmeId: string }) => {
  await tx
    .update(partners)
    .set({ partnershipRenewalOn: o.now.toISOString().slice(0, 10), partnershipFee: 0 })
    .where(and(eq(partners.name, 'Direct Retail'), eq(partners.type, 'DIRECT')));
  await tx
    .update(projects)
    .set({ addons: metaAdsAddon })
    .where(
      and(eq(projects.partnerId, o.acmeId), inArray(projects.name, ['Vertex Labs', 'Cedar Dispatch', SYNC_PENDING])),
    );
  await tx
    .update(projects)
    .set({ providerType: 'v2' })
    .where(and(eq(projects.partnerId, o.acmeId), eq(projects.name, 'Cedar Dispatch')));
};

/**
 * Runs after seed/onboarding.ts, which sets every live project's progress to 9: Kite Campaign 02
 * stays at 8, as a project is when its number was approved but its status never synced.
 */
export const seedDemoBranchesAfterOnboarding = async (tx: DbOrTx, o: { acmeId: string }) => {
  await tx
    .update(projects)
    .set({ wabaProgressStep: 8 })
    .where(and(eq(projects.partnerId, o.acmeId), eq(projects.name, SYNC_PENDING)));
};
