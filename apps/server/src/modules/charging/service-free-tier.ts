import { and, gte, inArray, lte, ne, eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/open.js';
import { conversations } from '../../platform/db/schema.js';
import { localDateIn } from '../../platform/time/local-date.js';
import type { ProjectInfo } from './charge.js';

const MONTH_MS = 32 * 24 * 60 * 60 * 1000;
const monthOf = (project: ProjectInfo, at: Date) => `${project.id}|${localDateIn(at, project.timezone).slice(0, 7)}`;

/**
 * A business number's free service messages of the month (Meta, from 1 October 2026: a shared free
 * tier per phone number, counted from 12 am on the 1st in the account's time zone). Reads once how
 * many service messages the batch's projects have had priced in the months at hand; `take` counts
 * one more and says whether it was still within the tier.
 */
export const serviceFreeTier = async (tx: Tx, partnerIds: string[], asks: { project: ProjectInfo; at: Date }[]) => {
  const counts = new Map<string, number>();
  if (asks.length > 0) {
    const projects = new Map(asks.map((a) => [a.project.id, a.project]));
    const times = asks.map((a) => a.at.getTime());
    const rows = await tx
      .select({ projectId: conversations.projectId, at: conversations.startedAt })
      .from(conversations)
      .where(
        and(
          inArray(conversations.partnerId, partnerIds),
          inArray(conversations.projectId, [...projects.keys()]),
          eq(conversations.pricingModel, 'PMP'),
          eq(conversations.category, 'service'),
          ne(conversations.billingStatus, 'FAILED'),
          gte(conversations.startedAt, new Date(Math.min(...times) - MONTH_MS)),
          lte(conversations.startedAt, new Date(Math.max(...times))),
        ),
      );
    for (const r of rows) {
      const key = monthOf(projects.get(r.projectId)!, r.at);
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  return {
    take(project: ProjectInfo, at: Date, free: number): boolean {
      const key = monthOf(project, at);
      const used = counts.get(key) ?? 0;
      counts.set(key, used + 1);
      return used < free;
    },
  };
};
