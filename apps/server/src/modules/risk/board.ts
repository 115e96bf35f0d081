import {
  dashboardTexts,
  riskKinds,
  riskRules,
  type RiskKind,
  type RiskResponse,
  type RiskRow,
  type RiskSort,
} from '@pc/contract';
import type { z } from 'zod';
import type { RiskQuery } from '@pc/contract';
import type { Deps } from '../../deps.js';
import type { AgentViewer } from '../../platform/auth/viewer.js';
import { forbidden, notFound } from '../../platform/errors/app-error.js';
import { getPartner } from '../partners/partner.js';
import { dayBefore } from '../wallet/forecast.js';
import { projectCreditForecasts } from '../wallet/burn.js';
import { isPartnersBusiness, projectFacts, revenueFacts, templateFacts, trafficFacts } from './queries.js';
import { severityOf, signalsOf } from './rule.js';

const DAY_MS = 86_400_000;

type Query = z.output<typeof RiskQuery>;

const order: Record<RiskSort, (a: RiskRow, b: RiskRow) => number> = {
  revenue: (a, b) => b.revenueAtRisk - a.revenueAtRisk || b.severity - a.severity,
  severity: (a, b) => b.severity - a.severity || b.revenueAtRisk - a.revenueAtRisk,
};
/** Then the one with more signals, then by name (and id: two projects may share a name). */
const ties = (a: RiskRow, b: RiskRow) =>
  b.signals.length - a.signals.length ||
  a.projectName.localeCompare(b.projectName) ||
  a.projectId.localeCompare(b.projectId);

/**
 * The risk board of the session's partner: each project's signals from the rollups and its own
 * columns, its revenue at risk (the last 30 days' revenue of a project with a signal), ranked and
 * paged. A partner has at most a few thousand projects, one small row each: they are ranked here,
 * after the database has summed the day rows per project (ARCHITECTURE rule 9's "no table in
 * memory" holds: no statement returns more than one row a project).
 */
export const riskBoard = async (deps: Deps, agent: AgentViewer, q: Query): Promise<RiskResponse> => {
  // Referral users get no money figures (spec doc 1 section 6), revenue at risk among them.
  if (agent.isReferral) throw forbidden(dashboardTexts.referralOnly);
  const { db } = deps;
  const partnerId = agent.partnerId;
  if (q.businessId && !(await isPartnersBusiness(db, partnerId, q.businessId))) throw notFound('Business not found.');
  const now = deps.now();
  const [partner, projects, traffic, templates, credits, revenue] = await Promise.all([
    getPartner(db, partnerId),
    projectFacts(db, partnerId, q.businessId),
    trafficFacts(db, partnerId, dayBefore(now, riskRules.failedDays - 1)),
    templateFacts(db, partnerId, new Date(now.getTime() - riskRules.recentDays * DAY_MS)),
    projectCreditForecasts(db, partnerId, now),
    revenueFacts(db, partnerId, dayBefore(now, riskRules.revenueDays - 1), q.businessId),
  ]);
  const trafficOf = new Map(traffic.map((t) => [t.projectId, t]));
  const templatesOf = new Map(templates.map((t) => [t.projectId, t]));

  const flagged = projects
    .map((project) => ({
      project,
      signals: signalsOf(
        {
          project,
          traffic: trafficOf.get(project.id),
          templates: templatesOf.get(project.id),
          credit: credits.get(project.id),
        },
        now,
      ),
    }))
    .filter((p) => p.signals.length > 0);
  const rows: RiskRow[] = flagged.map(({ project: p, signals }) => ({
    projectId: p.id,
    projectName: p.name,
    businessId: p.businessId,
    businessName: p.businessName,
    status: p.status,
    revenueAtRisk: revenue.get(p.id) ?? 0,
    severity: severityOf(signals),
    signals,
  }));

  const counts = Object.fromEntries(riskKinds.map((k) => [k, 0])) as Record<RiskKind, number>;
  for (const row of rows) for (const s of row.signals) counts[s.kind] += 1;
  const matching = (q.kind ? rows.filter((row) => row.signals.some((s) => s.kind === q.kind)) : rows).sort(
    (a, b) => order[q.sort](a, b) || ties(a, b),
  );
  return {
    currency: partner.currency,
    asOf: now.toISOString(),
    atRisk: rows.length,
    revenueAtRisk: rows.reduce((n, row) => n + row.revenueAtRisk, 0),
    counts,
    total: matching.length,
    rows: matching.slice(q.skip, q.skip + q.rowsPerPage),
  };
};
