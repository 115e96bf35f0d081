import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffRenewalTexts } from '@pc/contract';
import { call, signIn, startTestApp, type TestContext } from '../../../test/harness.js';
import { adminAuditLog } from '../../platform/db/schema.js';
import { makeAdmin, makeAgent } from '../../seed/factories.js';
import { insufficientCentralBalance } from '../billing/ledger.js';
import { runRenewals } from './run.js';
import {
  expectLedgerBalanced,
  INR,
  makeClient,
  partnerRow,
  PRICE,
  projectRow,
  renewalKeysUsedTwice,
  rowsOf,
} from './test-kit.js';

const DAY = 86_400_000;
let t: TestContext;
let admin: string;
beforeAll(async () => {
  t = await startTestApp({ seed: false });
  await makeAdmin(t.deps.db, { userName: 'renewals-admin', password: 'Admin@1234', name: 'Renewals Admin' });
  admin = await signIn(t.app, 'renewals-admin', 'Admin@1234');
});
afterAll(() => t.close());

const db = () => t.deps.db;
const now = new Date('2026-05-20T09:00:00Z');
const renew = (projectId: string, opts: { token?: string; body?: unknown } = {}) =>
  call(t.app, 'POST', `/superadmin/projects/${projectId}/renew-plan`, {
    token: opts.token ?? admin,
    body: opts.body ?? {},
  });
const auditOf = (projectId: string) => db().select().from(adminAuditLog).where(eq(adminAuditLog.targetId, projectId));

describe('POST /superadmin/projects/:id/renew-plan', () => {
  beforeAll(() => {
    t.clock.now = now;
  });

  it('renews a monthly v3 plan early: the period the job would charge next, the date one month on, audited', async () => {
    const c = await makeClient(db(), { centralBalance: 10_000 * INR });
    const renewalOn = new Date(now.getTime() + 10 * DAY);
    const p = await c.project({ planRenewalOn: renewalOn, providerType: 'v3' });
    expect(await renew(p.id)).toEqual({ status: 200, body: { message: staffRenewalTexts.renewed } });
    expect(await rowsOf(db(), 'PLAN_RENEWED', { projectId: p.id })).toEqual([
      expect.objectContaining({
        amount: PRICE.BASIC_MONTHLY,
        idempotencyKey: `renewal:plan:${p.id}:${renewalOn.toISOString()}`,
      }),
    ]);
    expect((await projectRow(db(), p.id)).planRenewalOn).toEqual(new Date('2026-06-30T09:00:00Z'));
    expect(await auditOf(p.id)).toEqual([
      expect.objectContaining({
        adminName: 'Renewals Admin',
        action: 'project.plan-renewal',
        targetKind: 'project',
        partnerId: c.partner.id,
        before: { planRenewalOn: renewalOn.toISOString(), status: 'active' },
        after: { planRenewalOn: '2026-06-30T09:00:00.000Z', status: 'active', charged: PRICE.BASIC_MONTHLY },
      }),
    ]);
    // The job, at the old date, finds nothing due; at the new one it charges the next period only.
    t.clock.now = renewalOn;
    await runRenewals(t.deps);
    expect(await rowsOf(db(), 'PLAN_RENEWED', { projectId: p.id })).toHaveLength(1);
    t.clock.now = now;
  });

  it('brings an unpaid project back to active', async () => {
    const c = await makeClient(db(), { centralBalance: 10_000 * INR });
    const renewalOn = new Date(now.getTime() - 2 * DAY);
    const p = await c.project({ planRenewalOn: renewalOn, status: 'unpaid', disabledOn: renewalOn });
    expect((await renew(p.id)).status).toBe(200);
    expect(await projectRow(db(), p.id)).toMatchObject({
      status: 'active',
      disabledOn: null,
      planRenewalOn: new Date('2026-06-18T09:00:00Z'),
    });
  });

  it('refuses, changing nothing: yearly, not v3, no renewal, stopped, archived, short of money', async () => {
    const c = await makeClient(db(), { centralBalance: 10_000 * INR });
    const renewalOn = new Date(now.getTime() + 3 * DAY);
    const cases: [Record<string, unknown>, string][] = [
      [{ activePlan: 'BASIC_YEARLY' }, staffRenewalTexts.yearly],
      [{ activePlan: 'BASIC_YEARLY_TIER_1' }, staffRenewalTexts.yearly],
      [{ providerType: 'v2' }, staffRenewalTexts.notV3],
      [{ activePlan: 'FREE_FOREVER' }, staffRenewalTexts.noRenewal],
      [{ status: 'stopped', planStoppedOn: now }, staffRenewalTexts.stopped],
      [{ status: 'archived', partnerArchived: true }, staffRenewalTexts.archived],
    ];
    for (const [values, message] of cases) {
      const p = await c.project({ planRenewalOn: renewalOn, ...values });
      expect(await renew(p.id), message).toMatchObject({ status: 400, body: { message } });
      expect((await projectRow(db(), p.id)).planRenewalOn).toEqual(renewalOn);
      expect(await auditOf(p.id)).toEqual([]);
    }
    const poor = await makeClient(db(), { centralBalance: 100 * INR });
    const p = await poor.project({ planRenewalOn: renewalOn });
    expect(await renew(p.id)).toMatchObject({ status: 400, body: { message: insufficientCentralBalance } });
    expect((await projectRow(db(), p.id)).planRenewalOn).toEqual(renewalOn);
    expect((await partnerRow(db(), poor.partner.id)).centralBalance).toBe(100 * INR);
    expect(await auditOf(p.id)).toEqual([]);
  });

  it('is for the super-admin only; an unknown project is 404; the body is empty', async () => {
    const c = await makeClient(db(), { centralBalance: 10_000 * INR });
    await makeAgent(db(), { partnerId: c.partner.id, userName: 'renewals-partner', password: 'Owner@1234' });
    // Tokens are issued on the clock: signed in at the real time, as the admin was.
    t.clock.now = new Date();
    const partner = await signIn(t.app, 'renewals-partner', 'Owner@1234');
    t.clock.now = now;
    const p = await c.project({ planRenewalOn: new Date(now.getTime() + DAY) });
    expect((await renew(p.id, { token: partner })).status).toBe(403);
    expect((await call(t.app, 'POST', `/superadmin/projects/${p.id}/renew-plan`, { body: {} })).status).toBe(401);
    expect((await renew('no-such-project')).status).toBe(404);
    const extra = await renew(p.id, { body: { planRenewalOn: '2030-01-01' } });
    expect(extra.status).toBe(400);
    expect(extra.body.message).toEqual(expect.any(String));
    expect(await rowsOf(db(), 'PLAN_RENEWED', { projectId: p.id })).toEqual([]);
  });

  it('keeps every balance the sum of its rows, each renewal key used once', async () => {
    await expectLedgerBalanced(db());
    expect(await renewalKeysUsedTwice(db())).toEqual([]);
  });
});
