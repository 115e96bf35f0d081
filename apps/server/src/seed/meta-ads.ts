import { and, eq, inArray } from 'drizzle-orm';
import { adsLoginScopes } from '@pc/contract';
import type { DbOrTx } from '../platform/db/open.js';
import { projectMetaAds, projects, sandboxMetaAdsState } from '../platform/db/schema.js';
import { worldOf } from '../providers/meta/ads/world.js';
import {
  DEFAULT_USER_NAME,
  sandboxUserIdOf,
  type SandboxFacebookLogin,
} from '../providers/meta/facebook/sandbox-login.js';
import { claimAdAccount } from '../modules/meta-ads/queries.js';
import { metaAdsAddon } from './branches.js';

/** What the seed needs to connect a project as the sandbox's Facebook user would (sandbox only). */
export type SeedFacebook = { login: SandboxFacebookLogin; seal: (token: string) => string };

const HOUR = 3_600_000;
/** Acme's projects with the META_ADS add-on (the Meta Ad tab and the Meta Ads area). */
const withAds = ['Sunrise Bakery', 'Metro Clinics', 'Metro Reminders', 'Pixel Foods', 'Zen Yoga'];

/**
 * The Meta Ads demo (docs/demo-data.md): five of Acme's live projects have the add-on; with the
 * sandbox, Metro Clinics is connected by the owner as the sandbox's 'Demo User' (ad account and
 * page chosen and frozen, the number linked; its ads are read and their spend debited by the sync at
 * start), Metro Reminders has a page but no number linked, Pixel Foods has Facebook only; Sunrise
 * Bakery and Zen Yoga are not connected (the browser tests connect Sunrise Bakery and put it back).
 */
export const seedDemoMetaAds = async (
  tx: DbOrTx,
  o: { now: Date; acmeId: string; ownerId: string; facebook?: SeedFacebook },
) => {
  const rows = await tx
    .update(projects)
    .set({
      addons: metaAdsAddon,
    })
    .where(and(eq(projects.partnerId, o.acmeId), inArray(projects.name, withAds)))
    .returning({ id: projects.id, name: projects.name, whatsappNumber: projects.whatsappNumber });
  if (!o.facebook) return;
  const byName = new Map(rows.map((r) => [r.name, r]));
  const userName = DEFAULT_USER_NAME;
  const userId = sandboxUserIdOf(userName);
  // The sandbox places the user's world in time from when it first saw them: now.
  await tx
    .insert(sandboxMetaAdsState)
    .values({ id: `user:${userId}`, state: { firstSeenAt: o.now.getTime() } })
    .onConflictDoNothing();
  const world = worldOf({ userId, userName }, o.now.getTime());
  const account = world.adAccounts.find((a) => a.business && a.assigned && a.ads.length > 0) ?? world.adAccounts[0]!;
  const page = world.pages.find((p) => p.business) ?? world.pages[0];
  const otherPage = world.pages.find((p) => p !== page) ?? page;
  const token = o.facebook.seal(await o.facebook.login.issue({ scopes: [...adsLoginScopes], userName }));
  const connected = (hoursAgo: number) => ({
    partnerId: o.acmeId,
    fbUserId: userId,
    fbUserName: userName,
    fbGrantedScopes: [...adsLoginScopes],
    fbConnectedBy: o.ownerId,
    fbTokenSealed: token,
    fbConnectedAt: new Date(o.now.getTime() - hoursAgo * HOUR),
    updatedAt: o.now,
  });
  const clinics = byName.get('Metro Clinics');
  if (clinics && page) {
    const number = clinics.whatsappNumber ?? '919800000100';
    await tx.insert(projectMetaAds).values({
      projectId: clinics.id,
      ...connected(6),
      selectedAdAccountId: account.accountId,
      selectedAdAccountName: account.accountName,
      selectedPageId: page.pageId,
      selectedPageName: page.pageName,
      freezedAdAccountId: account.accountId,
      freezedPageId: page.pageId,
      otpState: 'VERIFIED',
      linkedWhatsappNumber: number,
      linkedAt: new Date(o.now.getTime() - 5 * HOUR),
      minDailyBudgetLimit: 500 * 100000,
      totalAssignedBudget: 20000 * 100000,
    });
    if (!(await claimAdAccount(tx, { id: clinics.id, partnerId: o.acmeId }, account.accountId)))
      throw new Error(`The demo's ad account ${account.accountId} is claimed twice`);
    // Meta's side of the link: the page shows the number.
    await tx
      .insert(sandboxMetaAdsState)
      .values({ id: `page:${page.pageId}`, state: { whatsappNumber: number } })
      .onConflictDoNothing();
    await tx
      .update(projects)
      .set({ adSetupDetails: { isSetupCompleted: true } })
      .where(eq(projects.id, clinics.id));
  }
  const reminders = byName.get('Metro Reminders');
  if (reminders && otherPage) {
    await tx.insert(projectMetaAds).values({
      projectId: reminders.id,
      ...connected(30),
      // No ad account: Metro Clinics runs the Demo User's (one project an account).
      selectedPageId: otherPage.pageId,
      selectedPageName: otherPage.pageName,
    });
    await tx
      .update(projects)
      .set({ adSetupDetails: { isSetupCompleted: false } })
      .where(eq(projects.id, reminders.id));
  }
  const pixel = byName.get('Pixel Foods');
  if (pixel) {
    await tx.insert(projectMetaAds).values({ projectId: pixel.id, ...connected(50) });
    await tx
      .update(projects)
      .set({ adSetupDetails: { isSetupCompleted: false } })
      .where(eq(projects.id, pixel.id));
  }
};
