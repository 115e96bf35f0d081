import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formatMoney, projectApiMessages } from '@pc/contract';
import { setTimeout as sleep } from 'node:timers/promises';
import { jobs } from '../../platform/db/schema.js';
import type { MetaMessagesProvider } from '../../providers/meta/messages/messages.js';
import { setProject } from '../webhooks/test-fixture.js';
import { ingestMessages } from '../charging/ingest.js';
import { assertPayable } from './credit.js';
import { findApiProject } from './queries.js';
import { sendTemplateMessage } from './send.js';
import { createSerial } from './serial.js';
import {
  balances,
  billingLog,
  conversationsWith,
  eventsTo,
  message,
  restoreMetro,
  setBalances,
  startProjectApi,
  type Api,
} from './test-fixture.js';

/**
 * The credit check of a send: the message must be payable by the project's template credit or the
 * partner's central balance, else 402 and nothing is sent; a utility template in an open service
 * window costs nothing while Meta keeps it free; two sends at once never get past the same credit;
 * a message is priced by the pricing model in force when it is sent.
 */
let a: Api;
/** What a Utility message to India costs Metro Clinics (learnt from a first send). */
let price = 0;
let seq = 0;
const newNumber = () => `9198765${String(10_000 + ++seq).padStart(5, '0')}`;

beforeAll(async () => {
  a = await startProjectApi();
  const to = newNumber();
  expect((await a.send(message(to))).status).toBe(202);
  price = (await conversationsWith(a, to))[0]!.amount;
  expect(price).toBeGreaterThan(0);
});
afterAll(() => a.t.close());
beforeEach(() => restoreMetro(a));

const statusJobsOf = async (to: string) =>
  (await a.t.database.db.select({ payload: jobs.payload }).from(jobs)).filter((j) => j.payload.recipient === to);

describe('402', () => {
  it('when neither balance covers the message: a clear message, no event, nothing scheduled', async () => {
    await setBalances(a, 0, price - 1);
    const to = newNumber();
    const res = await a.send(message(to));
    expect(res.status).toBe(402);
    expect(res.body).toEqual({
      code: 'INSUFFICIENT_CREDIT',
      message: projectApiMessages.insufficientCredit(
        `a Utility message to IN costs ${formatMoney(price, 'INR')}, and neither this project's template credit (₹0.00) nor its partner's balance covers it.`,
      ),
    });
    expect(await eventsTo(a, to)).toEqual([]);
    expect(await conversationsWith(a, to)).toEqual([]);
    expect(await statusJobsOf(to)).toEqual([]);
    expect(await balances(a)).toEqual({ credit: 0, central: price - 1 });
  });

  it("when the project's WCC plan prices nothing", async () => {
    await setProject(a.t, a.metro.id, { wccPlanId: null });
    const res = await a.send(message(newNumber()));
    expect(res.status).toBe(402);
    expect(res.body.message).toBe(
      projectApiMessages.insufficientCredit("this project's WCC plan has no price for a Utility message to IN."),
    );
    await setProject(a.t, a.metro.id, { wccPlanId: a.metro.wccPlanId });
  });
});

describe('the balance that pays', () => {
  it("is the central balance when the project's credit is short, to the unit", async () => {
    await setBalances(a, price - 1, price);
    const to = newNumber();
    expect((await a.send(message(to))).status).toBe(202);
    const [conversation] = await conversationsWith(a, to);
    expect(conversation).toMatchObject({ billingStatus: 'CHARGED', balance: 'CENTRAL' });
    expect(await billingLog(a, conversation!.billingLogId!)).toMatchObject({ reasonCode: 'MESSAGE_DELIVERY_CENTRAL' });
    expect(await balances(a)).toEqual({ credit: price - 1, central: 0 });
  });

  it('is needed for every template under per-message pricing, a second one to the same number too', async () => {
    const to = newNumber();
    expect((await a.send(message(to))).status).toBe(202);
    await setBalances(a, 0, 0);
    const second = await a.send(message(to));
    expect(second.status).toBe(402);
    expect(second.body.message).toContain('a Utility message to IN');
    expect(await eventsTo(a, to)).toHaveLength(1);
  });

  it('is none for a utility template in the user’s open service window while Meta kept it free (before 1 October 2026)', async () => {
    const to = newNumber();
    const now = a.t.clock.now;
    a.t.clock.now = new Date('2025-09-10T10:00:00Z');
    try {
      const inbound = { messageId: `in-${to}`, projectId: a.metro.id, from: to, country: 'IN' };
      await ingestMessages(a.t.database.db, {
        events: [],
        inbound: [{ ...inbound, timestamp: '2025-09-10T09:00:00Z' }],
      });
      await setBalances(a, 0, 0);
      expect((await a.send(message(to))).status).toBe(202);
      // An authentication template is charged inside the window too, and nothing pays it.
      expect(
        (await a.send(message(to, { name: 'login_code', language: 'en_US', parameters: ['482913'] }))).status,
      ).toBe(402);
      a.t.clock.now = new Date('2025-09-11T09:00:01Z');
      expect((await a.send(message(to))).status).toBe(402);
    } finally {
      a.t.clock.now = now;
    }
  });
});

describe('two sends at once with credit for one', () => {
  it('one is accepted and charged, the other refused: no conversation goes unbilled', async () => {
    await setBalances(a, price, 0);
    // A provider that takes its time, so that the second send arrives while the first is with it.
    let n = 0;
    const slow: MetaMessagesProvider = {
      mode: 'sandbox',
      sendTemplate: async () => {
        await sleep(50);
        return { messageId: `wamid.slow.${++n}`, acceptedAt: a.t.clock.now };
      },
      jobHandlers: {},
    };
    const ctx = { ...a.t.deps, messages: slow, serial: createSerial() };
    const caller = {
      privateAppId: a.credential.id,
      project: (await findApiProject(a.t.deps.db, a.metro.partnerId, a.metro.id))!,
    };
    const [first, second] = [newNumber(), newNumber()];
    const results = await Promise.allSettled(
      [first, second].map((to) => sendTemplateMessage(ctx, caller, message(to), a.t.app.log)),
    );
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected']);
    expect((results[1] as PromiseRejectedResult).reason).toMatchObject({ httpStatus: 402 });
    expect(n).toBe(1);
    expect(await conversationsWith(a, first)).toMatchObject([{ billingStatus: 'CHARGED' }]);
    expect(await conversationsWith(a, second)).toEqual([]);
    expect(await balances(a)).toEqual({ credit: 0, central: 0 });
  });
});

describe('the pricing model in force at the send', () => {
  // The project API sends templates only; the check itself prices any category (docs/charging.md).
  const service = (at: string) =>
    assertPayable(a.t.deps.db, {
      partnerId: a.metro.partnerId,
      projectId: a.metro.id,
      category: 'service',
      country: 'IN',
      recipient: newNumber(),
      at: new Date(at),
    });

  it('asks a balance for a service message once Meta charges service (1 October 2026)', async () => {
    await setBalances(a, 0, 0);
    await expect(service('2026-11-20T10:00:00Z')).rejects.toMatchObject({
      httpStatus: 402,
      message: expect.stringContaining('a Service message to IN costs'),
    });
    await setBalances(a, 0, 100 * 100_000);
    await expect(service('2026-11-20T10:00:00Z')).resolves.toBeUndefined();
  });

  it('asks none while Meta kept service free, and one for a service conversation before 1 November 2024', async () => {
    await setBalances(a, 0, 0);
    // Metro's business keeps Asia/Calcutta time: 15:30 on 30 September 2026 there, the last free day.
    await expect(service('2026-09-30T10:00:00Z')).resolves.toBeUndefined();
    await expect(service('2025-01-15T10:00:00Z')).resolves.toBeUndefined();
    await expect(service('2024-06-15T10:00:00Z')).rejects.toMatchObject({
      httpStatus: 402,
      message: expect.stringContaining('a Service conversation with IN costs'),
    });
  });
});
