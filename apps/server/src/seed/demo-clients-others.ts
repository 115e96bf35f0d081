import type { DbOrTx } from '../platform/db/open.js';
import { makeBusiness, makeProject } from './businesses.js';
import { makePlanFamily, makeWccFamily } from './catalogue.js';
import { demoClock, liveSince, type DemoPartners } from './demo-world.js';
import type { Keep } from './project-book.js';

/**
 * The other partners' clients: Direct Retail's two, AdsWorks' two (USD) and the referral
 * partner's one. Direct's and AdsWorks' live projects have a WCC family, so their traffic is
 * charged (without one a conversation is UNBILLED).
 */
export const seedOtherClients = async (tx: DbOrTx, p: DemoPartners & { keep: Keep }) => {
  const { daysAgo } = demoClock(p.now);
  const live = liveSince(p.now);
  const { keep } = p;

  const directWcc = await makeWccFamily(tx, p.directId, 'Direct WCC India');
  const direct = await makeBusiness(tx, {
    partnerId: p.directId,
    displayName: 'Corner Store',
    company: 'Corner Store Co',
    createdAt: daysAgo(50),
  });
  await keep(
    makeProject(tx, {
      partnerId: p.directId,
      businessId: direct.id,
      name: 'Corner Store',
      wccPlanId: directWcc.id,
      ...live(45, 'BASIC_MONTHLY'),
      createdAt: daysAgo(50),
    }),
    direct,
  );
  const direct2 = await makeBusiness(tx, {
    partnerId: p.directId,
    displayName: 'Bloom Florist',
    company: 'Bloom Florist',
    createdAt: daysAgo(5),
  });
  await makeProject(tx, {
    partnerId: p.directId,
    businessId: direct2.id,
    name: 'Bloom Florist',
    createdAt: daysAgo(5),
  });

  const adsFamily = await makePlanFamily(tx, p.adsId, 'AdsWorks Plans');
  const adsWcc = await makeWccFamily(tx, p.adsId, 'AdsWorks WCC Global');
  const ads = await makeBusiness(tx, {
    partnerId: p.adsId,
    displayName: 'Brightside Apparel',
    company: 'Brightside',
    currency: 'USD',
    countryCode: '+1',
    createdAt: daysAgo(25),
  });
  await keep(
    makeProject(tx, {
      partnerId: p.adsId,
      businessId: ads.id,
      name: 'Brightside Apparel',
      currency: 'USD',
      familyId: adsFamily.id,
      wccPlanId: adsWcc.id,
      ...live(20, 'BASIC_MONTHLY'),
      createdAt: daysAgo(25),
    }),
    ads,
  );
  // AdsWorks' oldest client, live for four months: its 90 days of traffic.
  const northwind = await makeBusiness(tx, {
    partnerId: p.adsId,
    displayName: 'Northwind Outfitters',
    company: 'Northwind Outdoor Inc',
    industry: 'Shopping and Retail',
    currency: 'USD',
    countryCode: '+1',
    contact: '14155550118',
    createdAt: daysAgo(130),
  });
  await keep(
    makeProject(tx, {
      partnerId: p.adsId,
      businessId: northwind.id,
      name: 'Northwind Outfitters',
      currency: 'USD',
      familyId: adsFamily.id,
      wccPlanId: adsWcc.id,
      ...live(118, 'BASIC_MONTHLY'),
      whatsappNumber: '14155550118',
      createdAt: daysAgo(130),
    }),
    northwind,
  );

  const referred = await makeBusiness(tx, {
    partnerId: p.referralId,
    displayName: 'Lotus Tutors',
    company: 'Lotus Education',
    industry: 'Education',
    referralAgentId: p.referralAgentId,
    createdAt: daysAgo(15),
  });
  await makeProject(tx, {
    partnerId: p.referralId,
    businessId: referred.id,
    name: 'Lotus Tutors',
    createdAt: daysAgo(15),
  });

  return { adsFamily };
};
