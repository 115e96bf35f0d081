import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/open.js';
import {
  billingLogs,
  partnerBalances,
  partners,
  paymentPlanFamilies,
  planFamilies,
  projects,
  wccFamilies,
} from '../../platform/db/schema.js';
import { readCentralBalance } from '../../modules/billing/central-balance.js';

/** Reads of the demo world for the tests of this module (by names, as the demo seeds them). */
export const testKit = (db: Db) => ({
  partnerId: async (name: string) =>
    (await db.select({ id: partners.id }).from(partners).where(eq(partners.name, name)))[0]!.id,
  project: async (partnerId: string, name: string) =>
    (
      await db
        .select()
        .from(projects)
        .where(and(eq(projects.partnerId, partnerId), eq(projects.name, name)))
    )[0]!,
  projectById: async (id: string) => (await db.select().from(projects).where(eq(projects.id, id)))[0]!,
  family: async (partnerId: string, name: string) =>
    (
      await db
        .select()
        .from(planFamilies)
        .where(and(eq(planFamilies.partnerId, partnerId), eq(planFamilies.name, name)))
    )[0]!,
  wcc: async (partnerId: string) =>
    (await db.select().from(wccFamilies).where(eq(wccFamilies.partnerId, partnerId)))[0]!,
  payPlan: async (partnerId: string) =>
    (await db.select().from(paymentPlanFamilies).where(eq(paymentPlanFamilies.partnerId, partnerId)))[0]!,
  central: (partnerId: string) => readCentralBalance(db, partnerId),
  setCentral: (partnerId: string, units: number) =>
    db.update(partnerBalances).set({ centralBalance: units }).where(eq(partnerBalances.partnerId, partnerId)),
  logs: (partnerId: string) =>
    db
      .select()
      .from(billingLogs)
      .where(eq(billingLogs.partnerId, partnerId))
      .orderBy(billingLogs.createdAt, billingLogs.id),
  logCount: async (partnerId: string) =>
    (
      await db
        .select({ n: sql<number>`count(*)::int` })
        .from(billingLogs)
        .where(eq(billingLogs.partnerId, partnerId))
    )[0]!.n,
});
