import { expect, test } from '@playwright/test';
import { demo, signIn, snackbar, tokenFor } from './helpers';
import { setUp } from './report-world';
import {
  allLogs,
  BILLING_COLUMNS,
  billingLine,
  CONVERSATION_COLUMNS,
  conversationLines,
  daysAgo,
  download,
  DOWNLOADED,
} from './reports';

/**
 * One business's detail page, read back: its billing report (a reason code picked) and conversation
 * report, downloaded as the demo owner and compared with what the ledger says, on the report specs'
 * tricky data (report-world.ts); and what the dialog says when the server refuses or does not answer.
 */

test("a business's detail page: the business billing and conversation reports read back as the ledger says", async ({
  page,
  request,
}) => {
  const w = await setUp(request);
  const token = await tokenFor(request, demo.owner);
  const range = { from: daysAgo(2), to: daysAgo(0) };
  await signIn(page, request, demo.owner, `/businesses/${w.businessId}`);
  await expect(page.getByRole('button', { name: 'Conversation Report', exact: true })).toBeVisible();

  const billing = await download(page, 'Billing Report', range, ['WCC_CREDIT_ADD']);
  expect(billing.name).toBe(`Business_Billing_Report_${range.from}_to_${range.to}.csv`);
  expect(billing.header).toEqual(BILLING_COLUMNS);
  // The business has one project: its logs are the business's.
  const logs = (await allLogs(request, token, range, w.projectId)).filter((l) => l.reasonCode === 'WCC_CREDIT_ADD');
  expect(billing.rows).toEqual(logs.map(billingLine));
  // Credit bought with the central balance: two lines of one amount, the central balance's and the credit's.
  expect(billing.rows.map((r) => r[4]).sort()).toEqual(['ADD', 'SUBTRACT']);
  expect(billing.rows.map((r) => r[9])).toEqual([
    `WCC credit added to project ${w.projectName}`,
    `WCC credit added to project ${w.projectName}`,
  ]);

  const conversations = await download(page, 'Conversation Report', range);
  expect(conversations.name).toBe(`Business_Conversation_Report_${range.from}_to_${range.to}.csv`);
  expect(conversations.header).toEqual(CONVERSATION_COLUMNS);
  expect(conversations.rows).toHaveLength(w.conversations.length);
  expect(conversationLines(conversations.rows, w.projectId)).toEqual(w.conversations);
});

test('a refused range shows the server\'s message; no answer at all shows "Error downloading report!"', async ({
  page,
  request,
}) => {
  const w = await setUp(request);
  await signIn(page, request, demo.owner, `/businesses/${w.businessId}`);
  const range = { from: daysAgo(1), to: daysAgo(0) };
  // The dialog offers no future date, so the request is changed on its way: the server refuses it.
  await page.route('**/business-convo-report', (route) =>
    route.continue({
      postData: JSON.stringify({ startDate: range.from, endDate: `${new Date().getFullYear() + 1}-01-01` }),
    }),
  );
  await page.getByRole('button', { name: 'Conversation Report', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('From').fill(range.from);
  await dialog.getByLabel('To').fill(range.to);
  await dialog.getByRole('button', { name: 'Download', exact: true }).click();
  await expect(snackbar(page, 'A report cannot end in the future.')).toBeVisible();
  await expect(dialog).toBeVisible();

  await page.unroute('**/business-convo-report');
  await page.route('**/business-convo-report', (route) => route.abort());
  await dialog.getByRole('button', { name: 'Download', exact: true }).click();
  await expect(snackbar(page, 'Error downloading report!')).toBeVisible();
  await expect(snackbar(page, DOWNLOADED)).toHaveCount(0);
});
