import { and, eq, inArray } from 'drizzle-orm';
import { dashboardTexts, LOW_BALANCE_THRESHOLD, MONEY_SCALE, WalletQuery, type WalletResponse } from '@pc/contract';
import type { z } from 'zod';
import type { Deps } from '../../deps.js';
import type { AgentViewer } from '../../platform/auth/viewer.js';
import { businesses, projects } from '../../platform/db/schema.js';
import { forbidden } from '../../platform/errors/app-error.js';
import { getPartner } from '../partners/partner.js';
import { centralForecast, projectCreditForecasts, type ProjectForecast } from './burn.js';
import { fallsBelowOn } from './forecast.js';
import { thresholdsOf, type ThresholdRow } from './threshold-queries.js';
import { businessOfProject } from '../../platform/db/tenant-joins.js';

const thresholdOut = (t: ThresholdRow | undefined) =>
  t ? { id: t.id, kind: t.kind, value: t.value, crossedAt: t.crossedAt?.toISOString() ?? null } : null;

/** Soonest to run out first; those not running out at this burn last; then the smaller balance, then by id. */
const soonestFirst = (a: ProjectForecast, b: ProjectForecast) =>
  (a.daysToZero ?? Infinity) - (b.daysToZero ?? Infinity) ||
  a.balance - b.balance ||
  (a.projectId < b.projectId ? -1 : 1);

/**
 * The wallet of the session's partner: its central balance's forecast with the dates its suspended
 * and low balance banners will appear, and a page of its projects' WCC credits, soonest to run out
 * first. A project with no credit and no spend in 30 days has nothing to forecast and is left out.
 * The dates place the banner levels on the forecast's line: the suspended banner shows below the
 * minimum allowed balance, the low balance one below doc 1's 3000 INR / 48 USD.
 */
export const getWallet = async (
  deps: Deps,
  agent: AgentViewer,
  q: z.output<typeof WalletQuery>,
): Promise<WalletResponse> => {
  // Referral users get no money figures (spec doc 1 section 6).
  if (agent.isReferral) throw forbidden(dashboardTexts.referralOnly);
  const now = deps.now();
  const [partner, central, credits, levels] = await Promise.all([
    getPartner(deps.db, agent.partnerId),
    centralForecast(deps.db, agent.partnerId, now),
    projectCreditForecasts(deps.db, agent.partnerId, now),
    thresholdsOf(deps.db, agent.partnerId),
  ]);
  const levelOf = new Map(levels.map((t) => [t.projectId ?? '', t]));
  const rate = central.dailyBurn;
  const at = (level: number) => fallsBelowOn(central.balance, level, rate, now)?.toISOString() ?? null;
  let listed = [...credits.values()].filter((f) => f.balance > 0 || f.burn30 > 0);
  if (q.crossed === 'true') listed = listed.filter((f) => levelOf.get(f.projectId)?.crossedAt);
  listed.sort(soonestFirst);
  const page = listed.slice(q.skip, q.skip + q.limit);
  const names = page.length
    ? await deps.db
        .select({ id: projects.id, name: projects.name, businessName: businesses.displayName })
        .from(projects)
        .innerJoin(businesses, businessOfProject)
        .where(
          and(
            eq(projects.partnerId, agent.partnerId),
            inArray(
              projects.id,
              page.map((f) => f.projectId),
            ),
          ),
        )
    : [];
  const nameOf = new Map(names.map((n) => [n.id, n]));
  return {
    currency: partner.currency,
    central: {
      ...central,
      minAllowedBalance: partner.minAllowedBalance,
      suspensionOn: partner.minAllowedBalance > 0 ? at(partner.minAllowedBalance) : null,
      lowBalanceOn: at(LOW_BALANCE_THRESHOLD[partner.currency] * MONEY_SCALE),
      threshold: thresholdOut(levelOf.get('')),
    },
    projects: page.map((f) => ({
      ...f,
      projectName: nameOf.get(f.projectId)?.name ?? '',
      businessName: nameOf.get(f.projectId)?.businessName ?? '',
      threshold: thresholdOut(levelOf.get(f.projectId)),
    })),
    total: listed.length,
  };
};
