import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { conversations } from '../../platform/db/schema.js';
import { makeProject } from '../../seed/businesses.js';
import { makeWccFamily } from '../../seed/catalogue.js';
import { prices, useChargingFixture } from '../charging/fixture.js';
import { rateCardKit } from './test-kit.js';

/**
 * Charging batches running while the apply job commits (on PostgreSQL truly at once; on PGlite one
 * after the other): each batch reads its projects' prices and the cards in one statement, so every
 * conversation is priced by the card in force at its start, whichever side of the commit it read.
 */
const { fx, post, event } = useChargingFixture();
const kit = rateCardKit(() => fx.t);
const INR = 100000;

it('prices every conversation of batches concurrent with the apply job by its start', async () => {
  await kit.signInBoth();
  await kit.cancelScheduled('INR');
  const instant = new Date(fx.t.clock.now.getTime() + 86_400_000);
  const keepFamily = (await makeWccFamily(fx.t.deps.db, fx.partnerId, 'Concurrent keep', prices)).id;
  const project = async (name: string, wccPlanId: string) =>
    (
      await makeProject(fx.t.deps.db, {
        partnerId: fx.partnerId,
        businessId: fx.businessId,
        name,
        wccPlanId,
        isWhatsappVerified: true,
        openingCredit: 5000 * INR,
      })
    ).id;
  const passing = await project('Concurrent pass', fx.familyId);
  const keeping = await project('Concurrent keep', keepFamily);
  const cardId = await kit.loadCard('INR', instant, 'country,category,price\nIN,marketing,0.95\n');
  expect((await kit.choose(cardId, keepFamily, 'KEEP')).status).toBe(200);
  fx.t.clock.now = new Date(instant.getTime() + 60_000);

  // 16 batches, each with conversations either side of the instant on both projects, and the job among them.
  const batch = (b: number) =>
    post(
      [passing, keeping].flatMap((projectId) =>
        [-5, -1, 1, 5].map((offset) =>
          event(projectId, {
            recipient: `c${b}:${offset}`,
            timestamp: new Date(instant.getTime() + offset).toISOString(),
          }),
        ),
      ),
    );
  const batches = Array.from({ length: 16 }, (_, b) => batch(b));
  const [job, ...answers] = await Promise.all([kit.runApplyJob(), ...batches]);
  expect(job).toEqual({ ran: 1, failed: 0 });
  expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
  expect(await kit.statusOf(cardId)).toBe('APPLIED');

  const rows = await fx.t.deps.db
    .select({
      projectId: conversations.projectId,
      startedAt: conversations.startedAt,
      amount: conversations.amount,
      provider: conversations.providerAmount,
    })
    .from(conversations)
    .where(eq(conversations.partnerId, fx.partnerId));
  const ours = rows.filter((r) => r.projectId === passing || r.projectId === keeping);
  expect(ours).toHaveLength(16 * 8);
  for (const r of ours) {
    const after = r.startedAt >= instant;
    const expected = !after
      ? { amount: 100000, provider: 90000 }
      : r.projectId === passing
        ? { amount: 105000, provider: 95000 }
        : { amount: 100000, provider: 95000 };
    expect({ amount: r.amount, provider: r.provider }).toEqual(expected);
  }
});
