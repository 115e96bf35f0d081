import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BillingReportResponse } from '@pc/contract';
import { startTestApp, type TestContext } from '../../../test/harness.js';
import { csvRecords } from '../../../test/csv.js';
import { PLATFORM_KEY, startReports, today, type ReportsWorld } from './test-fixture.js';

/** The dates a report covers: the ranges it refuses, and what a missing start or end means. */
let t: TestContext;
let direct: string;
let project: ReportsWorld['project'];
let tricky: ReportsWorld['tricky'];
let report: ReportsWorld['report'];
let logsOf: ReportsWorld['logsOf'];
let log: ReportsWorld['log'];
beforeAll(async () => {
  t = await startTestApp({ env: { PLATFORM_API_KEY: PLATFORM_KEY } });
  ({ direct, project, tricky, report, logsOf, log } = await startReports(t));
});
afterAll(() => t.close());

describe('report ranges and access', () => {
  it('refuses ranges before 25 Apr 2023 or in the future with the message, and foreign businesses or projects', async () => {
    const early = await report('/partner/:partnerId/partner-billing-report', {
      startDate: '2023-01-01',
      endDate: today(),
    });
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe('Reports start no earlier than 25 Apr 2023.');
    // The console sends the user's days as instants: 25 Apr 2023 in India starts at 18:30 UTC the day before.
    const india = await report('/partner/:partnerId/partner-billing-report', {
      startDate: '2023-04-24T18:30:00.000Z',
      endDate: '2023-04-25T18:29:59.999Z',
    });
    expect(india.statusCode).toBe(200);
    const dayBefore = await report('/partner/:partnerId/partner-billing-report', {
      startDate: '2023-04-24T09:59:59.999Z',
      endDate: '2023-04-25T18:29:59.999Z',
    });
    expect(dayBefore.statusCode).toBe(400);
    expect(
      (await report('/partner/:partnerId/partner-billing-report', { startDate: '2024-01-01', endDate: '2999-01-01' }))
        .statusCode,
    ).toBe(400);
    const unknownCode = await report('/partner/:partnerId/partner-billing-report', {
      startDate: '2024-01-01',
      endDate: today(),
      selectedReasonCodes: ["x' OR '1'='1"],
    });
    expect(unknownCode.statusCode).toBe(400);
    expect(unknownCode.json().message).toBe('Unknown reason code.');
    expect(
      (
        await report(
          `/partner/:partnerId/partner-billing-report?clientId=${tricky.businessId}`,
          { startDate: '2024-01-01', endDate: today() },
          direct,
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await report(
          `/partner/:partnerId/partner-billing-report?assistantId=${project.id}`,
          { startDate: '2024-06-01', endDate: today() },
          direct,
        )
      ).statusCode,
    ).toBe(404);
  });
});

describe('open-ended ranges', () => {
  const url = () => `/partner/:partnerId/partner-billing-report?assistantId=${project.id}`;
  const codes = (body: object) => ({ ...body, selectedReasonCodes: ['PARTNERSHIP_FEE'] });
  const messages = async (body: object) => {
    const res = await logsOf(url(), codes(body));
    expect(res.statusCode, JSON.stringify(body)).toBe(200);
    return BillingReportResponse.parse(res.json()).logs.map((l) => l.message);
  };

  it('a missing start is the first day reports cover and a missing end is now; null is missing', async () => {
    // On the first day reports cover (UTC), and a minute ago.
    await log({
      projectId: project.id,
      reasonCode: 'PARTNERSHIP_FEE',
      message: 'first day',
      createdAt: new Date('2023-04-25T05:00:00Z'),
    });
    await log({
      projectId: project.id,
      reasonCode: 'PARTNERSHIP_FEE',
      message: 'just now',
      createdAt: new Date(Date.now() - 60_000),
    });
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    expect(await messages({})).toEqual(['first day', 'just now']);
    expect(await messages({ startDate: null, endDate: null })).toEqual(['first day', 'just now']);
    expect(await messages({ endDate: yesterday })).toEqual(['first day']);
    expect(await messages({ startDate: '2023-05-01' })).toEqual(['just now']);
    expect(csvRecords((await report(url(), codes({ startDate: null }))).body).map((r) => r.message)).toEqual([
      'first day',
      'just now',
    ]);
  });

  it('bad dates are still refused with their message', async () => {
    const refused = async (body: object, message: string) => {
      const res = await logsOf(url(), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message, JSON.stringify(body)).toBe(message);
    };
    await refused({ startDate: 'yesterday' }, 'Invalid date');
    await refused({ endDate: '2024-13-45' }, 'Invalid date');
    await refused({ startDate: '' }, 'Invalid date');
    await refused({ endDate: '2023-04-01' }, 'Reports start no earlier than 25 Apr 2023.');
    await refused({ startDate: '2023-01-01' }, 'Reports start no earlier than 25 Apr 2023.');
    await refused({ endDate: '2999-01-01' }, 'A report cannot end in the future.');
    await refused({ startDate: '2999-01-01' }, 'The start date must not be after the end date.');
    const wrongType = await logsOf(url(), { startDate: 20240101 });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().message).toMatch(/\S/);
  });
});
