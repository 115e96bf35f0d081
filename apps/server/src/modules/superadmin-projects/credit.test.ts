import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CreditsFromCacheResponse } from '@pc/contract';
import { signInAs, startTestApp, type TestContext } from '../../../test/harness.js';
import { projects } from '../../platform/db/schema.js';
import { makeBusiness, makeProject } from '../../seed/businesses.js';
import { makePartner } from '../../seed/factories.js';
import { insufficientCentralBalance } from '../billing/ledger.js';
import { adminCall, auditOf, billingLogsOf, centralOf, projectById, projectNamed } from './test-kit.js';

const INR = 100000;
let t: TestContext;
let admin: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = await signInAs(t.app, 'admin');
});
afterAll(() => t.close());

const addCredit = (id: string, amount: unknown, headers?: Record<string, string>) =>
  adminCall<{ message: string; credit: number }>(
    t,
    admin,
    'POST',
    `/superadmin/projects/${id}/template-credit`,
    { amount },
    headers,
  );
const fromCache = (assistantId: unknown) =>
  adminCall<CreditsFromCacheResponse & { message: string }>(t, admin, 'POST', '/superadmin/get-credits-from-cache', {
    assistantId,
  });

/** The money of a partner and one of its projects: its sum never changes by a transfer. */
const moneyOf = async (partnerId: string, projectId: string) => {
  const central = await centralOf(t, partnerId);
  const credit = Number((await projectById(t, projectId)).templateCredit);
  return { central, credit, sum: central + credit };
};

/** A partner of its own with `units` in its central balance, and one live project. */
const partnerWith = async (units: number) => {
  const partner = await makePartner(t.database.db, { name: `Credit Partner ${units}`, centralBalance: units * INR });
  const business = await makeBusiness(t.database.db, { partnerId: partner.id, displayName: 'Credit Client' });
  const project = await makeProject(t.database.db, {
    partnerId: partner.id,
    businessId: business.id,
    name: `Credit Project ${units}`,
    isWhatsappVerified: true,
  });
  return { partner, project };
};

describe('template credit', () => {
  it("moves whole units from the partner's central balance to the project, as the partner's WCC top-up does", async () => {
    const p = await projectNamed(t, 'Kite Campaign 02');
    const before = await moneyOf(p.partnerId, p.id);
    const res = await addCredit(p.id, 250 * INR);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Successfully updated Wcc', credit: before.credit + 250 * INR });
    const after = await moneyOf(p.partnerId, p.id);
    expect(after).toEqual({ central: before.central - 250 * INR, credit: before.credit + 250 * INR, sum: before.sum });

    const message = 'Template credit added to project Kite Campaign 02 by platform staff';
    const rows = (await billingLogsOf(t, p.id)).filter((r) => r.message === message);
    expect(
      rows
        .map(({ balance, action, amount, reasonCode, balanceAfter }) => ({
          balance,
          action,
          amount,
          reasonCode,
          balanceAfter,
        }))
        .sort((a, b) => a.balance.localeCompare(b.balance)),
    ).toEqual([
      {
        balance: 'CENTRAL',
        action: 'SUBTRACT',
        amount: 250 * INR,
        reasonCode: 'WCC_CREDIT_ADD',
        balanceAfter: after.central,
      },
      { balance: 'WCC', action: 'ADD', amount: 250 * INR, reasonCode: 'WCC_CREDIT_ADD', balanceAfter: after.credit },
    ]);
    const audit = (await auditOf(t, p.id)).filter((a) => a.action === 'project.template-credit');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      partnerId: p.partnerId,
      before: { templateCredit: before.credit },
      after: { templateCredit: after.credit, added: 250 * INR },
    });
  });

  it('adds once per Idempotency-Key', async () => {
    const p = await projectNamed(t, 'Kite Campaign 04');
    const before = await moneyOf(p.partnerId, p.id);
    const headers = { 'idempotency-key': 'staff-credit-once' };
    const [a, b] = [await addCredit(p.id, 5 * INR, headers), await addCredit(p.id, 5 * INR, headers)];
    expect(a.body).toEqual(b.body);
    expect(await moneyOf(p.partnerId, p.id)).toMatchObject({ credit: before.credit + 5 * INR, sum: before.sum });
    expect((await auditOf(t, p.id)).filter((r) => r.action === 'project.template-credit')).toHaveLength(1);
  });

  it('is refused, changing nothing, when the central balance is short, even with many at once', async () => {
    const { partner, project } = await partnerWith(5);
    const logsBefore = (await billingLogsOf(t, project.id)).length;
    const refused = await addCredit(project.id, 6 * INR);
    expect(refused).toMatchObject({ status: 400, body: { message: insufficientCentralBalance } });
    expect(await moneyOf(partner.id, project.id)).toEqual({ central: 5 * INR, credit: 0, sum: 5 * INR });
    expect(await billingLogsOf(t, project.id)).toHaveLength(logsBefore);
    expect(await auditOf(t, project.id)).toHaveLength(0);

    // Eight additions of one unit at once against five units: five go through, the balance never below zero.
    const results = await Promise.all(Array.from({ length: 8 }, () => addCredit(project.id, INR)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(5);
    expect(results.filter((r) => r.status === 400)).toHaveLength(3);
    expect(await moneyOf(partner.id, project.id)).toEqual({ central: 0, credit: 5 * INR, sum: 5 * INR });
    expect(await auditOf(t, project.id)).toHaveLength(5);
    expect((await fromCache(project.id)).body.agrees).toBe(true);
  });

  it('takes only whole positive units, and refuses an archived or unknown project', async () => {
    const p = await projectNamed(t, 'Kite Campaign 06');
    const before = await moneyOf(p.partnerId, p.id);
    for (const amount of [0, -INR, INR / 2, 12345, 1.5 * INR, '100000', null, 1e13]) {
      const res = await addCredit(p.id, amount);
      expect(res.status, String(amount)).toBe(400);
      expect(res.body.message, String(amount)).toBe('Invalid amount');
    }
    expect(await moneyOf(p.partnerId, p.id)).toEqual(before);
    const old = await projectNamed(t, 'Old Market');
    expect(await addCredit(old.id, INR)).toMatchObject({ status: 400, body: { message: 'Project is archived' } });
    expect((await addCredit('nope', INR)).status).toBe(404);
    expect((await auditOf(t, p.id)).filter((r) => r.action === 'project.template-credit')).toHaveLength(0);
  });
});

describe('POST /superadmin/get-credits-from-cache', () => {
  it("checks each stored credit against its billing logs' sum, changing nothing", async () => {
    const p = await projectNamed(t, 'Sunrise Bakery');
    const res = await fromCache(p.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: 'The credits agree with the billing logs.',
      agrees: true,
      credits: [
        { balance: 'WCC', stored: Number(p.templateCredit), ledger: Number(p.templateCredit), agrees: true },
        {
          balance: 'PWC',
          stored: Number(p.partnerWhatsappCredit),
          ledger: Number(p.partnerWhatsappCredit),
          agrees: true,
        },
        { balance: 'AD_CREDIT', stored: Number(p.metaAdsCredit), ledger: Number(p.metaAdsCredit), agrees: true },
      ],
    });
    expect(await projectById(t, p.id)).toEqual(p);
    const audit = (await auditOf(t, p.id)).filter((a) => a.action === 'project.reload-from-cache');
    expect(audit[0]).toMatchObject({ before: null, after: { agrees: true } });
  });

  it('reports a credit changed outside the ledger, and leaves it as it is', async () => {
    const { project } = await partnerWith(3);
    await t.database.db.update(projects).set({ templateCredit: 777 }).where(eq(projects.id, project.id));
    const res = await fromCache(project.id);
    expect(res.body.agrees).toBe(false);
    expect(res.body.message).toBe('The credits do not agree with the billing logs.');
    expect(res.body.credits[0]).toEqual({ balance: 'WCC', stored: 777, ledger: 0, agrees: false });
    expect(Number((await projectById(t, project.id)).templateCredit)).toBe(777);
  });

  it('answers 404 for an unknown project and 400 without one', async () => {
    expect((await fromCache('nope')).status).toBe(404);
    expect((await fromCache('')).status).toBe(400);
    expect((await fromCache(undefined)).status).toBe(400);
  });
});
