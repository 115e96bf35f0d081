import { expect, test } from '@playwright/test';
import { demo, signIn, tokenFor } from './helpers';
import { setUp } from './report-world';
import {
  allLogs,
  api,
  BILLING_COLUMNS,
  billingLine,
  CONVERSATION_COLUMNS,
  conversationLines,
  daysAgo,
  download,
} from './reports';

/**
 * The Billings page's partner reports, read back: the billing report (reason codes picked) and the
 * conversation report, downloaded as the demo owner and compared with what the API, the ledger and
 * the dashboard say, on the report specs' tricky data (report-world.ts).
 */

type Category = 'marketing' | 'utility' | 'authentication' | 'service';
type Usage = Record<'balanceUsage' | 'templateCreditUsage', Record<Category, { count: number; amount: number }>>;

/** Lines oldest first: by createdAt (the last cell, ISO times compare as text). */
const expectOldestFirst = (rows: string[][]) => {
  const times = rows.map((r) => r[r.length - 1]!);
  expect(times).toEqual([...times].sort());
};

test('the Billings page: the partner billing report (reason codes picked) and conversation report read back as the ledger and the dashboard say', async ({
  page,
  request,
}) => {
  const w = await setUp(request);
  const token = await tokenFor(request, demo.owner);
  const range = { from: daysAgo(7), to: daysAgo(0) };
  await signIn(page, request, demo.owner, '/billings');
  await expect(page.getByRole('heading', { name: 'Billing', level: 1 })).toBeVisible();

  const codes = ['WCC_CREDIT_ADD', 'MESSAGE_DELIVERY_WCC', 'MESSAGE_DELIVERY_CENTRAL'];
  const billing = await download(page, 'Billing Report', range, codes);
  expect(billing.name).toBe(`Business_Billing_Report_${range.from}_to_${range.to}.csv`);
  expect(billing.header).toEqual(BILLING_COLUMNS);
  // Exactly the partner's logs of those codes in the range, as the list call gives them; but the
  // project name: the report keeps the name the entry was written under, the list shows the
  // project's name now (another spec renames one), so that cell is checked on this spec's project.
  const logs = (await allLogs(request, token, range)).filter((l) => codes.includes(l.reasonCode));
  const butName = (line: string[]) => line.filter((_, i) => i !== 1);
  expect(billing.rows.map(butName)).toEqual(logs.map(billingLine).map(butName));
  // The tricky cells, as a spreadsheet will show them: apostrophe first, commas, quotes and the line break kept.
  const mine = billing.rows.filter((r) => r[0] === w.projectId);
  // (Lines written in one transaction share their time, so their order is the ids'.)
  expect(mine.map((r) => r[2]).sort()).toEqual([
    'MESSAGE_DELIVERY_CENTRAL',
    'MESSAGE_DELIVERY_CENTRAL',
    'MESSAGE_DELIVERY_WCC',
    'WCC_CREDIT_ADD',
    'WCC_CREDIT_ADD',
  ]);
  for (const r of mine) {
    expect(r[1]).toBe(`'${w.projectName}`);
    expect(r[8]).toBe(`'${w.businessName}`);
  }
  expect(billing.text).toContain(`"'=Tricky, ""Quoted"" Co`);

  const conversations = await download(page, 'Conversation Report', range);
  expect(conversations.name).toBe(`Business_Conversation_Report_${range.from}_to_${range.to}.csv`);
  expect(conversations.header).toEqual(CONVERSATION_COLUMNS);
  expect(conversationLines(conversations.rows, w.projectId)).toEqual(w.conversations);
  expectOldestFirst(conversations.rows);
  // Every conversation (since 1 July 2025, every message) of the partner is one line: per category and
  // balance, as many as the dashboard counts; a message that failed undelivered (FAILED, refunded) is
  // listed and counts for nothing.
  const usage = await api<Usage>(
    request,
    token,
    'get',
    `/api/dashboard-usage?fromDate=${range.from}&toDate=${range.to}`,
  );
  for (const category of ['marketing', 'utility', 'authentication', 'service'] as const) {
    const of = conversations.rows.filter((r) => r[5] === category && r[9] !== 'FAILED');
    expect(of.filter((r) => r[10] === 'TemplateCredit').length, `${category} on template credit`).toBe(
      usage.templateCreditUsage[category].count,
    );
    expect(of.filter((r) => r[10] !== 'TemplateCredit').length, `${category} on the central balance`).toBe(
      usage.balanceUsage[category].count,
    );
  }
});
