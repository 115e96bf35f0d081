import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { superadminProjectTexts as texts, type SuperadminProject } from '@pc/contract';
import { signInAs, startTestApp, type TestContext } from '../../../test/harness.js';
import { secretBox } from '../webhooks/secret.js';
import { adminCall, auditOf, centralOf, projectById, projectNamed } from './test-kit.js';
import { periodAfter } from '../renewals/index.js';

let t: TestContext;
let admin: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = await signInAs(t.app, 'admin');
});
afterAll(() => t.close());

const HOUR = 3_600_000;
/** A moment a little ahead of now: the sessions signed in now stay valid. */
const soon = () => new Date(Date.now() + 60_000);
const put = (id: string, section: string, body: unknown) =>
  adminCall(t, admin, 'PUT', `/superadmin/projects/${id}/${section}`, body);
const audits = async (id: string, action: string) => (await auditOf(t, id)).filter((a) => a.action === action);

/** A refused call: 400 with a message, the project and its audit log as they were. */
const expectRefused = async (id: string, section: string, body: unknown, message?: string) => {
  const before = await projectById(t, id);
  const logged = (await auditOf(t, id)).length;
  const res = await put(id, section, body);
  expect(res.status, JSON.stringify(body)).toBe(400);
  expect(res.body.message).toEqual(message ?? expect.any(String));
  expect(await projectById(t, id)).toEqual(before);
  expect(await auditOf(t, id)).toHaveLength(logged);
};

describe('project status', () => {
  it('moves freely among the seven statuses, dating the disabling, without charges, each move audited', async () => {
    const p = await projectNamed(t, 'Kite Campaign 03');
    const central = await centralOf(t, p.partnerId);
    const at = soon();
    t.clock.now = at;
    // Each move an hour after the last; the disabled date expected, as the day it was set (or null).
    const moves = [
      ['suspended', 0],
      // Among the disabled statuses the date stays: disabled since the first.
      ['unpaid', 0],
      ['active', null],
      ['stopped', 3],
      // Archiving keeps it as it was.
      ['archived', 3],
      ['pending', null],
      ['terminated', 6],
      ['active', null],
    ] as const;
    const day = (n: number) => new Date(at.getTime() + n * HOUR).toISOString();
    for (const [status, disabledDay] of moves) {
      const res = await put(p.id, 'status', { status });
      expect(res.status, status).toBe(200);
      expect(res.body.message).toBe('Successfully Updated');
      const now = await projectById(t, p.id);
      expect(now, status).toMatchObject({ status, partnerArchived: status === 'archived' });
      expect(now.disabledOn?.toISOString() ?? null, status).toBe(disabledDay === null ? null : day(disabledDay));
      expect(now.planStoppedOn !== null, status).toBe(status === 'stopped');
      t.clock.now = new Date(t.clock.now.getTime() + HOUR);
    }
    expect(await centralOf(t, p.partnerId)).toBe(central);
    const rows = await audits(p.id, 'project.status');
    expect(rows.map((r) => r.after?.status)).toEqual(moves.map(([s]) => s));
    expect(rows[0]).toMatchObject({
      adminName: 'Platform Admin',
      targetKind: 'project',
      partnerId: p.partnerId,
      before: { status: 'active', disabledOn: null, partnerArchived: false, planStoppedOn: null },
      after: { status: 'suspended', disabledOn: day(0), partnerArchived: false, planStoppedOn: null },
    });
    t.clock.now = new Date();
  });

  it('refuses an unknown status and answers 404 for an unknown project', async () => {
    const p = await projectNamed(t, 'Kite Campaign 05');
    await expectRefused(p.id, 'status', { status: 'gone' });
    await expectRefused(p.id, 'status', {});
    expect((await put('nope', 'status', { status: 'active' })).status).toBe(404);
  });
});

describe('plan', () => {
  it('sets any super-admin plan without a charge, starting a period now that renews by its period', async () => {
    const p = await projectNamed(t, 'Kite Campaign 07');
    const central = await centralOf(t, p.partnerId);
    const now = soon();
    t.clock.now = now;
    const cases = [
      ['BASIC_MONTHLY_TIER_3', 'MONTHLY'],
      ['BASIC_YEARLY_TIER_2', 'YEARLY'],
      ['PREMIUM', 'MONTHLY'],
      ['FREE', null],
    ] as const;
    for (const [activePlan, period] of cases) {
      const res = await put(p.id, 'plan', { activePlan });
      expect(res.body).toEqual({ message: 'Successfully updated plan' });
      expect(await projectById(t, p.id)).toMatchObject({
        activePlan,
        planActivatedOn: now,
        planRenewalOn: period === null ? null : periodAfter(now, period),
      });
    }
    expect(await centralOf(t, p.partnerId)).toBe(central);
    const rows = await audits(p.id, 'project.plan');
    expect(rows).toHaveLength(4);
    expect(rows[0]).toMatchObject({
      before: { activePlan: p.activePlan },
      after: {
        activePlan: 'BASIC_MONTHLY_TIER_3',
        planActivatedOn: now.toISOString(),
        planRenewalOn: periodAfter(now, 'MONTHLY').toISOString(),
      },
    });
    t.clock.now = new Date();
  });

  it('refuses a plan that is not a super-admin plan name', async () => {
    const p = await projectNamed(t, 'Kite Campaign 07');
    await expectRefused(p.id, 'plan', { activePlan: 'BASIC_MONTHLY' });
    await expectRefused(p.id, 'plan', { activePlan: 'BASIC_MONTHLY_TIER_9' });
    expect((await put('nope', 'plan', { activePlan: 'PRO' })).status).toBe(404);
  });
});

describe('verification, WhatsApp number, app name', () => {
  it('switches verification, dating the going live when it never went live', async () => {
    const p = await projectNamed(t, 'Vertex Labs');
    expect(p).toMatchObject({ isWhatsappVerified: false, channelActivatedOn: null });
    const now = soon();
    t.clock.now = now;
    expect((await put(p.id, 'verification', { isWhatsappVerified: true })).body).toEqual({
      message: 'Successfully Updated',
    });
    expect(await projectById(t, p.id)).toMatchObject({ isWhatsappVerified: true, channelActivatedOn: now });
    expect((await put(p.id, 'verification', { isWhatsappVerified: false })).status).toBe(200);
    expect(await projectById(t, p.id)).toMatchObject({ isWhatsappVerified: false, channelActivatedOn: now });
    expect((await audits(p.id, 'project.verification')).map((r) => [r.before, r.after])).toEqual([
      [
        { isWhatsappVerified: false, channelActivatedOn: null },
        { isWhatsappVerified: true, channelActivatedOn: now.toISOString() },
      ],
      [{ isWhatsappVerified: true }, { isWhatsappVerified: false }],
    ]);
    await expectRefused(p.id, 'verification', { isWhatsappVerified: 'yes' });
    t.clock.now = new Date();
  });

  it('sets a WhatsApp number with its country code, refusing one no country has', async () => {
    const p = await projectNamed(t, 'Nimbus Travel');
    expect((await put(p.id, 'whatsapp-number', { whatsappNumber: ' 919812345678 ' })).status).toBe(200);
    expect((await projectById(t, p.id)).whatsappNumber).toBe('919812345678');
    expect((await audits(p.id, 'project.whatsapp-number'))[0]).toMatchObject({
      before: { whatsappNumber: p.whatsappNumber },
      after: { whatsappNumber: '919812345678' },
    });
    for (const whatsappNumber of ['+919812345678', '98123', '0919812345678', '91 98123 45678', '9991234567', 12345678])
      await expectRefused(p.id, 'whatsapp-number', { whatsappNumber }, texts.invalidWhatsappNumber);
    expect((await put('nope', 'whatsapp-number', { whatsappNumber: '919812345678' })).status).toBe(404);
  });

  it('sets the app name', async () => {
    const p = await projectNamed(t, 'Nimbus Travel');
    expect((await put(p.id, 'app-name', { appName: '  Nimbus Holidays  ' })).status).toBe(200);
    expect((await projectById(t, p.id)).appName).toBe('Nimbus Holidays');
    expect((await audits(p.id, 'project.app-name'))[0]).toMatchObject({
      before: { appName: null },
      after: { appName: 'Nimbus Holidays' },
    });
    await expectRefused(p.id, 'app-name', { appName: '   ' }, texts.invalidAppName);
    await expectRefused(p.id, 'app-name', { appName: 'x'.repeat(101) }, texts.invalidAppName);
    expect((await put('nope', 'app-name', { appName: 'A' })).status).toBe(404);
  });
});

describe('API key', () => {
  it('keeps the key sealed, shows and audits it masked to its last 4 characters', async () => {
    const p = await projectNamed(t, 'Orchid Salon');
    const key = 'Zx81b2c3d4e5f6a7b8c9d0e1f2a3b4c5';
    const res = await put(p.id, 'api-key', { apiKey: key });
    expect(res.body).toEqual({ message: 'Successfully Updated', apiKey360: '••••b4c5' });
    const sealed = (await projectById(t, p.id)).apiKey360Sealed!;
    expect(sealed).not.toContain(key);
    expect(secretBox(t.deps.env, 'provider-api-keys').open(sealed)).toBe(key);
    // Another purpose's key opens nothing of this one.
    expect(() => secretBox(t.deps.env, 'webhook-secrets').open(sealed)).toThrow();
    const shown = await adminCall<SuperadminProject>(t, admin, 'GET', `/superadmin/projects/${p.id}`);
    expect(shown.body.apiKey360).toBe('••••b4c5');
    expect(JSON.stringify(shown.body)).not.toContain(key);

    expect((await put(p.id, 'api-key', { apiKey: 'second-key-0042' })).status).toBe(200);
    const rows = await audits(p.id, 'project.api-key');
    expect(rows.map((r) => [r.before, r.after])).toEqual([
      [{ apiKey360: null }, { apiKey360: '••••b4c5' }],
      [{ apiKey360: '••••b4c5' }, { apiKey360: '••••0042' }],
    ]);
    expect(JSON.stringify(rows)).not.toContain(key);
    expect(JSON.stringify(rows)).not.toContain(sealed);
  });

  it('refuses a blank, short, long or spaced key', async () => {
    const p = await projectNamed(t, 'Orchid Salon');
    for (const apiKey of ['', 'short', 'with space inside', 'x'.repeat(201)])
      await expectRefused(p.id, 'api-key', { apiKey }, texts.invalidApiKey);
    expect((await put('nope', 'api-key', { apiKey: 'abcdefgh1234' })).status).toBe(404);
  });
});

describe('processed marker', () => {
  it('is set to now or cleared', async () => {
    const p = await projectNamed(t, 'Sunrise Orders');
    const now = soon();
    t.clock.now = now;
    expect((await put(p.id, 'processed', { processed: true })).body).toEqual({
      message: texts.processedSet,
      processedAt: now.toISOString(),
    });
    expect((await projectById(t, p.id)).processedAt).toEqual(now);
    expect((await put(p.id, 'processed', { processed: false })).body).toEqual({
      message: texts.processedCleared,
      processedAt: null,
    });
    expect((await projectById(t, p.id)).processedAt).toBeNull();
    expect((await audits(p.id, 'project.processed')).map((r) => [r.before, r.after])).toEqual([
      [{ processedAt: null }, { processedAt: now.toISOString() }],
      [{ processedAt: now.toISOString() }, { processedAt: null }],
    ]);
    await expectRefused(p.id, 'processed', { processed: 'now' });
    expect((await put('nope', 'processed', { processed: true })).status).toBe(404);
    t.clock.now = new Date();
  });
});
