import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../platform/db/schema.js';
import { enqueue } from '../../platform/jobs/queue.js';
import { findPartnerIdByName } from '../../../test/fixtures.js';
import { signInAs, startTestApp, type TestContext } from '../../../test/harness.js';
import { ensureRefreshesScheduled } from './refresh-job.js';
import { enqueueRefresh, REFRESH_AHEAD_MS, REFRESH_JOB } from './refresh-schedule.js';
import { connectionOf, connectThroughSandbox, gatewayCalls, refreshJobsOf, runRefreshJobsAt } from './test-flow.js';

/**
 * The access token's refresh through the jobs table, against the sandbox Razorpay (whose tokens
 * last Razorpay's 7,862,400 s): scheduled a week before the token ends, storing the new pair and
 * scheduling the next; a job for a token that is no longer the connection's does nothing; Razorpay's
 * refusal disconnects; an outage is retried by the job runner.
 */
const ACCESS_TTL_MS = 7_862_400 * 1000;
let t: TestContext;
let owner: string;
let acmeId: string;
let acme: ReturnType<typeof gatewayCalls>;
beforeAll(async () => {
  t = await startTestApp();
  owner = await signInAs(t.app, 'owner');
  acmeId = await findPartnerIdByName(t.database.db, 'Acme Messaging');
  acme = gatewayCalls(t.app, acmeId);
});
afterAll(() => t.close());
// Each test starts not connected, with no refresh pending (a partner's Disconnect leaves its job, which then does nothing).
afterEach(async () => {
  if ((await acme.profile(owner)).body.status === 'LIVE') expect((await acme.disconnect(owner)).status).toBe(200);
  await t.database.db.delete(jobs).where(eq(jobs.kind, REFRESH_JOB));
});

const connect = async (outcome = 'connect') => {
  const { connected } = await connectThroughSandbox(t.app, acmeId, owner, outcome);
  expect(connected.status, JSON.stringify(connected.body)).toBe(200);
  return (await connectionOf(t, acmeId))!;
};
const dueOf = (expiresAt: Date) => new Date(expiresAt.getTime() - REFRESH_AHEAD_MS);

describe('connecting', () => {
  it("schedules the token's refresh a week before it ends, keyed by that token", async () => {
    const row = await connect();
    expect(row.accessTokenExpiresAt!.getTime()).toBeGreaterThan(Date.now() + ACCESS_TTL_MS - 60_000);
    const [job, ...more] = await refreshJobsOf(t, acmeId);
    expect(more).toEqual([]);
    expect(job).toMatchObject({
      runAt: dueOf(row.accessTokenExpiresAt!),
      payload: { partnerId: acmeId, accountId: row.accountId, expiresAt: row.accessTokenExpiresAt!.toISOString() },
      key: `${REFRESH_JOB}:${acmeId}:${row.accountId}:${row.accessTokenExpiresAt!.toISOString()}`,
    });
    // Not due before then.
    expect(await runRefreshJobsAt(t, new Date(job!.runAt.getTime() - 60_000))).toEqual({ ran: 0, failed: 0 });
  });

  it('the start-up sweep schedules nothing twice', async () => {
    await connect();
    await ensureRefreshesScheduled(t.database.db, t.clock.now);
    await ensureRefreshesScheduled(t.database.db, t.clock.now);
    expect(await refreshJobsOf(t, acmeId)).toHaveLength(1);
  });
});

describe('the refresh job', () => {
  it('stores the new pair and expiry in one update, and schedules the next refresh', async () => {
    const before = await connect();
    const due = dueOf(before.accessTokenExpiresAt!);
    expect(await runRefreshJobsAt(t, due)).toMatchObject({ failed: 0 });

    const after = (await connectionOf(t, acmeId))!;
    expect(after.accessTokenSealed).not.toBe(before.accessTokenSealed);
    expect(after.refreshTokenSealed).not.toBe(before.refreshTokenSealed);
    expect(after.refreshTokenSealed).toMatch(/^v1\./);
    expect(after).toMatchObject({ accountId: before.accountId, revokedAt: null, connectedAt: before.connectedAt });
    // The sandbox stamps whole seconds, as Razorpay's expires_in counts them.
    expect(Math.abs(after.accessTokenExpiresAt!.getTime() - (due.getTime() + ACCESS_TTL_MS))).toBeLessThan(1000);
    const jobs = await refreshJobsOf(t, acmeId);
    expect(jobs.map((j) => [j.payload.expiresAt, j.runAt])).toEqual([
      [after.accessTokenExpiresAt!.toISOString(), dueOf(after.accessTokenExpiresAt!)],
    ]);
    expect((await acme.profile(owner)).body).toEqual({
      status: 'LIVE',
      merchantId: before.accountId,
      disconnected: null,
    });

    // The next one refreshes again with the refresh token stored by the first (the old one is spent).
    expect(await runRefreshJobsAt(t, dueOf(after.accessTokenExpiresAt!))).toMatchObject({ failed: 0 });
    expect((await connectionOf(t, acmeId))!.accessTokenExpiresAt!.getTime()).toBeGreaterThan(
      after.accessTokenExpiresAt!.getTime(),
    );
  });

  it('a job for a token already refreshed, or for a connection gone, does nothing', async () => {
    const before = await connect();
    const old = { partnerId: acmeId, accountId: before.accountId, expiresAt: before.accessTokenExpiresAt! };
    await runRefreshJobsAt(t, dueOf(old.expiresAt));
    const refreshed = (await connectionOf(t, acmeId))!;

    // The same job again (a second process, a crash after the update): nothing changes.
    await enqueueRefresh(t.database.db, old, t.clock.now);
    expect(await runRefreshJobsAt(t, dueOf(refreshed.accessTokenExpiresAt!))).toMatchObject({ failed: 0 });
    const twice = (await connectionOf(t, acmeId))!;
    expect(twice.accessTokenExpiresAt!.getTime()).toBeGreaterThan(refreshed.accessTokenExpiresAt!.getTime());
    await enqueueRefresh(t.database.db, old, t.clock.now);
    expect(await runRefreshJobsAt(t, dueOf(old.expiresAt))).toEqual({ ran: 1, failed: 0 });
    expect(await connectionOf(t, acmeId)).toEqual(twice);

    // Disconnected by the partner: the pending job finds nothing and goes.
    expect((await acme.disconnect(owner)).status).toBe(200);
    expect(await refreshJobsOf(t, acmeId)).toHaveLength(1);
    expect(await runRefreshJobsAt(t, dueOf(twice.accessTokenExpiresAt!))).toEqual({ ran: 1, failed: 0 });
    expect(await refreshJobsOf(t, acmeId)).toEqual([]);
    expect(await connectionOf(t, acmeId)).toBeUndefined();
  });

  it("Razorpay's refusal disconnects the partner, with the reason, once and for all; connecting again works", async () => {
    const before = await connect('refresh-refused');
    const due = dueOf(before.accessTokenExpiresAt!);
    expect(await runRefreshJobsAt(t, due)).toEqual({ ran: 1, failed: 0 });
    expect(await connectionOf(t, acmeId)).toMatchObject({
      accessTokenSealed: before.accessTokenSealed,
      revokedAt: due,
      disconnectedReason: 'REFRESH_REFUSED',
    });
    // Not retried: no job is left.
    expect(await refreshJobsOf(t, acmeId)).toEqual([]);
    expect((await acme.profile(owner)).body).toEqual({
      status: 'NOT_CONNECTED',
      merchantId: null,
      disconnected: { reason: 'REFRESH_REFUSED', at: due.toISOString() },
    });
    // Nothing to disconnect any more; Connect starts again and replaces the ended connection.
    expect((await acme.disconnect(owner)).status).toBe(409);
    const again = await connect();
    expect(again).toMatchObject({ revokedAt: null, disconnectedReason: null });
    expect(again.accountId).not.toBe(before.accountId);
    expect((await acme.profile(owner)).body).toEqual({
      status: 'LIVE',
      merchantId: again.accountId,
      disconnected: null,
    });
    expect(await refreshJobsOf(t, acmeId)).toHaveLength(1);
  });

  it("an outage is retried by the job runner's backoff, then refreshes", async () => {
    const before = await connect('refresh-fails-once');
    const due = dueOf(before.accessTokenExpiresAt!);
    expect(await runRefreshJobsAt(t, due)).toEqual({ ran: 1, failed: 1 });
    const [retry] = await refreshJobsOf(t, acmeId);
    expect(retry).toMatchObject({ attempts: 1, failedAt: null, lastError: expect.stringContaining('500') });
    expect(retry!.runAt.getTime()).toBeGreaterThan(due.getTime());
    expect(await connectionOf(t, acmeId)).toEqual(before);

    expect(await runRefreshJobsAt(t, retry!.runAt)).toEqual({ ran: 1, failed: 0 });
    const after = (await connectionOf(t, acmeId))!;
    expect(after.accessTokenExpiresAt!.getTime()).toBeGreaterThan(before.accessTokenExpiresAt!.getTime());
    expect(after.revokedAt).toBeNull();
  });

  it('a malformed job payload fails as a job, changing nothing', async () => {
    const row = await connect();
    await enqueue(t.database.db, {
      kind: REFRESH_JOB,
      payload: { partnerId: acmeId },
      runAt: t.clock.now,
      maxAttempts: 1,
    });
    expect(await runRefreshJobsAt(t, t.clock.now)).toEqual({ ran: 1, failed: 1 });
    expect(await connectionOf(t, acmeId)).toEqual(row);
  });
});
