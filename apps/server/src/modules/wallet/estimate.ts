import { and, eq } from 'drizzle-orm';
import { walletTexts, type EstimateRequest, type EstimateResponse } from '@pc/contract';
import type { Deps } from '../../deps.js';
import type { AgentViewer } from '../../platform/auth/viewer.js';
import { partners, projects } from '../../platform/db/schema.js';
import { badRequest, notFound } from '../../platform/errors/app-error.js';
import { projectsOf } from '../charging/batch-projects.js';
import { conversationPrice } from '../charging/price.js';

/**
 * The campaign pre-flight: what N conversations per country and category would cost at the
 * project's prices now, and how charging would pay them. Charging pays each conversation from the
 * project's WCC credit when it covers the whole price, else from the central balance when that does
 * (docs/charging.md); so the lines are paid in the order given, each line's conversations from the
 * credit as far as it goes, the rest from the central balance, and what neither covers is reported
 * (those conversations would be left unbilled). A business-initiated template message opens a
 * conversation of its category with each recipient: one conversation a recipient, the most a
 * campaign costs (a recipient already in an open conversation costs nothing).
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
      centralBalance: partners.centralBalance,
    })
    .from(projects)
    .innerJoin(partners, eq(partners.id, projects.partnerId))
    .where(and(eq(projects.id, projectId), eq(projects.partnerId, agent.partnerId)));
  if (!row) throw notFound();
  const now = deps.now();
  // The prices charging would use now: the family's, or a rate card's whose instant has come (rate-cards/transform.ts).
  const prices = (await projectsOf(deps.db, [projectId], now)).get(projectId)?.pricesAt?.(now);
  if (!prices) throw badRequest(walletTexts.noPrices);
  let creditLeft = row.credit;
  let centralLeft = row.centralBalance;
  let fromCredit = 0;
  let fromCentral = 0;
  let uncovered = 0;
  const lines = body.lines.map((line) => {
    const price = conversationPrice(prices, row.currency, line.country, line.category, 'business', now);
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
