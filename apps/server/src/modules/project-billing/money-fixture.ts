import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { signInAs, startTestApp, type TestContext } from '../../../test/harness.js';
import { billingLogs, providerAddonPrices } from '../../platform/db/schema.js';
import type { ActivityAuthor } from '../activity/record.js';
import type { ProjectCreditKind } from '../billing/credit-transfer.js';
import { testKit } from './test-kit.js';

export const INR = 100000;

/** A member of the partner as the use cases take one (the author of their activity entries and billing-log rows). */
export const memberOf = (partnerId: string): ActivityAuthor => ({
  partnerId,
  agentId: `member-of-${partnerId}`,
  name: 'Money Tester',
  address: '',
});

/**
 * What the money test files share (money-invariant.test.ts, money.test.ts): a server on a fresh
 * database per file, Acme's owner signed in, a provider that gives the flow builder away, and the
 * ledger's own account of a balance. Fields are filled in `beforeAll`; read them inside tests.
 */
export const useMoneyFixture = () => {
  const fx = {
    t: undefined as unknown as TestContext,
    kit: undefined as unknown as ReturnType<typeof testKit>,
    owner: '',
    acme: '',
  };
  beforeAll(async () => {
    fx.t = await startTestApp();
    fx.kit = testKit(fx.t.database.db);
    fx.owner = await signInAs(fx.t.app, 'owner');
    fx.acme = await fx.kit.partnerId('Acme Messaging');
    // A provider that gives the flow builder away: the partners' add-on prices here are all margin,
    // so each activation costs exactly the price the test gives its partner.
    await fx.t.database.db
      .update(providerAddonPrices)
      .set({ inr: 0, usd: 0 })
      .where(eq(providerAddonPrices.addon, 'FLOW_BUILDER'));
  });
  afterAll(() => fx.t.close());

  /** Signed sum of a balance's billing-log rows, and the balance its last row says it left. */
  const fromLogs = async (partnerId: string, balance: 'CENTRAL' | ProjectCreditKind, projectId?: string) => {
    const rows = await fx.t.database.db
      .select()
      .from(billingLogs)
      .where(
        and(
          eq(billingLogs.partnerId, partnerId),
          eq(billingLogs.balance, balance),
          projectId ? eq(billingLogs.projectId, projectId) : undefined,
        ),
      );
    return rows.reduce((sum, r) => sum + (r.action === 'ADD' ? r.amount : -r.amount), 0);
  };

  return { fx, fromLogs };
};
