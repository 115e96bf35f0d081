import { and, asc, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { ReasonCode } from '@pc/contract';
import type { Db } from '../../platform/db/open.js';
import { billingLogs, partners, projects } from '../../platform/db/schema.js';
import type { ProjectAddonState } from '../../platform/db/schema/projects.js';
import { makeBusiness, makeProject } from '../../seed/businesses.js';
import { addonOffer, makePlanFamily } from '../../seed/catalogue.js';
import { makePartner, type PartnerSeed } from '../../seed/factories.js';
import { postEntry } from '../billing/ledger.js';
import { readCentralBalance } from '../../modules/billing/central-balance.js';

/** The renewals tests' world: partners of their own (no demo), each with a plan family, a business and projects. */
export const INR = 100000;
/** The default plan family's prices (seed/catalogue.ts makePlanFamily), in stored units. */
export const PRICE = { BASIC_MONTHLY: 1499 * INR, BASIC_YEARLY: 14990 * INR, PRO_MONTHLY: 3299 * INR } as const;

let seq = 0;

/** A partner with the given central balance (a ledger entry), its plan family and a business; WEBHOOKS and FLOW_BUILDER offered. */
export const makeClient = async (db: Db, seed: PartnerSeed = {}) => {
  seq += 1;
  const partner = await makePartner(db, {
    name: `Renewals Partner ${seq}`,
    addons: {
      WEBHOOKS: addonOffer('WEBHOOKS', { all: { Monthly: [299, 4], Yearly: [2990, 40] } }),
      FLOW_BUILDER: addonOffer('FLOW_BUILDER', {
        Tier1: { Monthly: [499, 6], Yearly: [4990, 60] },
        Tier2: { Monthly: [799, 10], Yearly: [7990, 100] },
      }),
    },
    ...seed,
  });
  const family = await makePlanFamily(db, partner.id, `Renewals Plans ${seq}`);
  const business = await makeBusiness(db, { partnerId: partner.id, displayName: `Renewals Client ${seq}` });
  const project = (values: Partial<typeof projects.$inferInsert> = {}) => {
    seq += 1;
    return makeProject(db, {
      partnerId: partner.id,
      businessId: business.id,
      name: `Renewals Project ${seq}`,
      familyId: family.id,
      activePlan: 'BASIC_MONTHLY',
      isWhatsappVerified: true,
      ...values,
    });
  };
  return { partner, family, business, project };
};

export const projectRow = async (db: Db, id: string) =>
  (await db.select().from(projects).where(eq(projects.id, id)))[0]!;

export const partnerRow = async (db: Db, id: string) => ({
  ...(await db.select().from(partners).where(eq(partners.id, id)))[0]!,
  centralBalance: await readCentralBalance(db, id),
});

/** A project's (or, without one, a partner's) billing-log rows of one reason code, oldest first. */
export const rowsOf = (db: Db, reasonCode: ReasonCode, of: { projectId?: string; partnerId?: string }) =>
  db
    .select()
    .from(billingLogs)
    .where(
      and(
        eq(billingLogs.reasonCode, reasonCode),
        of.projectId ? eq(billingLogs.projectId, of.projectId) : undefined,
        of.partnerId ? eq(billingLogs.partnerId, of.partnerId) : undefined,
      ),
    )
    .orderBy(asc(billingLogs.createdAt), asc(billingLogs.id));

/** Money paid into the central balance, as the gateway would. */
export const recharge = (db: Db, partnerId: string, amount: number) =>
  postEntry(db, {
    partnerId,
    balance: 'CENTRAL',
    action: 'ADD',
    amount,
    reasonCode: 'CENTRAL_BALANCE_RECHARGE',
    message: 'Test recharge',
  });

/** An add-on state as the console writes it. */
export const activeAddon = (renewalOn: Date | undefined, more: Partial<ProjectAddonState> = {}): ProjectAddonState => ({
  status: 'ACTIVE',
  partnerPlans: { plan: 'Monthly' },
  ...(renewalOn ? { renewalOn: renewalOn.toISOString() } : {}),
  ...more,
});

type Row = Record<string, unknown>;

/** The ledger's rule: every central balance and every project credit is the sum of its billing-log rows. */
export const expectLedgerBalanced = async (db: Db) => {
  const { rows } = (await db.execute(sql`
    with sums as (
      select coalesce(case when balance = 'CENTRAL' then partner_id else project_id end, '') || ':' || balance as k,
        sum(case when action = 'ADD' then amount else -amount end) as s
      from billing_logs group by 1),
    now as (
      select partner_id || ':CENTRAL' as k, central_balance as v from partner_balances
      union all select id || ':WCC', template_credit from projects
      union all select id || ':PWC', partner_whatsapp_credit from projects
      union all select id || ':AD_CREDIT', meta_ads_credit from projects)
    select now.k, now.v, coalesce(sums.s, 0) as s from now left join sums on sums.k = now.k
    where now.v <> coalesce(sums.s, 0)`)) as { rows: Row[] };
  expect(rows).toEqual([]);
};

/** How many times each ledger key is used (every renewal key once at most: the unique index says so too). */
export const renewalKeysUsedTwice = async (db: Db) => {
  const { rows } = (await db.execute(sql`
    select idempotency_key from billing_logs where idempotency_key like 'renewal:%'
    group by partner_id, idempotency_key having count(*) > 1`)) as { rows: Row[] };
  return rows;
};
