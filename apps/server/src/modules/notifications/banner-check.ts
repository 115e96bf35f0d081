import { asc, gt } from 'drizzle-orm';
import { bannersFor } from '@pc/contract';
import type { Deps } from '../../deps.js';
import { partners } from '../../platform/db/schema.js';
import { getPartnerProfile } from '../partners/partner.js';
import { notify } from './notify.js';

export const BANNER_CHECK_JOB = 'notifications.banner-check';
const PAGE = 200;

/**
 * The banners that come from a state rather than an event (partnership renewal due, low central
 * balance: contract banners.ts) told once each: the renewal once per renewal date and banner, the
 * low balance once a day while it lasts. The banner's own text is the notification's.
 */
export const checkPartnerBanners = async (deps: Pick<Deps, 'db'>, partnerId: string, now: Date) => {
  const profile = await getPartnerProfile(deps.db, partnerId);
  let told = 0;
  for (const banner of bannersFor(profile, now)) {
    if (banner.kind === 'renewalSoon' || banner.kind === 'renewalToday') {
      const id = await notify(deps.db, {
        partnerId,
        kind: 'RENEWAL_DUE',
        title: banner.kind === 'renewalSoon' ? 'Your partnership renews soon' : 'Your partnership renewal is due',
        body: banner.text,
        link: '/wallet',
        dedupeKey: `renewal-due:${profile.partnershipRenewalOn}:${banner.kind}`,
        at: now,
      });
      if (id) told += 1;
    }
    if (banner.kind === 'lowBalance' || banner.kind === 'suspended') {
      const id = await notify(deps.db, {
        partnerId,
        kind: 'LOW_BALANCE',
        title: banner.kind === 'suspended' ? 'Your services are suspended' : 'Your central balance is low',
        body: banner.text,
        link: '/wallet',
        dedupeKey: `low-balance:${now.toISOString().slice(0, 10)}`,
        at: now,
      });
      if (id) told += 1;
    }
  }
  return told;
};

/** Every partner, a page at a time; one failing does not stop the others (the first error is thrown at the end). */
export const checkAllBanners = async (deps: Pick<Deps, 'db' | 'now'>) => {
  const now = deps.now();
  let failure: unknown = null;
  for (let last = ''; ;) {
    const page = await deps.db
      .select({ id: partners.id })
      .from(partners)
      .where(last ? gt(partners.id, last) : undefined)
      .orderBy(asc(partners.id))
      .limit(PAGE);
    for (const p of page)
      await checkPartnerBanners(deps, p.id, now).catch((error: unknown) => {
        failure ??= error;
      });
    if (page.length < PAGE) break;
    last = page.at(-1)!.id;
  }
  if (failure) throw failure;
};
