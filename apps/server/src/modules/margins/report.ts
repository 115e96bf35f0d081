import {
  checkMarginRange,
  dashboardTexts,
  MarginQuery,
  marginMeasures,
  withMargin,
  type MarginFigures,
  type MarginResponse,
} from '@pc/contract';
import type { z } from 'zod';
import type { Deps } from '../../deps.js';
import type { AgentViewer } from '../../platform/auth/viewer.js';
import { badRequest, forbidden } from '../../platform/errors/app-error.js';
import { latestDayAnywhere } from '../dashboard/today.js';
import { getPartner } from '../partners/partner.js';
import { marginsBy } from './queries.js';

type Counted = Omit<MarginFigures, 'grossMargin' | 'marginPercent'>;

const sumOf = (rows: Counted[]): Counted =>
  Object.fromEntries(marginMeasures.map((k) => [k, rows.reduce((n, r) => n + r[k], 0)])) as Counted;

/**
 * The margin report of the session's partner for a range of UTC days, grouped as asked, largest
 * revenue first, with its totals (the rows summed, so they always add up).
 */
export const marginReport = async (
  deps: Deps,
  agent: AgentViewer,
  q: z.output<typeof MarginQuery>,
): Promise<MarginResponse> => {
  // Referral users get no money figures (spec doc 1 section 6).
  if (agent.isReferral) throw forbidden(dashboardTexts.referralOnly);
  const problem = checkMarginRange(q.startDate, q.endDate, latestDayAnywhere(deps.now()));
  if (problem) throw badRequest(problem);
  const [partner, found] = await Promise.all([
    getPartner(deps.db, agent.partnerId),
    marginsBy(deps.db, { partnerId: agent.partnerId, ...q }),
  ]);
  const rows = found
    .map(({ key, label, ...figures }) => ({ key, label, ...withMargin(figures) }))
    .sort((a, b) => b.revenue - a.revenue || a.label.localeCompare(b.label));
  return {
    currency: partner.currency,
    startDate: q.startDate,
    endDate: q.endDate,
    groupBy: q.groupBy,
    totals: withMargin(sumOf(found)),
    rows,
  };
};
