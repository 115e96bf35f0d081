import { and, eq } from 'drizzle-orm';
import { walletTexts, type EstimateRequest, type EstimateResponse } from '@pc/contract';
import type { Deps } from '../../deps.js';
import type { AgentViewer } from '../../platform/auth/viewer.js';
import { partnerBalances, projects } from '../../platform/db/schema.js';
import { badRequest, notFound } from '../../platform/errors/app-error.js';
import { projectsOf } from '../charging/batch-projects.js';
import { listPrice } from '../charging/list-price.js';
import { loadPricingModels, modelAt } from '../charging/pricing-models.js';

/**
 * The campaign pre-flight: what a message to each of N recipients per country and category would
 * cost at the project's prices now, and how charging would pay them. Charging pays each message
 * from the project's WCC credit when it covers the whole price, else from the central balance when
 * that does (docs/charging.md); so the lines are paid in the order given, each line's messages from
 * the credit as far as it goes, the rest from the central balance, and what neither covers is
 * reported (those messages would be left unbilled). Under per-message pricing each template is one
 * charge; service is free while the pricing model in force says so, else counted at its price (the
 * most a campaign costs: a number's free service messages of the month, a utility template inside
 * a user's open window, cost nothing).
 */
export const estimateCampaign = async (
  deps: Deps,
  agent: AgentViewer,
  projectId: string,
  body: EstimateRequest,
): Promise<EstimateResponse> => {
  const [row] = await deps.db
    .select({
      currency: projects.currency,
      credit: projects.templateCredit,
      centralBalance: partnerBalances.centralBalance,
    })
    .from(projects)
    .innerJoin(partnerBalances, eq(partnerBalances.partnerId, projects.partnerId))
    .where(and(eq(projects.id, projectId), eq(projects.partnerId, agent.partnerId)));
  if (!row) throw notFound();
  const now = deps.now();
  // The prices charging would use now: the family's, or a rate card's whose instant has come (rate-cards/transform.ts).
  const project = (await projectsOf(deps.db, [agent.partnerId], [projectId], now)).get(projectId);
  const prices = project?.pricesAt?.(now);
  if (!project || !prices) throw badRequest(walletTexts.noPrices);
  const model = modelAt(await loadPricingModels(deps.db), row.currency, now, project.timezone);
  let creditLeft = row.credit;
  let centralLeft = row.centralBalance;
  let fromCredit = 0;
  let fromCentral = 0;
  let uncovered = 0;
  const lines = body.lines.map((line) => {
    const price = listPrice(prices, row.currency, line.country, line.category, model);
    if (!price) throw badRequest(walletTexts.noPrice(line.country, line.category));
    const p = price.amount;
    if (p > 0) {
      const byCredit = Math.min(line.recipients, Math.floor(creditLeft / p));
      const byCentral = Math.min(line.recipients - byCredit, Math.floor(centralLeft / p));
      creditLeft -= byCredit * p;
      centralLeft -= byCentral * p;
      fromCredit += byCredit * p;
      fromCentral += byCentral * p;
      uncovered += (line.recipients - byCredit - byCentral) * p;
    }
    return { ...line, price: p, amount: p * line.recipients };
  });
  return {
    currency: row.currency,
    lines,
    total: lines.reduce((n, l) => n + l.amount, 0),
    credit: row.credit,
    centralBalance: row.centralBalance,
    fromCredit,
    fromCentral,
    uncovered,
    covered: uncovered === 0,
  };
};
