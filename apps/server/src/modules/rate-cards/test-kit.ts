import { and, eq } from 'drizzle-orm';
import type { RateCardAnswer, RateCardsResponse } from '@pc/contract';
import { call, signInAs, type TestContext } from '../../../test/harness.js';
import { conversations, rateCards } from '../../platform/db/schema.js';
import { runDueJobs } from '../../platform/jobs/runner.js';
import { RATE_CARD_JOB } from './load.js';

/** What the rate-card test files share over a test app: the super-admin's and the owner's calls, the job, the charges. */
export const rateCardKit = (ctx: () => TestContext) => {
  const tokens = { admin: '', owner: '' };
  const signInBoth = async () => {
    [tokens.admin, tokens.owner] = await Promise.all([signInAs(ctx().app, 'admin'), signInAs(ctx().app, 'owner')]);
  };

  /** The demo's scheduled INR card is cancelled, so a test may load its own. */
  const cancelScheduled = async (currency: 'INR' | 'USD') => {
    const cards = (await call<RateCardsResponse>(ctx().app, 'GET', '/superadmin/rate-cards', { token: tokens.admin }))
      .body.rateCards;
    for (const card of cards.filter((c) => c.status === 'SCHEDULED' && c.currency === currency))
      await call(ctx().app, 'POST', `/superadmin/rate-cards/${card._id}/cancel`, { token: tokens.admin });
  };

  const loadCard = async (currency: 'INR' | 'USD', effectiveAt: Date, csv: string) => {
    const res = await call<RateCardAnswer>(ctx().app, 'POST', '/superadmin/rate-cards', {
      token: tokens.admin,
      body: { currency, effectiveAt: effectiveAt.toISOString(), fileName: 'test.csv', csv },
    });
    if (res.status !== 200) throw new Error(`loading the card failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.rateCard._id;
  };

  const choose = (cardId: string, familyId: string, choice: 'KEEP' | 'PASS', token = tokens.owner) =>
    call<{ message: string; choice?: string }>(ctx().app, 'PUT', `/api/rate-cards/${cardId}/families/${familyId}`, {
      token,
      body: { choice },
    });

  /** The apply job alone, on the test's clock. */
  const runApplyJob = () =>
    runDueJobs(ctx().deps.db, { [RATE_CARD_JOB]: ctx().app.jobHandlers[RATE_CARD_JOB]! }, ctx().deps.now, {
      concurrency: 1,
    });

  const statusOf = async (cardId: string) =>
    (await ctx().deps.db.select({ s: rateCards.status }).from(rateCards).where(eq(rateCards.id, cardId)))[0]!.s;

  /** The conversation a recipient of the project opened: its price and the provider's. */
  const chargeOf = async (projectId: string, recipient: string) => {
    const [row] = await ctx()
      .deps.db.select({ amount: conversations.amount, provider: conversations.providerAmount })
      .from(conversations)
      .where(and(eq(conversations.projectId, projectId), eq(conversations.recipient, recipient)));
    return row;
  };

  return { tokens, signInBoth, cancelScheduled, loadCard, choose, runApplyJob, statusOf, chargeOf };
};
