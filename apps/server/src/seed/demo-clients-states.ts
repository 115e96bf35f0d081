import type { DbOrTx } from '../platform/db/open.js';
import { makeBusiness, makeProject } from './businesses.js';
import { demoClock, liveSince } from './demo-world.js';
import type { Keep } from './project-book.js';

type Plans = { familyId: string; wccPlanId: string; paymentPlanId: string };

/**
 * Acme's client whose projects are in the statuses the rest of the demo lacks (the contract's
 * projectStatuses: active, stopped and archived are elsewhere): unpaid and suspended (set by the
 * platform, after months of traffic), pending (a draft the partner parked) and terminated.
 */
export const seedPlatformStates = async (tx: DbOrTx, p: { partnerId: string; plans: Plans; now: Date; keep: Keep }) => {
  const { daysAgo, daysAhead } = demoClock(p.now);
  const live = liveSince(p.now);
  const cedar = await makeBusiness(tx, {
    partnerId: p.partnerId,
    displayName: 'Cedar Logistics',
    company: 'Cedar Freight Pvt Ltd',
    industry: 'Travel and Transportation',
    companySize: '50 - 200',
    createdAt: daysAgo(95),
  });
  // Live since 85 days; the platform marked it unpaid 5 days ago, and its traffic stopped then.
  await p.keep(
    makeProject(tx, {
      partnerId: p.partnerId,
      businessId: cedar.id,
      name: 'Cedar Dispatch',
      ...p.plans,
      ...live(85, 'BASIC_MONTHLY'),
      status: 'unpaid',
      createdAt: daysAgo(92),
    }),
    cedar,
  );
  // Live since 70 days; billing stopped 52 days ago and reactivated 47 days ago (a new period from
  // then, renewed 17 days ago); suspended by the platform 12 days ago for its quality rating.
  await p.keep(
    makeProject(tx, {
      partnerId: p.partnerId,
      businessId: cedar.id,
      name: 'Cedar Tracking',
      ...p.plans,
      ...live(70, 'PRO_MONTHLY'),
      planActivatedOn: daysAgo(47),
      planRenewalOn: daysAhead(13),
      qualityRating: 'RED',
      status: 'suspended',
      createdAt: daysAgo(75),
    }),
    cedar,
  );
  await makeProject(tx, {
    partnerId: p.partnerId,
    businessId: cedar.id,
    name: 'Cedar Returns',
    ...p.plans,
    status: 'pending',
    createdAt: daysAgo(16),
  });
  await makeProject(tx, {
    partnerId: p.partnerId,
    businessId: cedar.id,
    name: 'Cedar Customs',
    ...p.plans,
    status: 'terminated',
    createdAt: daysAgo(40),
  });
};
