import {
  checkDashboardRange,
  conversationCategories,
  dashboardTexts,
  type DashboardSummary,
  type DashboardUsage,
  type UsageByCategory,
} from '@pc/contract';
import type { Deps } from '../../deps.js';
import { latestDayAnywhere } from './today.js';
import type { AgentViewer } from '../../platform/auth/viewer.js';
import { badRequest, forbidden, notFound } from '../../platform/errors/app-error.js';
import { liveAccountsOf } from '../partners/partner.js';
import { findPartnerBalance, sumUsage } from './queries.js';
import { parseRechargeNumbers, rechargeUrl } from './recharge.js';

// Referral users see their link only: no balance or usage (spec doc 1 section 6).
const refuseReferral = (agent: AgentViewer) => {
  if (agent.isReferral) throw forbidden(dashboardTexts.referralOnly);
};

export const getDashboardSummary = async (deps: Deps, agent: AgentViewer): Promise<DashboardSummary> => {
  refuseReferral(agent);
  const [partner, live] = await Promise.all([
    findPartnerBalance(deps.db, agent.partnerId),
    liveAccountsOf(deps.db, agent.partnerId),
  ]);
  if (!partner) throw notFound();
  return {
    currency: partner.currency,
    centralBalance: partner.centralBalance,
    minAllowedBalance: partner.minAllowedBalance,
    whatsappAccountLive: live,
    rechargeUrl: rechargeUrl(parseRechargeNumbers(deps.env.RECHARGE_CHAT_NUMBERS), agent.partnerId, partner.currency),
  };
};

const emptyUsage = (): UsageByCategory => ({
  marketing: { count: 0, amount: 0 },
  utility: { count: 0, amount: 0 },
  authentication: { count: 0, amount: 0 },
  service: { count: 0, amount: 0 },
});

/** Usage between two UTC calendar days inclusive, from 25 March 2023 and never in the future. */
export const getDashboardUsage = async (
  deps: Deps,
  agent: AgentViewer,
  fromDate: string,
  toDate: string,
): Promise<DashboardUsage> => {
  refuseReferral(agent);
  const problem = checkDashboardRange(fromDate, toDate, latestDayAnywhere(deps.now()));
  if (problem) throw badRequest(problem);
  const balanceUsage = emptyUsage();
  const templateCreditUsage = emptyUsage();
  for (const row of await sumUsage(deps.db, agent.partnerId, fromDate, toDate)) {
    if (!conversationCategories.includes(row.category)) continue;
    const target = row.variant === 'TemplateCredit' ? templateCreditUsage : balanceUsage;
    target[row.category] = { count: row.count, amount: row.amount };
  }
  return { fromDate, toDate, balanceUsage, templateCreditUsage };
};
