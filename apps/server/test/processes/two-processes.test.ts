import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER } from '@pc/contract';
import { readEnv } from '../../src/env.js';
import { fromPostgres, type Database } from '../../src/platform/db/open.js';
import { RENEWALS_JOB } from '../../src/modules/renewals/index.js';
import { hasPostgresServer, PG_BIN, startThrowawayPostgres } from '../throwaway-postgres.js';
import { startConsoleProcess, type ConsoleProcess } from './console-process.js';

/**
 * Two console processes on one PostgreSQL behave as one (docs/scaling-out.md): driven alternately
 * over HTTP, every rule that must be shared holds across them. Each process has its own DATA_DIR
 * (as on a host of its own) and the same TOKEN_SECRET. Runs with the PostgreSQL suite (`npm run
 * test:pg`), on a server of its own.
 */
const skipped = !readEnv().DATABASE_URL
  ? 'skipped on the embedded database: it runs with the PostgreSQL suite, npm run test:pg'
  : !hasPostgresServer()
    ? `skipped: PostgreSQL 15's server binaries are not in ${PG_BIN}`
    : '';

const SIGN_IN_LIMIT = 3;
const PROJECT_API_LIMIT = 4;
const INR = 100000;

type Answer = { status: number; body: Record<string, unknown>; headers: Headers };

describe.skipIf(skipped)(`two console processes on one PostgreSQL${skipped ? ` (${skipped})` : ''}`, () => {
  let pg: Awaited<ReturnType<typeof startThrowawayPostgres>>;
  let database: Database;
  let a: ConsoleProcess;
  let b: ConsoleProcess;
  let owner: string;

  const rows = async <R>(query: ReturnType<typeof sql>) =>
    ((await database.db.execute(query)) as unknown as { rows: R[] }).rows;

  const http = async (
    on: ConsoleProcess,
    method: string,
    url: string,
    opts: { token?: string; auth?: string; body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<Answer> => {
    const authorization = opts.auth ?? (opts.token ? `Bearer ${opts.token}` : undefined);
    const res = await fetch(`${on.base}${url}`, {
      method,
      headers: {
        ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(authorization ? { authorization } : {}),
        ...opts.headers,
      },
      ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}),
    });
    const text = await res.text();
    return {
      status: res.status,
      body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
      headers: res.headers,
    };
  };

  const signIn = async (on: ConsoleProcess, userName: string, password: string) =>
    http(on, 'POST', '/auth/login', { body: { userName, password } });

  const tokenOf = async (on: ConsoleProcess, userName: string, password: string) => {
    const res = await signIn(on, userName, password);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.token as string;
  };

  const projectNamed = async (name: string) =>
    (
      await rows<{ id: string; business_id: string; partner_id: string }>(
        sql`select id, business_id, partner_id from projects where name = ${name}`,
      )
    )[0]!;

  beforeAll(async () => {
    pg = await startThrowawayPostgres();
    const shared = {
      DATABASE_URL: pg.url,
      TOKEN_SECRET: 'two-processes-test-token-secret-0123456789',
      SIGN_IN_LIMIT_PER_ACCOUNT: String(SIGN_IN_LIMIT),
      PROJECT_API_RATE_LIMIT_PER_MINUTE: String(PROJECT_API_LIMIT),
      TRAFFIC_SIMULATOR: 'off',
      JOBS_POLL_MS: '50',
    };
    // A seeds the demo while B migrates (under the advisory lock) and starts beside it.
    [a, b] = await Promise.all([
      startConsoleProcess({ ...shared, SEED_DEMO: 'true' }),
      startConsoleProcess({ ...shared, SEED_DEMO: 'false' }),
    ]);
    database = fromPostgres(pg.url);
    owner = await tokenOf(a, 'owner', 'Owner@123');
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.close();
    pg?.remove();
  });

  it('honours a session opened on A on B, and refuses it on A at once once signed out on B', async () => {
    const token = await tokenOf(a, 'owner', 'Owner@123');
    expect((await http(b, 'GET', '/api/me', { token })).status).toBe(200);
    expect((await http(b, 'POST', '/auth/sign-out', { token })).status).toBe(200);
    expect((await http(a, 'GET', '/api/me', { token })).status).toBe(401);
    expect((await http(b, 'GET', '/api/me', { token })).status).toBe(401);
  });

  it("counts an account's failed sign-ins on both: past the limit even the right password is refused on either", async () => {
    const tries = [];
    for (let i = 0; i < SIGN_IN_LIMIT; i += 1) tries.push((await signIn(i % 2 ? b : a, 'priya', 'wrong')).status);
    expect(tries).toEqual(Array(SIGN_IN_LIMIT).fill(401));
    expect((await signIn(SIGN_IN_LIMIT % 2 ? b : a, 'priya', 'Priya@123')).status).toBe(429);
    expect((await signIn(SIGN_IN_LIMIT % 2 ? a : b, 'priya', 'Priya@123')).status).toBe(429);
  });

  it('answers a money call repeated with its Idempotency-Key on B from the first on A, moving the money once', async () => {
    const project = await projectNamed('Sunrise Bakery');
    const key = randomUUID();
    const url = `/partner/:partnerId/project/${project.id}/billing/wcc`;
    const body = { amount: 1 * INR, action: 'ADD' };
    const balance = async () =>
      Number(
        (
          await rows<{ b: string }>(
            sql`select central_balance as b from partner_balances where partner_id = ${project.partner_id}`,
          )
        )[0]!.b,
      );
    const before = await balance();
    const first = await http(a, 'PATCH', url, { token: owner, body, headers: { [IDEMPOTENCY_KEY_HEADER]: key } });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const again = await http(b, 'PATCH', url, { token: owner, body, headers: { [IDEMPOTENCY_KEY_HEADER]: key } });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await balance()).toBe(before - 1 * INR);
    const logs = await rows<{ n: string }>(
      sql`select count(*) as n from billing_logs where idempotency_key = ${`request:${key}`}`,
    );
    expect(Number(logs[0]!.n)).toBe(1);
  });

  it("shares a private app's call quota and its send's Idempotency-Key between A and B", async () => {
    const metro = await projectNamed('Metro Clinics');
    const made = await http(a, 'POST', `/project/${metro.id}/private-app`, {
      token: owner,
      body: { clientId: metro.business_id },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const app = made.body.privateApp as { _id: string };
    const auth = `Basic ${Buffer.from(`${app._id}:${String(made.body.password)}`).toString('base64')}`;

    const send = {
      to: '919876500001',
      template: { name: 'appointment_reminder', language: 'en', parameters: ['Farah', 'Dr. Rao', '14 Dec, 11:00'] },
    };
    const key = { [IDEMPOTENCY_KEY_HEADER]: randomUUID() };
    const sent = await http(a, 'POST', '/api/v1/messages', { auth, body: send, headers: key });
    expect(sent.status, JSON.stringify(sent.body)).toBe(202);
    const replayed = await http(b, 'POST', '/api/v1/messages', { auth, body: send, headers: key });
    expect(replayed.status).toBe(202);
    expect(replayed.headers.get(IDEMPOTENT_REPLAYED_HEADER)).toBe('true');
    expect(replayed.body.messageId).toBe(sent.body.messageId);
    const events = await rows<{ n: string }>(
      sql`select count(*) as n from message_events where message_id = ${String(sent.body.messageId)} and status = 'sent'`,
    );
    expect(Number(events[0]!.n)).toBe(1);

    // Two calls of the quota spent above; the rest alternately, then both refuse.
    const statuses = [];
    for (let i = 2; i < PROJECT_API_LIMIT + 2; i += 1)
      statuses.push((await http(i % 2 ? b : a, 'GET', '/api/v1/templates', { auth })).status);
    expect(statuses).toEqual([...Array(PROJECT_API_LIMIT - 2).fill(200), 429, 429]);
  });

  it("refuses on B a template sync started on A within the project's 5-minute cool-down", async () => {
    const project = await projectNamed('Sunrise Bakery');
    const sync = (on: ConsoleProcess) =>
      http(on, 'POST', '/partner/:partnerId/sync-templates', { token: owner, body: { assistantId: project.id } });
    const first = await sync(a);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const second = await sync(b);
    expect(second.status).toBe(429);
    expect(Number(second.headers.get('retry-after'))).toBeGreaterThan(200);
  });

  it('keeps one job per schedule, and runs the renewals once each time they are due with both polling', async () => {
    const scheduled = await rows<{ kind: string; n: string }>(
      sql`select kind, count(*) as n from jobs where key = kind and failed_at is null group by kind order by kind`,
    );
    // One pending row per schedule, whichever process wrote it first at start (the others' were dropped).
    expect(scheduled.map((r) => r.kind)).toContain(RENEWALS_JOB);
    expect(scheduled.filter((r) => Number(r.n) !== 1)).toEqual([]);

    // Every claim of a job counts an attempt: a trigger of this test's own records each one.
    await database.db.execute(
      sql`create table job_claims (kind text not null, at timestamptz not null default clock_timestamp())`,
    );
    await database.db.execute(sql`
      create function record_job_claim() returns trigger language plpgsql as $$
      begin insert into job_claims (kind) values (new.kind); return new; end $$`);
    await database.db.execute(sql`
      create trigger job_claimed after update on jobs for each row
      when (new.attempts > old.attempts) execute function record_job_claim()`);

    const settled = async () => {
      for (let i = 0; i < 200; i += 1) {
        const [job] = await rows<{ waiting: boolean }>(
          sql`select locked_until is null and run_at > now() as waiting from jobs where key = ${RENEWALS_JOB}`,
        );
        if (job?.waiting) return;
        await sleep(50);
      }
      throw new Error('the renewals job did not run');
    };
    await settled();
    const ROUNDS = 3;
    for (let round = 0; round < ROUNDS; round += 1) {
      // Due now: both processes poll every 50 ms, one of them takes it.
      await database.db.execute(sql`update jobs set run_at = now() where key = ${RENEWALS_JOB}`);
      await settled();
      await sleep(300);
    }
    const claims = await rows<{ n: string }>(sql`select count(*) as n from job_claims where kind = ${RENEWALS_JOB}`);
    expect(Number(claims[0]!.n)).toBe(ROUNDS);
  });
});
