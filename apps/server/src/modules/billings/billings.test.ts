import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BillingActivityListsResponse, BillingDetailResponse, PartnerNameResponse } from '@pc/contract';
import { call, signInAs, startTestApp, type TestContext } from '../../../test/harness.js';
import { newId } from '../../platform/db/ids.js';
import { billingLogs, partners, projects } from '../../platform/db/schema.js';

let t: TestContext;
let owner: string;
let direct: string;
let acmeId: string;
let project: { id: string; name: string; live: boolean };
let other: { id: string; live: boolean };

/** A billing log row written straight to the table (the list reads; it never writes). */
const log = (change: Partial<typeof billingLogs.$inferInsert>) =>
  t.database.db.insert(billingLogs).values({
    id: newId(),
    partnerId: acmeId,
    balance: 'CENTRAL',
    action: 'SUBTRACT',
    amount: 100_000,
    reasonCode: 'PLAN_PURCHASE',
    message: 'test',
    ...change,
  });

beforeAll(async () => {
  t = await startTestApp();
  owner = await signInAs(t.app, 'owner');
  direct = await signInAs(t.app, 'direct');
  const [acme] = await t.database.db.select().from(partners).where(eq(partners.name, 'Acme Messaging'));
  acmeId = acme!.id;
  const rows = await t.database.db
    .select({ id: projects.id, name: projects.name, live: projects.isWhatsappVerified })
    .from(projects)
    .where(eq(projects.partnerId, acmeId));
  project = rows.find((r) => r.live)!;
  other = rows.find((r) => !r.live)!;
  await log({
    projectId: project.id,
    reasonCode: 'META_AD_CREDIT_UPDATE',
    balance: 'AD_CREDIT',
    action: 'ADD',
    message: 'hidden ad credit',
    createdAt: new Date('2024-06-01T10:00:00Z'),
  });
  await log({
    projectId: project.id,
    reasonCode: 'PLAN_RENEWED',
    message: 'A renewal message that is rather long, over thirty',
    createdAt: new Date('2024-06-02T10:00:00Z'),
    invoiceId: 'INV-1',
    invoiceLink: 'https://invoices.example/INV-1',
    paymentId: 'pay_1',
    orderId: 'order_1',
  });
  await log({
    projectId: project.id,
    reasonCode: 'WCC_CREDIT_ADD',
    message: '=cmd|calc, "quoted"\nline',
    createdAt: new Date('2024-06-03T10:00:00Z'),
  });
});
afterAll(() => t.close());

const list = (body: Record<string, unknown>, sort = 'dec', token = owner) =>
  call<BillingActivityListsResponse>(t.app, 'POST', `/api/partner-billing-activity-lists?sort=${sort}`, {
    token,
    body,
  });

describe('billing list', () => {
  it("pages the partner's logs newest first, with newSkip and the total", async () => {
    const first = await list({ skip: 0, rowsPerPage: 2 });
    expect(first.status).toBe(200);
    expect(first.body.partnerBillingLogs).toHaveLength(2);
    expect(first.body.newSkip).toBe(2);
    expect(first.body.totalprojects).toBeGreaterThan(2);
    const times = first.body.partnerBillingLogs.map((l) => l.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const all = await list({ skip: 0, rowsPerPage: 100 });
    expect(all.body.partnerBillingLogs.every((l) => l.partnerId === acmeId)).toBe(true);
    const second = await list({ skip: 2, rowsPerPage: 2 });
    expect(second.body.partnerBillingLogs[0]!._id).toBe(all.body.partnerBillingLogs[2]!._id);
  });

  it('sort=asc gives oldest first', async () => {
    const asc = (await list({ skip: 0, rowsPerPage: 100 }, 'asc')).body.partnerBillingLogs.map((l) => l.createdAt);
    expect([...asc].sort()).toEqual(asc);
  });

  it('filters one project and a Created At range (the end date covers its day)', async () => {
    const res = await list({
      skip: 0,
      rowsPerPage: 10,
      assistantId: project.id,
      fromDate: '2024-06-02',
      toDate: '2024-06-03',
    });
    expect(res.body.partnerBillingLogs.map((l) => l.reasonCode)).toEqual(['WCC_CREDIT_ADD', 'PLAN_RENEWED']);
    expect(res.body.totalprojects).toBe(2);
    const renewal = res.body.partnerBillingLogs[1]!;
    expect(renewal).toMatchObject({
      assistantId: project.id,
      assistantName: project.name,
      amount: 100_000,
      action: 'SUBTRACT',
      invoiceId: 'INV-1',
    });
    expect(renewal.businessName).toBeTruthy();
  });

  it('hides META_AD_CREDIT_UPDATE rows for a partner flagged hideMetaAdCreditUpdate, and shows them otherwise', async () => {
    const codes = async () =>
      // Oldest first: the test's 2024 rows come before the demo's months of history.
      (await list({ skip: 0, rowsPerPage: 100, assistantId: project.id }, 'asc')).body.partnerBillingLogs.map(
        (l) => l.reasonCode,
      );
    expect(await codes()).not.toContain('META_AD_CREDIT_UPDATE');
    const [acme] = await t.database.db.select({ flags: partners.flags }).from(partners).where(eq(partners.id, acmeId));
    await t.database.db
      .update(partners)
      .set({ flags: { ...acme!.flags, hideMetaAdCreditUpdate: false } })
      .where(eq(partners.id, acmeId));
    try {
      expect(await codes()).toContain('META_AD_CREDIT_UPDATE');
    } finally {
      await t.database.db.update(partners).set({ flags: acme!.flags }).where(eq(partners.id, acmeId));
    }
  });

  it('a foreign or unknown project is 404; bad input is 400', async () => {
    expect((await list({ skip: 0, rowsPerPage: 10, assistantId: project.id }, 'dec', direct)).status).toBe(404);
    expect((await list({ skip: 0, rowsPerPage: 10, assistantId: 'nope' })).status).toBe(404);
    expect((await list({ skip: -1, rowsPerPage: 10 })).status).toBe(400);
    expect((await list({ skip: 0, rowsPerPage: 10, fromDate: 'yesterday' })).status).toBe(400);
    expect((await list({ skip: 0, rowsPerPage: 10 }, 'sideways')).status).toBe(400);
  });

  it("the DIRECT partner sees none of Acme's logs", async () => {
    const res = await list({ skip: 0, rowsPerPage: 100 }, 'dec', direct);
    expect(res.body.partnerBillingLogs.some((l) => l.partnerId === acmeId)).toBe(false);
  });

  it('the read-only Viewer role (no billings read) is refused', async () => {
    expect((await list({ skip: 0, rowsPerPage: 10 }, 'dec', await signInAs(t.app, 'agent'))).status).toBe(403);
  });
});

describe('project name and billing detail', () => {
  it('partner-name answers the project name and whether its account is live', async () => {
    const res = await call<PartnerNameResponse>(t.app, 'GET', `/api/partner-name/${other.id}`, { token: owner });
    expect(res.body.wabaLive).toBe(false);
    expect((await call(t.app, 'GET', `/api/partner-name/${project.id}`, { token: owner })).body).toMatchObject({
      assistantName: project.name,
      wabaLive: true,
    });
    expect((await call(t.app, 'GET', `/api/partner-name/${project.id}`, { token: direct })).status).toBe(404);
  });

  it('the detail is an array: the bill, then { assistantName }; foreign, unknown and hidden entries are 404', async () => {
    const [renewal] = await t.database.db
      .select()
      .from(billingLogs)
      .where(
        and(
          eq(billingLogs.partnerId, acmeId),
          eq(billingLogs.reasonCode, 'PLAN_RENEWED'),
          eq(billingLogs.invoiceId, 'INV-1'),
        ),
      );
    const res = await call<BillingDetailResponse>(t.app, 'GET', `/api/:partnerId/partnerbilling-lists/${renewal!.id}`, {
      token: owner,
    });
    expect(res.status).toBe(200);
    expect(res.body[0]).toMatchObject({
      _id: renewal!.id,
      paymentId: 'pay_1',
      orderId: 'order_1',
      invoiceLink: 'https://invoices.example/INV-1',
    });
    expect(res.body[1]).toEqual({ assistantName: project.name });
    expect(
      (await call(t.app, 'GET', `/api/:partnerId/partnerbilling-lists/${renewal!.id}`, { token: direct })).status,
    ).toBe(404);
    expect((await call(t.app, 'GET', '/api/:partnerId/partnerbilling-lists/unknown', { token: owner })).status).toBe(
      404,
    );
    const [hidden] = await t.database.db
      .select()
      .from(billingLogs)
      .where(and(eq(billingLogs.partnerId, acmeId), eq(billingLogs.reasonCode, 'META_AD_CREDIT_UPDATE')));
    expect(
      (await call(t.app, 'GET', `/api/:partnerId/partnerbilling-lists/${hidden!.id}`, { token: owner })).status,
    ).toBe(404);
  });
});
