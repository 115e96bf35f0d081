import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BillingReportResponse,
  billingReportColumns,
  ConversationReportResponse,
  conversationReportColumns,
} from '@pc/contract';
import { startTestApp, type TestContext } from '../../../test/harness.js';
import { csvRecords, parseCsv } from '../../../test/csv.js';
import { PLATFORM_KEY, startReports, today, TRICKY_NAME, type ReportsWorld } from './test-fixture.js';

/** A report's two answers: `{ logs }` as JSON, or the CSV file the console asks for. */
let t: TestContext;
let project: ReportsWorld['project'];
let tricky: ReportsWorld['tricky'];
let report: ReportsWorld['report'];
let logsOf: ReportsWorld['logsOf'];
beforeAll(async () => {
  t = await startTestApp({ env: { PLATFORM_API_KEY: PLATFORM_KEY } });
  ({ project, tricky, report, logsOf } = await startReports(t));
});
afterAll(() => t.close());

describe("the spec's answer: { logs } unless the caller asks for CSV", () => {
  const range = { startDate: '2024-06-01', endDate: '2024-06-03' };

  it('a billing report answers { logs } by default: the rows of the CSV as values, money in units, nothing escaped', async () => {
    const res = await logsOf('/partner/:partnerId/partner-billing-report', range);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers.vary).toMatch(/accept/i);
    const { logs } = BillingReportResponse.parse(res.json());
    expect(Object.keys(logs[0]!)).toEqual([...billingReportColumns]);
    expect(logs.map((l) => l.reasonCode)).toEqual(
      csvRecords((await report('/partner/:partnerId/partner-billing-report', range)).body).map((r) => r.reasonCode),
    );
    expect(logs[1]).toMatchObject({
      projectId: project.id,
      reasonCode: 'WCC_CREDIT_ADD',
      amount: 100_000,
      action: 'SUBTRACT',
      message: '=cmd|calc, "quoted"\nline',
      createdAt: '2024-06-03T10:00:00.000Z',
    });
    const business = BillingReportResponse.parse(
      (
        await logsOf(`/partner/:partnerId/partner-billing-report?clientId=${tricky.businessId}`, {
          startDate: '2023-04-25',
          endDate: today(),
        })
      ).json(),
    ).logs;
    expect(business[0]).toMatchObject({
      projectName: TRICKY_NAME,
      businessName: TRICKY_NAME,
      whatsappNumber: '+919811111111',
      reasonCode: 'TRIAL_CREDIT',
      amount: 500_000,
    });
    expect(business[0]!.email).not.toContain('archived__');
    expect(business[0]!.email).toMatch(/@client\.example$/);
  });

  it('a conversation report answers { logs } of the same conversations as its CSV', async () => {
    const convoRange = { startDate: '2024-08-01', endDate: '2024-11-30' };
    const url = `/partner/:partnerId/project/${tricky.projectId}/project-convo-report`;
    const { logs } = ConversationReportResponse.parse((await logsOf(url, convoRange)).json());
    expect(Object.keys(logs[0]!)).toEqual([...conversationReportColumns]);
    const csv = csvRecords((await report(url, convoRange)).body);
    expect(logs.map((l) => l.conversationId)).toEqual(csv.map((r) => r.conversationId));
    expect(logs[0]).toMatchObject({
      projectName: TRICKY_NAME,
      businessName: TRICKY_NAME,
      recipient: '919800000001',
      billingStatus: 'CHARGED',
      chargedTo: 'TemplateCredit',
      amount: 100_000,
      createdAt: '2024-08-10T10:00:00.000Z',
    });
    expect(logs[2]!.recipient).toBe('+919800000003');
    expect(logs[3]).toMatchObject({ billingStatus: 'FREE', chargedTo: null, amount: 0, countryCode: 'AE' });
  });

  it('answers CSV only when text/csv is preferred; wildcards and JSON keep { logs }', async () => {
    const url = '/partner/:partnerId/partner-convo-report';
    for (const accept of ['*/*', 'application/json', 'application/json, text/csv;q=0.5', 'text/html'])
      expect((await logsOf(url, range, accept)).headers['content-type'], accept).toMatch(/^application\/json/);
    for (const accept of ['text/csv', 'text/csv, application/json;q=0.9']) {
      const res = await logsOf(url, range, accept);
      expect(res.headers['content-type'], accept).toMatch(/^text\/csv/);
      expect(parseCsv(res.body)[0]).toEqual([...conversationReportColumns]);
    }
  });
});
