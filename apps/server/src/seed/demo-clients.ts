import { ARCHIVE_MARKER } from '@pc/contract';
import { eq, sql } from 'drizzle-orm';
import { partners } from '../platform/db/schema.js';
import type { DbOrTx } from '../platform/db/open.js';
import { makeBusiness, makeProject } from './businesses.js';
import { addonOffer, makePaymentPlan, makePlanFamily, makeWccFamily } from './catalogue.js';
import { seedOtherClients } from './demo-clients-others.js';
import { seedPlatformStates } from './demo-clients-states.js';
import { demoClock, liveSince, type DemoPartners } from './demo-world.js';
import { projectBook } from './project-book.js';

const INR = 100000;

/**
 * The demo's clients: Acme has businesses and projects in every state the projects list tells
 * apart (live, draft, trial, API trial, monthly, yearly, stopped, deleted, scheduled, KYC steps)
 * and every status the platform sets, so every tab and count shows something. Dates are relative
 * to `now`. Credits start at zero: the history (history/) buys, grants and spends them.
 */
export const seedDemoClients = async (tx: DbOrTx, p: DemoPartners) => {
  const { daysAgo, daysAhead } = demoClock(p.now);
  const live = liveSince(p.now);
  const { projects, keep } = projectBook();
  const family = await makePlanFamily(tx, p.acmeId, 'Acme Standard');
  await makePlanFamily(tx, p.acmeId, 'Acme Premium');
  const wcc = await makeWccFamily(tx, p.acmeId, 'Acme WCC India');
  const pay = await makePaymentPlan(tx, p.acmeId, 'Acme Pay Standard');
  const plans = { familyId: family.id, wccPlanId: wcc.id, paymentPlanId: pay.id };
  // Project add-ons Acme offers (Addons Management tab), beside its WHATSAPP_PAY.
  const acmeAddons = {
    FLOW_BUILDER: addonOffer('FLOW_BUILDER', {
      Tier1: { Monthly: [499, 6], Yearly: [4990, 60] },
      Tier2: { Monthly: [799, 10], Yearly: [7990, 100] },
    }),
    WEBHOOKS: addonOffer('WEBHOOKS', { all: { Monthly: [299, 4], Yearly: [2990, 40] } }),
  };
  await tx
    .update(partners)
    .set({
      addons: sql`${partners.addons} || ${JSON.stringify(acmeAddons)}::jsonb`,
      // Manage, Configure Plan Family: what new customers get and the create dialogs preselect.
      defaultPlanFamily: family.id,
      defaultPlanName: 'BASIC_MONTHLY',
      defaultWccPlan: wcc.id,
      defaultWhatsappPaymentsPlan: pay.id,
      trialAmount: 100 * INR,
      // Each customer made with Create Business starts with ₹50 of WCC credit from the central balance.
      freeWccCredit: 50 * INR,
      whatsAppAbout: 'Hello from Acme Messaging. We reply within the hour.',
      billingAddress: {
        firstName: 'Asha',
        lastName: 'Rao',
        email: 'billing@acme.example',
        phone: '9876543210',
        company: 'Acme Messaging Pvt Ltd',
        line1: '12 MG Road',
        line2: 'Ashok Nagar',
        city: 'Bengaluru',
        zip: '560001',
        country: 'India',
        stateCode: '29',
        gstin: '29ABCDE1234F1Z5',
      },
    })
    .where(eq(partners.id, p.acmeId));

  const sunrise = await makeBusiness(tx, {
    partnerId: p.acmeId,
    displayName: 'Sunrise Bakery',
    company: 'Sunrise Foods Pvt Ltd',
    industry: 'Food and Grocery',
    website: 'https://sunrise.example',
    password: 'Client@123',
    createdAt: daysAgo(120),
  });
  await keep(
    makeProject(tx, {
      partnerId: p.acmeId,
      businessId: sunrise.id,
      name: 'Sunrise Bakery',
      ...plans,
      ...live(110, 'BASIC_MONTHLY'),
      createdAt: daysAgo(120),
      bvbpProcess: 3,
    }),
    sunrise,
  );
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
  await keep(
    makeProject(tx, {
      partnerId: p.acmeId,
      businessId: metro.id,
      name: 'Metro Clinics',
      ...plans,
      ...live(80, 'PRO_YEARLY'),
      createdAt: daysAgo(90),
      messagingLimit: 'TIER_250',
      bvbpProcess: 1,
      // Bought 78 days ago, renewed monthly since (history/acme.ts).
      addons: { WEBHOOKS: { status: 'ACTIVE' } },
    }),
    metro,
  );
  await keep(
    makeProject(tx, {
      partnerId: p.acmeId,
      businessId: metro.id,
      name: 'Metro Reminders',
      ...plans,
      ...live(40, 'PRO_MONTHLY'),
      createdAt: daysAgo(45),
      messagingLimit: 'TIER_250',
      kycRemark: 'GST certificate was unreadable',
    }),
    metro,
  );

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
  await keep(
    makeProject(tx, {
      partnerId: p.acmeId,
      businessId: orchid.id,
      name: 'Orchid Salon',
      ...plans,
      isTrial: true,
      activePlan: 'TRIAL',
      // Its 7-day sign-up trial ran from the sign-up and has ended (Plan Setup: 'Trial ended on').
      planActivatedOn: daysAgo(12),
      planRenewalOn: daysAgo(5),
      createdAt: daysAgo(12),
    }),
    orchid,
  );

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
    // An API trial granted two days ago: 7 days, so it ends in five ('Trial ends on').
    planActivatedOn: daysAgo(2),
    planRenewalOn: daysAhead(5),
    createdAt: daysAgo(8),
  });

  const pixel = await makeBusiness(tx, {
    partnerId: p.acmeId,
    displayName: 'Pixel Foods',
    company: 'Pixel Kitchens',
    industry: 'Restaurant',
    createdAt: daysAgo(200),
  });
  await keep(
    makeProject(tx, {
      partnerId: p.acmeId,
      businessId: pixel.id,
      name: 'Pixel Foods',
      ...plans,
      ...live(190, 'BASIC_YEARLY'),
      status: 'stopped',
      planStoppedOn: daysAgo(10),
      createdAt: daysAgo(200),
    }),
    pixel,
  );

  const zen = await makeBusiness(tx, {
    partnerId: p.acmeId,
    displayName: 'Zen Yoga',
    company: 'Zen Wellness',
    industry: 'Medical and Health',
    createdAt: daysAgo(60),
  });
  await keep(
    makeProject(tx, {
      partnerId: p.acmeId,
      businessId: zen.id,
      name: 'Zen Yoga',
      ...plans,
      ...live(55, 'FREE_FOREVER'),
      subscriptionScheduled: { planName: 'PRO_MONTHLY' },
      createdAt: daysAgo(60),
    }),
    zen,
  );

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
    await keep(
      makeProject(tx, {
        partnerId: p.acmeId,
        businessId: kite.id,
        name: `Kite Campaign ${String(i).padStart(2, '0')}`,
        ...plans,
        ...state,
        bvbpProcess: i === 4 ? 2 : 0,
        // The flow builder, bought 50 days ago and renewed monthly since (history/acme.ts).
        ...(i === 6 ? { addons: { FLOW_BUILDER: { status: 'ACTIVE' as const, flowCount: 5 } } } : {}),
        createdAt: daysAgo(70 - i),
      }),
      kite,
    );
  }

  await seedPlatformStates(tx, { partnerId: p.acmeId, plans, now: p.now, keep });
  const others = await seedOtherClients(tx, { ...p, keep });

  return { family, wcc, pay, projects, ...others };
};
