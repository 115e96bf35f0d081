import http from 'node:http';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BillingReportResponse, billingReportColumns } from '@pc/contract';
import { startTestApp, type TestContext } from '../../../test/harness.js';
import { csvRecords, parseCsv } from '../../../test/csv.js';
import { businesses, partners, projects } from '../../platform/db/schema.js';
import { PLATFORM_KEY, startReports, today, TRICKY_NAME, type ReportsWorld } from './test-fixture.js';

/** The billing report: the partner's billing logs of a range, as the console downloads them. */
let t: TestContext;
let owner: string;
let acmeId: string;
let billingsOnly: string;
let businessOnly: string;
let project: ReportsWorld['project'];
let tricky: ReportsWorld['tricky'];
let report: ReportsWorld['report'];
let logsOf: ReportsWorld['logsOf'];
let log: ReportsWorld['log'];
beforeAll(async () => {
  t = await startTestApp({ env: { PLATFORM_API_KEY: PLATFORM_KEY } });
  ({ owner, acmeId, billingsOnly, businessOnly, project, tricky, report, logsOf, log } = await startReports(t));
});
afterAll(() => t.close());

describe('billing report', () => {
  it("the partner's logs of the range with the spec's columns, oldest first, read back intact", async () => {
    const res = await report('/partner/:partnerId/partner-billing-report', {
      startDate: '2024-06-01',
      endDate: '2024-06-03',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    const [header, ...rows] = parseCsv(res.body);
    expect(header).toEqual([...billingReportColumns]);
    const records = csvRecords(res.body);
    expect(records.map((r) => r.reasonCode)).toEqual(['PLAN_RENEWED', 'WCC_CREDIT_ADD']);
    // A formula is neutralised by a leading apostrophe, and the cell survives commas, quotes and a new line.
    expect(records[1]!.message).toBe(`'=cmd|calc, "quoted"\nline`);
    expect(records[1]).toMatchObject({
      projectId: project.id,
      amount: '1.00',
      action: 'SUBTRACT',
      createdAt: '2024-06-03T10:00:00.000Z',
    });
    expect(rows.every((r) => r.length === billingReportColumns.length)).toBe(true);
  });

  it('leaves out META_AD_CREDIT_UPDATE for a partner flagged so, as the billing list does', async () => {
    const body = (
      await report('/partner/:partnerId/partner-billing-report', { startDate: '2024-06-01', endDate: '2024-06-03' })
    ).body;
    expect(body).not.toContain('META_AD_CREDIT_UPDATE');
    const [acme] = await t.database.db.select({ flags: partners.flags }).from(partners).where(eq(partners.id, acmeId));
    await t.database.db
      .update(partners)
      .set({ flags: { ...acme!.flags, hideMetaAdCreditUpdate: false } })
      .where(eq(partners.id, acmeId));
    try {
      expect(
        (await report('/partner/:partnerId/partner-billing-report', { startDate: '2024-06-01', endDate: '2024-06-03' }))
          .body,
      ).toContain('META_AD_CREDIT_UPDATE');
    } finally {
      await t.database.db.update(partners).set({ flags: acme!.flags }).where(eq(partners.id, acmeId));
    }
  });

  it('?assistantId= gives one project with the reason codes picked; ?clientId= one business, its archived email stripped', async () => {
    const one = csvRecords(
      (
        await report(`/partner/:partnerId/partner-billing-report?assistantId=${project.id}`, {
          startDate: '2024-06-01',
          endDate: '2024-06-03',
          selectedReasonCodes: ['PLAN_RENEWED'],
        })
      ).body,
    );
    expect(one.map((r) => r.reasonCode)).toEqual(['PLAN_RENEWED']);
    const business = csvRecords(
      (
        await report(`/partner/:partnerId/partner-billing-report?clientId=${tricky.businessId}`, {
          startDate: '2023-04-25',
          endDate: today(),
        })
      ).body,
    );
    expect(business.map((r) => r.reasonCode)).toEqual([
      'TRIAL_CREDIT',
      'MESSAGE_DELIVERY_WCC',
      'MESSAGE_DELIVERY_WCC',
      'MESSAGE_DELIVERY_WCC',
    ]);
    expect(business[0]).toMatchObject({
      projectName: `'${TRICKY_NAME}`,
      businessName: `'${TRICKY_NAME}`,
      amount: '5.00',
      action: 'ADD',
      whatsappNumber: "'+919811111111",
    });
    expect(business[0]!.email).not.toContain('archived__');
    expect(business[0]!.email).toMatch(/@client\.example$/);
  });

  it("carries the project's current name and, for a log written without its business, the project's business, as the billing list does", async () => {
    const [before] = await t.database.db
      .select({ name: projects.name, businessId: projects.businessId })
      .from(projects)
      .where(eq(projects.id, project.id));
    await log({
      projectId: project.id,
      reasonCode: 'PLAN_SWITCH',
      message: 'no business on the entry',
      projectName: 'Old name',
      createdAt: new Date('2024-06-04T10:00:00Z'),
    });
    await t.database.db.update(projects).set({ name: 'Renamed For The Report' }).where(eq(projects.id, project.id));
    try {
      const rows = csvRecords(
        (
          await report(`/partner/:partnerId/partner-billing-report?assistantId=${project.id}`, {
            startDate: '2024-06-04',
            endDate: '2024-06-04',
          })
        ).body,
      );
      const [business] = await t.database.db.select().from(businesses).where(eq(businesses.id, before!.businessId));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        projectName: 'Renamed For The Report',
        businessName: business!.displayName,
        businessContact: business!.contact,
      });
    } finally {
      await t.database.db.update(projects).set({ name: before!.name }).where(eq(projects.id, project.id));
    }
  });

  it('streams every row once across batches, even rows written in the same microsecond', async () => {
    await t.database.db.execute(
      sql.raw(`INSERT INTO billing_logs (id, partner_id, project_id, balance, action, amount, reason_code, message, created_at)
        SELECT 'same-us-' || lpad(i::text, 5, '0'), '${acmeId}', '${project.id}', 'CENTRAL', 'SUBTRACT', 100000, 'ADDON_RENEWAL', 'batch ' || i, '2024-07-01 10:00:00.123456+00'
        FROM generate_series(1, 12000) AS i`),
    );
    const res = await report(`/partner/:partnerId/partner-billing-report?assistantId=${project.id}`, {
      startDate: '2024-07-01',
      endDate: '2024-07-01',
      selectedReasonCodes: ['ADDON_RENEWAL'],
    });
    const messages = csvRecords(res.body).map((r) => r.message);
    expect(messages).toHaveLength(12000);
    expect(new Set(messages).size).toBe(12000);
    // The JSON answer comes in batches of 5,000 too: the same rows, once each, in the same order.
    const json = await logsOf(`/partner/:partnerId/partner-billing-report?assistantId=${project.id}`, {
      startDate: '2024-07-01',
      endDate: '2024-07-01',
      selectedReasonCodes: ['ADDON_RENEWAL'],
    });
    expect(BillingReportResponse.parse(json.json()).logs.map((l) => l.message)).toEqual(messages);
  });

  it('a download the browser abandons half-way leaves the database usable (PostgreSQL drops the COPY connection)', async () => {
    // Some 16 MB of CSV in few rows: a distributed database keeps the ledger's day totals with a
    // trigger per row (docs/scaling.md), which would make 60,000 rows minutes of setup.
    await t.database.db.execute(
      sql.raw(`INSERT INTO billing_logs (id, partner_id, project_id, balance, action, amount, reason_code, message, created_at)
        SELECT 'abandoned-' || i, '${acmeId}', '${project.id}', 'CENTRAL', 'SUBTRACT', 100000, 'ADDON_RENEWAL', repeat('long message ', 200) || i, '2024-09-01'::timestamptz + i * interval '1 second'
        FROM generate_series(1, 6000) AS i`),
    );
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      // The browser goes away after the first bytes.
      await new Promise<void>((resolve, reject) => {
        const req = http.request(
          `${address}/partner/:partnerId/partner-billing-report`,
          {
            method: 'POST',
            headers: { authorization: `Bearer ${owner}`, 'content-type': 'application/json', accept: 'text/csv' },
          },
          (res) => {
            res.once('data', () => {
              req.destroy();
              resolve();
            });
          },
        );
        req.on('error', () => {});
        req.end(JSON.stringify({ startDate: '2024-09-01', endDate: '2024-09-02' }));
        setTimeout(() => reject(new Error('no answer')), 10_000);
      });
      // On PostgreSQL the COPY's connection is given up, not left busy in the pool.
      const pool = t.database.pool;
      if (pool) await expect.poll(() => pool.totalCount - pool.idleCount, { timeout: 5_000 }).toBe(0);
      // Every connection of the pool is usable again: as many reports at once as the pool has connections.
      const again = await Promise.all(
        Array.from({ length: 12 }, () =>
          report('/partner/:partnerId/partner-billing-report', { startDate: '2024-06-01', endDate: '2024-06-03' }),
        ),
      );
      expect(again.map((r) => r.statusCode)).toEqual(Array(12).fill(200));
      expect(again.every((r) => csvRecords(r.body).length === 2)).toBe(true);
    } finally {
      await t.database.db.execute(sql`DELETE FROM billing_logs WHERE id LIKE 'abandoned-%'`);
    }
  });

  it('needs Billings read, whatever its scope: Business read alone downloads no billing logs (403)', async () => {
    const range = { startDate: '2024-06-01', endDate: '2024-06-03' };
    expect((await report('/partner/:partnerId/partner-billing-report', range, billingsOnly)).statusCode).toBe(200);
    for (const scope of ['', `?clientId=${tricky.businessId}`]) {
      expect(
        (await report(`/partner/:partnerId/partner-billing-report${scope}`, range, businessOnly)).statusCode,
        scope || 'the partner',
      ).toBe(403);
    }
  });
});
