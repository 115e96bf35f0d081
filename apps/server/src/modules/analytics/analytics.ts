import {
  dashboardTexts,
  analyticsMetrics,
  analyticsVariants,
  checkAnalyticsRange,
  metricKey,
  type AnalyticsDayRow,
  type WccAnalyticsQuery,
  type WccAnalyticsResponse,
} from '@pc/contract';
import type { Deps } from '../../deps.js';
import { latestDayAnywhere } from '../dashboard/today.js';
import type { AgentViewer } from '../../platform/auth/viewer.js';
import { badRequest, forbidden, notFound } from '../../platform/errors/app-error.js';
import { chatCountsByDay, projectOfPartner, usageByDay } from './queries.js';

const emptyRow = (dayDate: string): AnalyticsDayRow => {
  const row: Record<string, unknown> = {
    dayDate,
    sentChatCount: 0,
    deliveredChatCount: 0,
    readChatCount: 0,
    failedChatCount: 0,
    receivedChatCount: 0,
  };
  for (const m of analyticsMetrics)
    for (const v of analyticsVariants) row[metricKey(m, v)] = { count: 0, creditUsage: 0, creditUsageCountryWise: {} };
  return row as AnalyticsDayRow;
};

/**
 * The analytics day rows (spec doc 3 section 3) of the session's partner, or of one of its
 * projects, for UTC days from 25 April 2023 to today. Days without traffic are left out.
 */
export const wccAnalytics = async (
  deps: Deps,
  agent: AgentViewer,
  q: WccAnalyticsQuery,
): Promise<WccAnalyticsResponse> => {
  // Referral users get no usage figures (spec doc 1 section 6).
  if (agent.isReferral) throw forbidden(dashboardTexts.referralOnly);
  const { partnerId } = agent;
  const problem = checkAnalyticsRange(q.startDate, q.endDate, latestDayAnywhere(deps.now()));
  if (problem) throw badRequest(problem);
  if (q.projectId && !(await projectOfPartner(deps.db, partnerId, q.projectId))) throw notFound();
  const scope = { partnerId, startDate: q.startDate, endDate: q.endDate, projectId: q.projectId };
  const [counts, usage] = await Promise.all([chatCountsByDay(deps.db, scope), usageByDay(deps.db, scope)]);

  const days = new Map<string, AnalyticsDayRow>();
  const dayOf = (d: string) => days.get(d) ?? days.set(d, emptyRow(d)).get(d)!;
  for (const c of counts)
    Object.assign(dayOf(c.dayDate), {
      sentChatCount: c.sent,
      deliveredChatCount: c.delivered,
      readChatCount: c.read,
      failedChatCount: c.failed,
      receivedChatCount: c.received,
    });
  for (const u of usage) {
    const metric = dayOf(u.dayDate)[metricKey(u.metric, u.variant)];
    const amount = Number(u.amount);
    metric.count += u.count;
    metric.creditUsage += amount;
    metric.creditUsageCountryWise[u.country] = { count: u.count, amount };
  }
  return { wccAnalytics: [...days.values()].sort((a, b) => a.dayDate.localeCompare(b.dayDate)) };
};
