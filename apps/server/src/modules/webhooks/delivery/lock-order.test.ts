import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestContext } from '../../../../test/harness.js';
import { claimDueJobs } from '../../../platform/jobs/claim.js';
import { disableWebhook } from './deliver-queries.js';
import { recordAttempts } from './record-attempts.js';
import { clearWebhooks, deliveriesOf, demoPartner, emit, insertWebhook, jobOf, webhookRow } from './test-fixture.js';

// Attempts recorded for a batch of a webhook's deliveries while that webhook is disabled (its
// pending deliveries failed, their jobs gone) lock the same rows from two statements; both lock
// them in the order of their ids, whatever order a plan meets them in, so neither can wait for the
// other in a circle. On PostgreSQL the two run at once, round after round, and the outcome is
// checked: nothing pending, no job left. (With the locks taken in plan order, these rounds did not
// happen to deadlock either: the statements are short. The test holds the outcome; the order is
// the design.) The embedded database runs one statement at a time.
let t: TestContext;
let partnerId: string;
let projectId: string;
beforeAll(async () => {
  t = await startTestApp();
  ({ partnerId, projectId } = await demoPartner(t, 'owner'));
});
afterAll(() => t.close());

const ROUNDS = 8;
const DELIVERIES = 40;

describe('a webhook disabled while attempts of its deliveries are recorded', () => {
  it('never deadlocks, and leaves no pending delivery and no job of the webhook', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      await clearWebhooks(t);
      const hook = await insertWebhook(t, { partnerId, projectId, url: 'http://127.0.0.1:9/hook' });
      await emit(
        t,
        Array.from({ length: DELIVERIES }, (_, i) => ({
          partnerId,
          projectId,
          type: 'contact.created',
          payload: { contact: { id: `c${round}-${i}`, name: 'Asha', phone: '+919800000001' }, tags: [] },
        })),
      );
      // Made earlier the later their id: a scan of the webhook's deliveries by time (its log's index)
      // meets them in the opposite order of their ids.
      await t.database.db.execute(sql`
        update webhook_deliveries d set created_at = x.at
        from (select id, partner_id, timestamptz '2026-01-01' - row_number() over (order by id) * interval '1 second' as at
              from webhook_deliveries where webhook_id = ${hook.id}) x
        where d.id = x.id and d.partner_id = x.partner_id`);
      const claimed = await claimDueJobs(t.database.db, t.clock.now, DELIVERIES, ['webhook.deliver']);
      const jobOfDelivery = new Map(claimed.map((j) => [j.payload.deliveryId as string, j.id]));
      // The batch in the opposite order of the ids: the statement must not lock in the order it is given.
      const batch = (await deliveriesOf(t, hook.id))
        .sort((a, b) => (a.id < b.id ? 1 : -1))
        .filter((_, i) => i % 2 === 0)
        .map((d) => ({
          deliveryId: d.id,
          partnerId: d.partnerId,
          seenAttempts: 0,
          jobId: jobOfDelivery.get(d.id)!,
          attempt: {
            at: t.clock.now,
            statusCode: 500,
            latencyMs: 3,
            excerpt: '',
            error: null,
            status: 'PENDING' as const,
            nextAttemptAt: new Date(t.clock.now.getTime() + 5_000),
          },
        }));
      await Promise.all([
        recordAttempts(t.database.db, batch),
        t.database.db.transaction((tx) => disableWebhook(tx, partnerId, hook.id, 'FAILING', t.clock.now)),
      ]);
      expect((await webhookRow(t, hook.id))!.status).toBe('DISABLED');
      const after = await deliveriesOf(t, hook.id);
      expect(after.filter((d) => d.status === 'PENDING')).toEqual([]);
      for (const d of after) expect(await jobOf(t, d.id)).toBeUndefined();
    }
  });
});
