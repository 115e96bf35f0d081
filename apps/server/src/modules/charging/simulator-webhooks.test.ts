import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { webhookTopics } from '@pc/contract';
import { startTestApp, type TestContext } from '../../../test/harness.js';
import { projects, webhookDeliveries, webhookEvents } from '../../platform/db/schema.js';
import { clearWebhooks, insertWebhook } from '../webhooks/delivery/test-fixture.js';
import { makeContactTraffic, newContactBook } from './contact-traffic.js';
import { liveProjects, simulatorTicks } from './simulator.js';
import { makeTraffic, randomSource } from './traffic.js';

let t: TestContext;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const STEP = 5_000;
/** `n` ticks of 5 s of a simulator seeded with `seed`, the first starting at `start`. */
const runTicks = async (seed: number, start: Date, n: number) => {
  const tick = simulatorTicks(t.deps.db, seed);
  let contactEvents = 0;
  for (let i = 0; i < n; i++) {
    const from = new Date(start.getTime() + i * STEP);
    contactEvents += (await tick(from, new Date(from.getTime() + STEP))).contactEvents;
  }
  return contactEvents;
};

const countEvents = async () =>
  Number((await t.deps.db.select({ n: sql<string>`count(*)` }).from(webhookEvents))[0]!.n);

describe("the simulator's contact and chat events", () => {
  const sims = [
    { id: 'project000001', partnerId: 'pa1' },
    { id: 'project000002', partnerId: 'pa2' },
  ];
  const simulate = (seed: number, ticks: number) => {
    const rng = randomSource(seed);
    const book = newContactBook();
    const out = [];
    for (let i = 0; i < ticks; i++) {
      const from = new Date(Date.UTC(2026, 10, 20) + i * STEP);
      const to = new Date(from.getTime() + STEP);
      const traffic = makeTraffic(
        sims.map((p) => ({ id: p.id, currency: 'INR' as const })),
        from,
        to,
        3,
        rng,
        `t${i}`,
      );
      out.push({ from, to, events: makeContactTraffic(sims, traffic, book, from, to, rng, `t${i}`) });
    }
    return out;
  };

  it('are the same from the same seed, a few a project a tick, inside the tick, and tell a coherent story', () => {
    const ticks = simulate(3, 60);
    expect(simulate(3, 60)).toEqual(ticks);
    const created = new Set<string>();
    const openChats = new Map<string, string>();
    const firstMessages = new Map<string, string>();
    for (const { from, to, events } of ticks) {
      for (const p of sims) expect(events.filter((e) => e.projectId === p.id).length).toBeLessThanOrEqual(8);
      for (const e of events) {
        expect(e.occurredAt >= from && e.occurredAt < to).toBe(true);
        expect(e.partnerId).toBe(sims.find((p) => p.id === e.projectId)!.partnerId);
        if (e.type === 'message.sender.user') continue;
        const contact = e.payload.contact as { id: string };
        if (e.type === 'contact.created') {
          expect(created.has(contact.id)).toBe(false);
          created.add(contact.id);
          continue;
        }
        expect(created.has(contact.id), `${e.type} before contact.created`).toBe(true);
        const chat = e.payload.chat as { id: string } | undefined;
        const first = e.payload.firstMessage as { messageId: string } | undefined;
        if (e.type === 'contact.chat.requesting') {
          expect(openChats.has(contact.id)).toBe(false);
          openChats.set(contact.id, chat!.id);
        }
        if (e.type === 'contact.chat.intervened') expect(openChats.get(contact.id)).toBe(chat!.id);
        if (e.type === 'contact.chat.closed') {
          expect(openChats.get(contact.id)).toBe(chat!.id);
          openChats.delete(contact.id);
        }
        if (e.type === 'contact.first_message.added') firstMessages.set(contact.id, first!.messageId);
        if (e.type === 'contact.first_message.removed') {
          expect(firstMessages.get(contact.id)).toBe(first!.messageId);
          firstMessages.delete(contact.id);
        }
      }
    }
    const types = new Set(ticks.flatMap((x) => x.events.map((e) => e.type)));
    expect([...types].sort()).toEqual(webhookTopics.filter((x) => !/^message\.(created|status)/.test(x)).sort());
  });

  it('with a webhook of all 14 topics, a few ticks deliver every contact topic and message.sender.user', async () => {
    await clearWebhooks(t);
    // One live project (the others' WhatsApp accounts deleted): the seed alone decides what happens.
    const live = await liveProjects(t.deps.db);
    const [first] = await t.deps.db
      .select({ id: projects.id })
      .from(projects)
      .where(
        inArray(
          projects.id,
          live.map((p) => p.id),
        ),
      )
      .orderBy(projects.name)
      .limit(1);
    const project = live.find((p) => p.id === first!.id);
    await t.deps.db.update(projects).set({ wabaDeleted: true }).where(ne(projects.id, project!.id));
    expect(await liveProjects(t.deps.db)).toHaveLength(1);
    const hook = await insertWebhook(t, {
      partnerId: project!.partnerId,
      projectId: project!.id,
      url: 'https://hooks.example.com/in',
      topics: [...webhookTopics],
    });
    // Seed 11 covers every topic within 40 ticks: new odds in contact-traffic.ts may want more ticks.
    expect(await runTicks(11, new Date(Date.now() - 2 * 60 * 60_000), 40)).toBeGreaterThan(0);
    const told = await t.deps.db
      .selectDistinct({ type: webhookEvents.type })
      .from(webhookDeliveries)
      .innerJoin(
        webhookEvents,
        and(eq(webhookEvents.id, webhookDeliveries.eventId), eq(webhookEvents.partnerId, webhookDeliveries.partnerId)),
      )
      .where(eq(webhookDeliveries.webhookId, hook.id));
    expect(told.map((r) => r.type).sort()).toEqual([...webhookTopics].sort());
  });

  it('with no webhook, writes nothing to webhook_events', async () => {
    await clearWebhooks(t);
    expect(await countEvents()).toBe(0);
    expect(await runTicks(12, new Date(Date.now() - 30 * 60_000), 6)).toBeGreaterThan(0);
    expect(await countEvents()).toBe(0);
  });
});
