import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import type { SyncTemplatesResponse } from '@pc/contract';
import { call, signInAs, startTestApp, type TestContext } from '../../../test/harness.js';
import { postMetaWebhook } from '../../../test/meta-webhook.js';
import { jobs, templates } from '../../platform/db/schema.js';
import { runDueJobs } from '../../platform/jobs/runner.js';
import { createMetaTemplates, metaAppSecret } from '../../providers/meta/templates/create.js';
import { signMetaPayload } from '../../providers/meta/templates/signature.js';
import { categoryUpdatePayload, statusUpdatePayload } from '../../providers/meta/templates/webhook-payloads.js';
import { RECATEGORISED_MAIL_JOB } from './sync-queries.js';
import { createTemplate, freeLiveProjectsOf, validInput, whoAmI } from './test-fixture.js';

const VERIFY_TOKEN = 'a-long-verify-token-only-meta-knows';
let t: TestContext;
let owner: string;
let secret: string;
let freeProjects: string[] = [];
let used = 0;
const fresh = () => freeProjects[used++]!;

beforeAll(async () => {
  t = await startTestApp({ env: { META_WEBHOOK_VERIFY_TOKEN: VERIFY_TOKEN } });
  owner = await signInAs(t.app, 'owner');
  secret = metaAppSecret(t.deps.env);
  const acmeId = (await whoAmI(t, owner)).partnerId;
  freeProjects = await freeLiveProjectsOf(t, acmeId);
});
afterAll(() => t.close());

const later = (ms: number) => (t.clock.now = new Date(t.clock.now.getTime() + ms));
const rowOf = async (id: string) => (await t.database.db.select().from(templates).where(eq(templates.id, id)))[0]!;
const mailJobs = () => t.database.db.select().from(jobs).where(eq(jobs.kind, RECATEGORISED_MAIL_JOB));

const deliver = (body: string, signature: string | null = signMetaPayload(secret, body)) =>
  postMetaWebhook(t, body, signature);

/** A template submitted through the console (PENDING, with Meta's id), as the webhook refers to it. */
const submitted = async (over: Parameters<typeof validInput>[0] = {}) => {
  const p = fresh();
  const res = await createTemplate(t, owner, p, validInput(over));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const row = await rowOf(res.body.id);
  const ref = { wabaId: p, id: row.providerTemplateId!, name: row.name, language: row.language };
  return { p, row, ref };
};

describe('POST /platform/meta/webhook', () => {
  it("applies a correctly signed status update: Meta's status and reason ('' for NONE)", async () => {
    const { row, ref } = await submitted({ name: 'status_news' });
    const approved = JSON.stringify(
      statusUpdatePayload({ ...ref, event: 'APPROVED', reason: 'NONE', category: 'UTILITY' }, t.clock.now),
    );
    later(1000);
    const res = await deliver(approved);
    expect(res.statusCode, res.body).toBe(200);
    expect(await rowOf(row.id)).toMatchObject({ status: 'APPROVED', rejectedReason: '', updatedAt: t.clock.now });
    const paused = statusUpdatePayload(
      { ...ref, event: 'PAUSED', reason: 'LOW_QUALITY', category: 'UTILITY' },
      t.clock.now,
    );
    expect((await deliver(JSON.stringify(paused))).statusCode).toBe(200);
    expect(await rowOf(row.id)).toMatchObject({ status: 'PAUSED', rejectedReason: 'LOW_QUALITY' });
  });

  it('refuses a flipped byte in the body or the signature, a missing or foreign signature: 401, nothing changed', async () => {
    const { row, ref } = await submitted({ name: 'tamper_proof' });
    const body = JSON.stringify(
      statusUpdatePayload({ ...ref, event: 'REJECTED', reason: 'SCAM', category: 'UTILITY' }, t.clock.now),
    );
    const signature = signMetaPayload(secret, body);
    const flippedBody = body.replace('"SCAM"', '"SCAN"');
    const lastHex = signature.at(-1) === '0' ? '1' : '0';
    const attempts: [string, string | null][] = [
      [flippedBody, signature],
      [body, `${signature.slice(0, -1)}${lastHex}`],
      [body, null],
      [body, signMetaPayload('someone-else', body)],
      [body, 'sha256=not-hex'],
    ];
    for (const [payload, sig] of attempts) {
      const res = await deliver(payload, sig);
      expect(res.statusCode, `${sig}`).toBe(401);
      expect(res.json().message).toBe('Invalid webhook signature.');
    }
    expect(await rowOf(row.id)).toEqual(row);
    // The bytes as signed still pass.
    expect((await deliver(body, signature)).statusCode).toBe(200);
    expect(await rowOf(row.id)).toMatchObject({ status: 'REJECTED', rejectedReason: 'SCAM' });
  });

  it('refuses a body that is not JSON or not a webhook with 400, and other routes keep their JSON parser', async () => {
    for (const payload of ['{"object": ', '{"__proto__": {"x": 1}}', '{}', '{"object":"whatsapp_business_account"}'])
      expect((await deliver(payload)).statusCode, payload).toBe(400);
    const res = await call(t.app, 'POST', '/api/template-lists', {
      token: owner,
      body: { skip: 0, rowsPerPage: 10, assistantId: freeProjects[0] },
    });
    expect(res.status).toBe(200);
  });

  it('takes a replayed delivery without changing anything more', async () => {
    const { row, ref } = await submitted({ name: 'said_twice' });
    const body = JSON.stringify(
      statusUpdatePayload({ ...ref, event: 'APPROVED', reason: 'NONE', category: 'UTILITY' }, t.clock.now),
    );
    expect((await deliver(body)).statusCode).toBe(200);
    const once = await rowOf(row.id);
    later(60_000);
    expect((await deliver(body)).statusCode).toBe(200);
    expect(await rowOf(row.id)).toEqual(once);
  });

  it("takes Meta's category move once (one mail), and an approval delivered after it does not undo it", async () => {
    const { row, ref } = await submitted({ name: 'moved_by_webhook' });
    const before = (await mailJobs()).length;
    const move = JSON.stringify(
      categoryUpdatePayload({ ...ref, previousCategory: 'UTILITY', newCategory: 'MARKETING' }, t.clock.now),
    );
    later(1000);
    expect((await deliver(move)).statusCode).toBe(200);
    expect(await rowOf(row.id)).toMatchObject({
      category: 'MARKETING',
      previousCategory: 'UTILITY',
      categoryChangedAt: t.clock.now,
    });
    const approval = statusUpdatePayload(
      { ...ref, event: 'APPROVED', reason: 'NONE', category: 'UTILITY' },
      t.clock.now,
    );
    later(1000);
    expect((await deliver(JSON.stringify(approval))).statusCode).toBe(200);
    expect(await rowOf(row.id)).toMatchObject({
      status: 'APPROVED',
      category: 'MARKETING',
      previousCategory: 'UTILITY',
    });
    expect((await deliver(move)).statusCode).toBe(200);
    const queued = (await mailJobs()).filter((j) => j.payload.templateId === row.id);
    expect(queued).toHaveLength(1);
    expect((await mailJobs()).length).toBe(before + 1);
  });

  it('ignores unknown templates and fields with 200', async () => {
    const ref = { wabaId: 'waba', id: '1999999999999999', name: 'unknown_one', language: 'en' };
    const unknown = statusUpdatePayload(
      { ...ref, event: 'APPROVED', reason: 'NONE', category: 'UTILITY' },
      t.clock.now,
    );
    const other = {
      object: 'whatsapp_business_account',
      entry: [{ changes: [{ field: 'messages', value: { x: 1 } }] }],
    };
    const before = await t.database.db.select().from(templates).orderBy(asc(templates.id));
    for (const body of [unknown, other]) expect((await deliver(JSON.stringify(body))).statusCode).toBe(200);
    expect(await t.database.db.select().from(templates).orderBy(asc(templates.id))).toEqual(before);
  });
});

describe('GET /platform/meta/webhook (the subscription handshake)', () => {
  const handshake = (query: string) => t.app.inject({ method: 'GET', url: `/platform/meta/webhook?${query}` });

  it('answers the challenge as plain text when the verify token matches', async () => {
    const res = await handshake(`hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1158201444`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toBe('1158201444');
  });

  it('refuses another token or mode with 403, and a handshake without its fields with 400', async () => {
    expect((await handshake('hub.mode=subscribe&hub.verify_token=guess&hub.challenge=1')).statusCode).toBe(403);
    expect((await handshake(`hub.mode=unsubscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1`)).statusCode).toBe(
      403,
    );
    expect((await handshake('hub.mode=subscribe')).statusCode).toBe(400);
  });
});

describe("the sandbox Meta's loop, end to end", () => {
  /** The sandbox's deliveries go to this app (not over the network); `up` says whether the console answers. */
  const loop = (up: { ok: boolean }) => {
    const meta = createMetaTemplates(t.deps.env, t.deps.db, t.deps.now, {
      send: async (url, body, headers) => {
        if (!up.ok) return 503;
        return (await t.app.inject({ method: 'POST', url: new URL(url).pathname, payload: body, headers })).statusCode;
      },
    });
    const handlers = { ...t.app.jobHandlers, ...meta.jobHandlers };
    return async () => {
      later(t.deps.env.META_SANDBOX_REVIEW_DELAY_MS + 2000);
      // The review, its delivery (stored, then worked by its job), the category move that follows
      // it, and the owner's mail.
      for (let round = 0; round < 8; round += 1) {
        await runDueJobs(t.deps.db, handlers, t.deps.now);
        later(2000);
      }
    };
  };

  it('a template created in the console is reviewed by the sandbox and turns APPROVED by its webhook', async () => {
    const { row } = await submitted({ name: 'end_to_end' });
    await loop({ ok: true })();
    expect(await rowOf(row.id)).toMatchObject({ status: 'APPROVED', rejectedReason: '', category: 'UTILITY' });
  });

  it('a promotional UTILITY template is approved, moved to MARKETING by the webhook, and the owner mailed', async () => {
    const text = 'Hello {{1}}, your order {{2}} is on its way. Use coupon code SAVE10 on your next order with us.';
    const { row } = await submitted({ name: 'end_to_end_move', text });
    const sent = t.outbox.sent.length;
    await loop({ ok: true })();
    expect(await rowOf(row.id)).toMatchObject({
      status: 'APPROVED',
      category: 'MARKETING',
      previousCategory: 'UTILITY',
    });
    expect(t.outbox.sent.slice(sent).map((x) => x.subject)).toContain(
      'Meta moved your template end_to_end_move to MARKETING',
    );
  });

  it('when the webhook cannot be delivered, a sync picks up the status', async () => {
    const { p, row } = await submitted({ name: 'missed_webhook' });
    await loop({ ok: false })();
    expect((await rowOf(row.id)).status).toBe('PENDING');
    const res = await call<SyncTemplatesResponse>(t.app, 'POST', '/partner/:partnerId/sync-templates', {
      token: owner,
      body: { assistantId: p },
    });
    expect(res.body).toMatchObject({ message: 'Sync-template successful', updated: 1 });
    expect(await rowOf(row.id)).toMatchObject({ status: 'APPROVED', rejectedReason: '' });
  });
});

describe("the webhook's rate limit", () => {
  it("lets Meta's bursts past the public routes' limit, and still stops a flood from one address", async () => {
    const limited = await startTestApp({ seed: false, env: { RATE_LIMIT_PUBLIC_PER_MINUTE: '2' } });
    try {
      const body = JSON.stringify({ object: 'whatsapp_business_account', entry: [] });
      const headers = { 'content-type': 'application/json', 'x-hub-signature-256': signMetaPayload(secret, body) };
      const post = () =>
        limited.app.inject({
          method: 'POST',
          url: '/platform/meta/webhook',
          headers,
          payload: body,
          remoteAddress: '31.13.64.1',
        });
      const statuses: number[] = [];
      for (let i = 0; i < 21; i += 1) statuses.push((await post()).statusCode);
      expect(statuses.slice(0, 20)).toEqual(Array.from({ length: 20 }, () => 200));
      expect(statuses[20]).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
