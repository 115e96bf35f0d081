import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/open.js';
import { paymentPlanFamilies, planFamilies, wccFamilies } from '../../platform/db/schema.js';

export const listPlanFamilies = (db: DbOrTx, partnerId: string) =>
  db
    .select()
    .from(planFamilies)
    .where(eq(planFamilies.partnerId, partnerId))
    .orderBy(asc(planFamilies.createdAt), asc(planFamilies.name), asc(planFamilies.id));
export const listWccFamilies = (db: DbOrTx, partnerId: string) =>
  db
    .select()
    .from(wccFamilies)
    .where(eq(wccFamilies.partnerId, partnerId))
    .orderBy(asc(wccFamilies.createdAt), asc(wccFamilies.name), asc(wccFamilies.id));
export const listPaymentPlans = (db: DbOrTx, partnerId: string) =>
  db
    .select()
    .from(paymentPlanFamilies)
    .where(eq(paymentPlanFamilies.partnerId, partnerId))
    .orderBy(asc(paymentPlanFamilies.createdAt), asc(paymentPlanFamilies.name), asc(paymentPlanFamilies.id));

export const findPlanFamily = async (db: DbOrTx, partnerId: string, id: string) =>
  (
    await db
      .select()
      .from(planFamilies)
      .where(and(eq(planFamilies.partnerId, partnerId), eq(planFamilies.id, id)))
  )[0];
export const findWccFamily = async (db: DbOrTx, partnerId: string, id: string) =>
  (
    await db
      .select()
      .from(wccFamilies)
      .where(and(eq(wccFamilies.partnerId, partnerId), eq(wccFamilies.id, id)))
  )[0];
export const findPaymentPlan = async (db: DbOrTx, partnerId: string, id: string) =>
  (
    await db
      .select()
      .from(paymentPlanFamilies)
      .where(and(eq(paymentPlanFamilies.partnerId, partnerId), eq(paymentPlanFamilies.id, id)))
  )[0];
