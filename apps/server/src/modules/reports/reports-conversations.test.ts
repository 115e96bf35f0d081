import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversationReportColumns } from '@pc/contract';
import { startTestApp, type TestContext } from '../../../test/harness.js';
import { csvRecords, parseCsv } from '../../../test/csv.js';
import { PLATFORM_KEY, startReports, today, TRICKY_NAME, type ReportsWorld } from './test-fixture.js';

/** The conversation reports of a partner, a business and a project. */
let t: TestContext;
let direct: string;
let tricky: ReportsWorld['tricky'];
let report: ReportsWorld['report'];
beforeAll(async () => {
  t = await startTestApp({ env: { PLATFORM_API_KEY: PLATFORM_KEY } });
  ({ direct, tricky, report } = await startReports(t));
});
afterAll(() => t.close());

describe('conversation reports', () => {
  const range = { startDate: '2024-08-01', endDate: '2024-11-30' };

  it("the partner's conversations of the range: one line each, charged, free or unbilled, read back intact", async () => {
    const res = await report('/partner/:partnerId/partner-convo-report', range);
    expect(res.statusCode).toBe(200);
    expect(parseCsv(res.body)[0]).toEqual([...conversationReportColumns]);
    const mine = csvRecords(res.body).filter((r) => r.projectId === tricky.projectId);
    expect(mine).toHaveLength(4);
    expect(mine[0]).toMatchObject({
      projectName: `'${TRICKY_NAME}`,
      businessName: `'${TRICKY_NAME}`,
      whatsappNumber: "'+919811111111",
      category: 'marketing',
      initiator: 'business',
      recipient: '919800000001',
      countryCode: 'IN',
      billingStatus: 'CHARGED',
      chargedTo: 'TemplateCredit',
      amount: '1.00',
      createdAt: '2024-08-10T10:00:00.000Z',
    });
    expect(mine[2]!.recipient).toBe("'+919800000003");
    expect(mine[3]).toMatchObject({
      category: 'service',
      initiator: 'user',
      countryCode: 'AE',
      billingStatus: 'FREE',
      amount: '0.00',
    });
    expect(new Set(mine.map((r) => r.conversationId)).size).toBe(4);
  });

  it('the business and project forms cover only their own conversations', async () => {
    const business = csvRecords(
      (await report(`/partner/:partnerId/business/${tricky.businessId}/business-convo-report`, range)).body,
    );
    const project = csvRecords(
      (await report(`/partner/:partnerId/project/${tricky.projectId}/project-convo-report`, range)).body,
    );
    expect(business).toHaveLength(4);
    expect(project).toEqual(business);
    const august = csvRecords(
      (
        await report(`/partner/:partnerId/project/${tricky.projectId}/project-convo-report`, {
          startDate: '2024-08-10',
          endDate: '2024-08-10',
        })
      ).body,
    );
    expect(august.map((r) => r.recipient)).toEqual(['919800000001', '919800000002']);
  });

  it("another partner's business or project is not found, and the range is checked", async () => {
    expect(
      (await report(`/partner/:partnerId/business/${tricky.businessId}/business-convo-report`, range, direct))
        .statusCode,
    ).toBe(404);
    expect(
      (await report(`/partner/:partnerId/project/${tricky.projectId}/project-convo-report`, range, direct)).statusCode,
    ).toBe(404);
    expect(
      csvRecords((await report('/partner/:partnerId/partner-convo-report', range, direct)).body).filter(
        (r) => r.projectId === tricky.projectId,
      ),
    ).toEqual([]);
    expect(
      (await report('/partner/:partnerId/partner-convo-report', { startDate: '2023-01-01', endDate: today() }))
        .statusCode,
    ).toBe(400);
    expect(
      (await report('/partner/:partnerId/partner-convo-report', { startDate: '2024-01-01', endDate: '2999-01-01' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await report('/partner/:partnerId/partner-convo-report', { startDate: '2024-02-01', endDate: '2024-01-01' }))
        .statusCode,
    ).toBe(400);
  });
});
