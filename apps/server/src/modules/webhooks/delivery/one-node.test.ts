import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestContext } from '../../../../test/harness.js';
import {
  clearWebhooks,
  deliveriesOf,
  deliveryModuleFor,
  demoPartner,
  emit,
  insertWebhook,
  runJobs,
  startReceiver,
  webhookRow,
  type Receiver,
} from './test-fixture.js';
import { explainEach, statementsOf, type Plan } from '../../../../test/citus-plans.js';

/** Whether a statement reads or writes a table of webhooks (not the jobs alone). */
const touchesWebhooks = (p: Plan) => /webhook(s|_deliveries|_attempts|_events)\b/.test(p.text);

/**
 * On Citus, the delivery worker's statements for one partner's deliveries each go to that
 * partner's node: every statement it sends while running a batch of jobs is explained with its own
 * parameters and must run one task (or none: the jobs live on the coordinator). The jobs name their
 * delivery's partner; one queued without it (before jobs carried it) is still delivered, its
 * partner read first by the delivery's id, the one statement seen on every shard. The outbox's
 * look-up of the webhooks that take an event names the events' partners too. Runs with the Citus
 * suite (`npm run test:citus`).
 */
const skipped = process.env.CITUS_SUITE ? '' : 'skipped: it runs with the Citus suite, npm run test:citus';
const SHARDS = Number(process.env.CITUS_SHARD_COUNT ?? 8);

describe.skipIf(skipped)(`a partner's webhook deliveries on one node${skipped ? ` (${skipped})` : ''}`, () => {
  let t: TestContext;
  let rx: Receiver;
  let partnerId: string;
  let projectId: string;
  beforeAll(async () => {
    t = await startTestApp({ env: { WEBHOOK_ALLOW_PRIVATE_URLS: 'true' } });
    rx = await startReceiver(
      () => '',
      () => t.clock.now,
    );
    ({ partnerId, projectId } = await demoPartner(t, 'owner'));
  });
  afterAll(async () => {
    await rx.close();
    await t.close();
  });

  const contactCreated = (id: string) => ({
    partnerId,
    projectId,
    type: 'contact.created',
    payload: { contact: { id, name: 'Asha', phone: '+919800000001' }, tags: [] },
  });

  /** A webhook of the partner with `count` deliveries queued, and the plans of the batch that runs them. */
  const runBatch = async (count: number, before?: (webhookId: string) => Promise<unknown>) => {
    await clearWebhooks(t);
    const mod = deliveryModuleFor(t);
    const hook = await insertWebhook(t, { partnerId, projectId, url: rx.url });
    await emit(
      t,
      Array.from({ length: count }, (_, i) => contactCreated(`n${i}`)),
    );
    await before?.(hook.id);
    const sent = await statementsOf(() => runJobs(t, mod.jobHandlers));
    return { hook, plans: await explainEach(t, sent) };
  };

  it('sees a statement by a delivery id alone run on every shard', async () => {
    const [plan] = await explainEach(t, [
      { text: 'select status from webhook_deliveries where id = $1', values: ['x'] },
    ]);
    expect(plan!.tasks).toBe(SHARDS);
  });

  it('a batch delivered: every statement one task', async () => {
    rx.answer({ status: 200 });
    const { hook, plans } = await runBatch(6);
    expect((await deliveriesOf(t, hook.id)).map((d) => d.status)).toEqual(Array(6).fill('DELIVERED'));
    // The deliveries read, and their attempts recorded with their jobs' ends.
    expect(plans.filter(touchesWebhooks).length).toBeGreaterThanOrEqual(2);
    expect(plans.filter((p) => p.tasks > 1)).toEqual([]);
  });

  it('a batch to retry: every statement one task', async () => {
    rx.answer({ status: 503 });
    const { hook, plans } = await runBatch(4);
    expect((await deliveriesOf(t, hook.id)).map((d) => [d.status, d.attempts])).toEqual(Array(4).fill(['PENDING', 1]));
    expect(plans.filter((p) => p.tasks > 1)).toEqual([]);
  });

  it('a 410 disabling the webhook: every statement one task', async () => {
    rx.answer({ status: 410 });
    const { hook, plans } = await runBatch(1);
    expect((await webhookRow(t, hook.id))!).toMatchObject({ status: 'DISABLED', disabledReason: 'GONE' });
    expect(plans.filter((p) => p.tasks > 1)).toEqual([]);
  });

  it('deliveries of a webhook disabled meanwhile, given up unsent: every statement one task', async () => {
    const { hook, plans } = await runBatch(2, (webhookId) =>
      t.database.db.execute(
        sql`update webhooks set status = 'DISABLED' where id = ${webhookId} and partner_id = ${partnerId}`,
      ),
    );
    expect((await deliveriesOf(t, hook.id)).map((d) => d.status)).toEqual(['FAILED', 'FAILED']);
    expect(plans.filter((p) => p.tasks > 1)).toEqual([]);
  });

  it("emitting one partner's events: its webhooks looked up on its node", async () => {
    await clearWebhooks(t);
    await insertWebhook(t, { partnerId, projectId, url: rx.url });
    const sent = await statementsOf(() => emit(t, [contactCreated('e1'), contactCreated('e2')]));
    const plans = await explainEach(t, sent);
    // The inserts go through the coordinator, each row to its partner's shard.
    expect(plans.filter((p) => p.tasks > 1)).toEqual([]);
    const lookup = plans.filter((p) => /^select id, project_id, partner_id, topics from webhooks/.test(p.text));
    expect(lookup).toHaveLength(1);
    expect(lookup[0]!.tasks).toBe(1);
  });

  it('jobs queued before they named their partner: delivered, only their partners read on every shard', async () => {
    rx.answer({ status: 200 });
    const { hook, plans } = await runBatch(3, () =>
      t.database.db.execute(sql`update jobs set payload = payload - 'partnerId' where kind = 'webhook.deliver'`),
    );
    expect((await deliveriesOf(t, hook.id)).map((d) => d.status)).toEqual(Array(3).fill('DELIVERED'));
    const everywhere = plans.filter((p) => p.tasks > 1);
    expect(everywhere).toHaveLength(1);
    expect(everywhere[0]!.text).toMatch(/from "webhook_deliveries" where .*"id" = any/);
  });
});
