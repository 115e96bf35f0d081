import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_TTL_MS, projectApiMessages as m } from '@pc/contract';
import { projectApiIdempotencyKeys } from '../../platform/db/schema.js';
import { requestHashOf } from './idempotency.js';
import { pruneIdempotencyKeys } from './prune-keys.js';
import {
  conversationsWith,
  eventsTo,
  message,
  restoreMetro,
  setBalances,
  startProjectApi,
  type Api,
} from './test-fixture.js';

/**
 * Idempotency-Key on a send: a client that retries after a timeout gets the first answer, and the
 * recipient one message and the project one charge.
 */
let a: Api;
let seq = 0;
const newNumber = () => `9198765${String(20_000 + ++seq).padStart(5, '0')}`;
const newKey = () => `order-${seq}-${Math.random().toString(36).slice(2)}`;

beforeAll(async () => {
  a = await startProjectApi();
});
afterAll(() => a.t.close());
beforeEach(() => restoreMetro(a));

const sendWith = (key: string, body: unknown) =>
  a.api('POST', '/api/v1/messages', { body, headers: { 'idempotency-key': key } });
const sentTo = async (to: string) => (await eventsTo(a, to)).filter((e) => e.status === 'sent');

describe('a send with an Idempotency-Key', () => {
  it('answers a retry with the first answer and sends nothing more', async () => {
    const [to, key] = [newNumber(), newKey()];
    const first = await sendWith(key, message(to));
    expect(first.status).toBe(202);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await sendWith(key, message(to));
    expect(again).toMatchObject({ status: 202, body: first.body });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await sentTo(to)).toHaveLength(1);
    expect(await conversationsWith(a, to)).toHaveLength(1);
  });

  it('takes the same request written in another key order as the same', async () => {
    const to = newNumber();
    const body = message(to);
    const reordered = {
      template: { parameters: body.template.parameters, language: 'en', name: body.template.name },
      to,
    };
    expect(requestHashOf(reordered)).toBe(requestHashOf(body));
  });

  it('refuses the key with another request (422) and sends nothing', async () => {
    const [to, key] = [newNumber(), newKey()];
    expect((await sendWith(key, message(to))).status).toBe(202);
    const other = newNumber();
    const res = await sendWith(key, message(other));
    expect(res).toMatchObject({
      status: 422,
      body: { code: 'IDEMPOTENCY_KEY_REUSED', message: m.idempotencyKeyReused },
    });
    expect(await sentTo(other)).toHaveLength(0);
  });

  it('sends once when the same request arrives several times at once', async () => {
    const [to, key] = [newNumber(), newKey()];
    const answers = await Promise.all(Array.from({ length: 5 }, () => sendWith(key, message(to))));
    const sent = answers.filter((r) => r.status === 202 && r.headers['idempotent-replayed'] === undefined);
    expect(sent).toHaveLength(1);
    for (const r of answers.filter((x) => x !== sent[0])) {
      // Under way (409), or already answered (the same id).
      if (r.status === 409) expect(r.body.code).toBe('IDEMPOTENCY_KEY_IN_USE');
      else expect(r).toMatchObject({ status: 202, body: sent[0]!.body });
    }
    expect(await sentTo(to)).toHaveLength(1);
  });

  it('frees the key of a refused send, so the same request succeeds once its cause is fixed', async () => {
    const [to, key] = [newNumber(), newKey()];
    await setBalances(a, 0, 0);
    expect((await sendWith(key, message(to))).status).toBe(402);
    await restoreMetro(a);
    await setBalances(a, 1_000_000, 0);
    const retry = await sendWith(key, message(to));
    expect(retry.status).toBe(202);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(await sentTo(to)).toHaveLength(1);
  });

  it('forgets a key after 24 hours: the same key then sends anew, and the prune deletes it', async () => {
    const [to, key] = [newNumber(), newKey()];
    const first = await sendWith(key, message(to));
    a.t.clock.now = new Date(a.t.clock.now.getTime() + IDEMPOTENCY_KEY_TTL_MS + 1000);
    const later = await sendWith(key, message(to));
    expect(later.status).toBe(202);
    expect(later.body.messageId).not.toBe(first.body.messageId);
    a.t.clock.now = new Date(a.t.clock.now.getTime() + IDEMPOTENCY_KEY_TTL_MS + 1000);
    expect(await pruneIdempotencyKeys(a.t.deps.db, a.t.clock.now)).toBeGreaterThanOrEqual(1);
    const left = await a.t.database.db
      .select()
      .from(projectApiIdempotencyKeys)
      .where(eq(projectApiIdempotencyKeys.key, key));
    expect(left).toEqual([]);
  });

  it('refuses a malformed key with 400 and sends nothing', async () => {
    const to = newNumber();
    for (const key of ['with space', 'x'.repeat(256), 'ключ']) {
      const res = await sendWith(key, message(to));
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(m.idempotencyKeyBad);
    }
    expect(await sentTo(to)).toHaveLength(0);
  });

  it('sends as before without a key', async () => {
    const to = newNumber();
    expect((await a.send(message(to))).status).toBe(202);
    expect((await a.send(message(to))).status).toBe(202);
    expect(await sentTo(to)).toHaveLength(2);
  });
});
