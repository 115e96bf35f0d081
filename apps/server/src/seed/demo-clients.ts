import { ARCHIVE_MARKER } from '@pc/contract';
import { eq, sql } from 'drizzle-orm';
import { partners } from '../platform/db/schema.js';
import type { DbOrTx } from '../platform/db/open.js';
import { makeBusiness, makeProject } from './businesses.js';
import { makePaymentPlan, makePlanFamily, makeWccFamily } from './catalogue.js';

const INR = 100000;
const daysAgo = (n: number) => new Date(Date.now() - n * 86400000);
const daysAhead = (n: number) => new Date(Date.now() + n * 86400000);

type DemoPartners = { acmeId: string; directId: string; adsId: string; referralId: string; referralAgentId: string };

/**
 * The demo's clients: Acme has businesses and projects in every state the projects list tells
 * apart (live, draft, trial, API trial, monthly, yearly, stopped, deleted, scheduled, KYC steps),
 * so every tab and count shows something.
 */
export const seedDemoClients = async (tx: DbOrTx, p: DemoPartners) => {
  const family = await makePlanFamily(tx, p.acmeId, 'Acme Standard');
  await makePlanFamily(tx, p.acmeId, 'Acme Premium');
  const wcc = await makeWccFamily(tx, p.acmeId, 'Acme WCC India');
  const pay = await makePaymentPlan(tx, p.acmeId, 'Acme Pay Standard');
  const plans = { familyId: family.id, wccPlanId: wcc.id, paymentPlanId: pay.id };
  // Project add-ons Acme offers (Addons Management tab), beside its WHATSAPP_PAY.
  const acmeAddons = {
    FLOW_BUILDER: { name: 'FLOW_BUILDER', status: 'ACTIVE', price: { INR: 499 * INR, USD: 6 * INR } },
    WEBHOOKS: { name: 'WEBHOOKS', status: 'ACTIVE', price: { INR: 299 * INR, USD: 4 * INR } },
  };
  await tx
    .update(partners)
    .set({ addons: sql`${partners.addons} || ${JSON.stringify(acmeAddons)}::jsonb` })
    .where(eq(partners.id, p.acmeId));
  const live = (days: number, plan: string) => ({
    isWhatsappVerified: true,
    activePlan: plan,
    planActivatedOn: daysAgo(days),
    planRenewalOn: daysAhead(plan.endsWith('YEARLY') ? 365 - days : 30 - (days % 30)),
    firstPaidPlanStartedOn: daysAgo(days),
    channelActivatedOn: daysAgo(days),
    whatsappNumber: `9198${String(days).padStart(8, '0')}`,
    messagingLimit: 'TIER_1K',
    qualityRating: 'GREEN',
    fbManagerVerified: true,
    displayNameStatus: 'APPROVED',
  });

  const sunrise = await makeBusiness(tx, {
    partnerId: p.acmeId,
    displayName: 'Sunrise Bakery',
    company: 'Sunrise Foods Pvt Ltd',
    industry: 'Food and Grocery',
    website: 'https://sunrise.example',
    password: 'Client@123',
    createdAt: daysAgo(120),
  });
  await makeProject(tx, {
    partnerId: p.acmeId,
    businessId: sunrise.id,
    name: 'Sunrise Bakery',
    ...plans,
    ...live(110, 'BASIC_MONTHLY'),
    openingCredit: 1500 * INR,
    createdAt: daysAgo(120),
    bvbpProcess: 3,
  });
  await makeProject(tx, {
    partnerId: p.acmeId,
    businessId: sunrise.id,
    name: 'Sunrise Orders',
    ...plans,
    createdAt: daysAgo(20),
  });

  const metro = await makeBusiness(tx, {
    partnerId: p.acmeId,
    displayName: 'Metro Clinics',
    company: 'Metro Health LLP',
    industry: 'Medical and Health',
    companySize: '50 - 200',
    createdAt: daysAgo(90),
  });
  await makeProject(tx, {
    partnerId: p.acmeId,
    businessId: metro.id,
    name: 'Metro Clinics',
    ...plans,
    ...live(80, 'PRO_YEARLY'),
    openingCredit: 4200 * INR,
    createdAt: daysAgo(90),
    messagingLimit: 'TIER_250',
    bvbpProcess: 1,
  });
  await makeProject(tx, {
    partnerId: p.acmeId,
    businessId: metro.id,
    name: 'Metro Reminders',
    ...plans,
    ...live(40, 'PRO_MONTHLY'),
    openingCredit: 800 * INR,
    createdAt: daysAgo(45),
    messagingLimit: 'TIER_250',
    kycRemark: 'GST certificate was unreadable',
  });

  const nimbus = await makeBusiness(tx, {
    partnerId: p.acmeId,
    displayName: 'Nimbus Travel',
    company: 'Nimbus Holidays',
    industry: 'Travel and Transportation',
    createdAt: daysAgo(30),
  });
  await makeProject(tx, {
    partnerId: p.acmeId,
    businessId: nimbus.id,
    name: 'Nimbus Travel',
    ...plans,
    createdAt: daysAgo(30),
  });

  const orchid = await makeBusiness(tx, {
    partnerId: p.acmeId,
    displayName: 'Orchid Salon',
    company: 'Orchid Beauty',
    industry: 'Beauty Spa and Salon',
    createdAt: daysAgo(12),
  });
  await makeProject(tx, {
    partnerId: p.acmeId,
    businessId: orchid.id,
    name: 'Orchid Salon',
    ...plans,
    isTrial: true,
    activePlan: 'TRIAL',
    openingCredit: 100 * INR,
    createdAt: daysAgo(12),
  });

  const vertex = await makeBusiness(tx, {
    partnerId: p.acmeId,
    displayName: 'Vertex Labs',
    company: 'Vertex Software',
    industry: 'Professional Services',
    createdAt: daysAgo(8),
  });
  await makeProject(tx, {
    partnerId: p.acmeId,
    businessId: vertex.id,
    name: 'Vertex Labs',
    ...plans,
    isApiTrial: true,
    activePlan: 'TRIAL',
    createdAt: daysAgo(8),
  });

  const pixel = await makeBusiness(tx, {
    partnerId: p.acmeId,
    displayName: 'Pixel Foods',
    company: 'Pixel Kitchens',
    industry: 'Restaurant',
    createdAt: daysAgo(200),
  });
  await makeProject(tx, {
    partnerId: p.acmeId,
    businessId: pixel.id,
    name: 'Pixel Foods',
    ...plans,
    ...live(190, 'BASIC_YEARLY'),
    status: 'stopped',
    planStoppedOn: daysAgo(10),
    createdAt: daysAgo(200),
  });

  const zen = await makeBusiness(tx, {
    partnerId: p.acmeId,
    displayName: 'Zen Yoga',
    company: 'Zen Wellness',
    industry: 'Medical and Health',
    createdAt: daysAgo(60),
  });
  await makeProject(tx, {
    partnerId: p.acmeId,
    businessId: zen.id,
    name: 'Zen Yoga',
    ...plans,
    ...live(55, 'FREE_FOREVER'),
    subscriptionScheduled: { planName: 'PRO_MONTHLY' },
    createdAt: daysAgo(60),
  });

  const old = await makeBusiness(tx, {
    partnerId: p.acmeId,
    displayName: 'Old Market',
    company: 'Old Market Traders',
    email: `${ARCHIVE_MARKER}oldmarket@client.example`,
    archived: true,
    createdAt: daysAgo(400),
  });
  await makeProject(tx, {
    partnerId: p.acmeId,
    businessId: old.id,
    name: 'Old Market',
    ...plans,
    partnerArchived: true,
    status: 'archived',
    createdAt: daysAgo(400),
  });

  // Enough projects for the projects list to have a second page of 15 (and every tab a few rows).
  const kite = await makeBusiness(tx, {
    partnerId: p.acmeId,
    displayName: 'Kite Campaigns',
    company: 'Kite Media',
    industry: 'Shopping and Retail',
    createdAt: daysAgo(70),
  });
  const kitePlans = ['BASIC_MONTHLY', 'PRO_MONTHLY', 'BASIC_YEARLY', 'PRO_YEARLY'];
  for (let i = 1; i <= 8; i += 1) {
    const state = i % 2 === 0 ? live(60 - i, kitePlans[i % 4]!) : {};
    await makeProject(tx, {
      partnerId: p.acmeId,
      businessId: kite.id,
      name: `Kite Campaign ${String(i).padStart(2, '0')}`,
      ...plans,
      ...state,
      bvbpProcess: i === 4 ? 2 : 0,
      createdAt: daysAgo(70 - i),
    });
  }

  const direct = await makeBusiness(tx, {
    partnerId: p.directId,
    displayName: 'Corner Store',
    company: 'Corner Store Co',
    createdAt: daysAgo(50),
  });
  await makeProject(tx, {
    partnerId: p.directId,
    businessId: direct.id,
    name: 'Corner Store',
    ...live(45, 'BASIC_MONTHLY'),
    createdAt: daysAgo(50),
  });
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
  const ads = await makeBusiness(tx, {
    partnerId: p.adsId,
    displayName: 'Brightside Apparel',
    company: 'Brightside',
    currency: 'USD',
    countryCode: '+1',
    createdAt: daysAgo(25),
  });
  await makeProject(tx, {
    partnerId: p.adsId,
    businessId: ads.id,
    name: 'Brightside Apparel',
    currency: 'USD',
    familyId: adsFamily.id,
    ...live(20, 'BASIC_MONTHLY'),
    createdAt: daysAgo(25),
  });

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

  return { family, wcc, pay };
};
