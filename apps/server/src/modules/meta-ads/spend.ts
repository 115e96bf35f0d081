import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../platform/db/open.js';
import { metaAdSpend, projects } from '../../platform/db/schema.js';
import { postEntry } from '../billing/ledger.js';
import type { ProviderDailySpend } from '../../providers/meta/ads/ads.js';

export type SpendProject = { id: string; partnerId: string; name: string; businessId: string; businessName: string };

/**
 * Debits what Meta reports spent and this server has not debited yet, day by day, from the project's
 * Meta Ads credit, in the caller's transaction with the project's row locked first: one ledger entry
 * a day (META_AD_CREDIT_UPDATE, SUBTRACT). Never below zero: a day the credit cannot cover is
 * debited as far as it goes, and what is left stays owed (not recorded as charged), to be debited
 * from the next top-up. Answers what was debited and what is still owed. A report read again
 * changes nothing (each ad's day keeps what was charged for it).
 */
export const debitSpend = async (tx: Tx, p: SpendProject, reported: ProviderDailySpend[]) => {
  const [locked] = await tx
    .select({ credit: projects.metaAdsCredit })
    .from(projects)
    .where(and(eq(projects.partnerId, p.partnerId), eq(projects.id, p.id)))
    .for('update');
  let credit = locked?.credit ?? 0;
  const days = [...new Set(reported.map((r) => r.day))].sort();
  const charged = days.length
    ? await tx
        .select()
        .from(metaAdSpend)
        .where(
          and(eq(metaAdSpend.partnerId, p.partnerId), eq(metaAdSpend.projectId, p.id), inArray(metaAdSpend.day, days)),
        )
    : [];
  const chargedOf = new Map(charged.map((c) => [`${c.adId}|${c.day}`, c.charged]));
  let debited = 0;
  let owed = 0;
  for (const day of days) {
    let dayDebit = 0;
    for (const r of reported.filter((x) => x.day === day)) {
      // Read and kept per ad and day as it goes: an ad's day reported twice is charged once.
      const key = `${r.adId}|${day}`;
      const before = chargedOf.get(key) ?? 0;
      const due = r.spend - before;
      if (due <= 0) continue;
      const take = Math.min(due, credit - dayDebit);
      owed += due - take;
      if (take <= 0) continue;
      dayDebit += take;
      chargedOf.set(key, before + take);
      await tx
        .insert(metaAdSpend)
        .values({ partnerId: p.partnerId, projectId: p.id, adId: r.adId, day, charged: before + take })
        .onConflictDoUpdate({
          target: [metaAdSpend.projectId, metaAdSpend.adId, metaAdSpend.day, metaAdSpend.partnerId],
          set: { charged: before + take },
        });
    }
    if (dayDebit === 0) continue;
    credit = await postEntry(tx, {
      partnerId: p.partnerId,
      projectId: p.id,
      projectName: p.name,
      businessId: p.businessId,
      businessName: p.businessName,
      balance: 'AD_CREDIT',
      action: 'SUBTRACT',
      amount: dayDebit,
      reasonCode: 'META_AD_CREDIT_UPDATE',
      message: `Meta Ads spend on ${day}`,
    });
    debited += dayDebit;
  }
  return { debited, owed, credit };
};
