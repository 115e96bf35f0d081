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
  money,
} from './reports';

/**
 * One project's Billings tab, read back: its billing report (reason codes picked) and conversation
 * report, downloaded as the demo owner and compared with what its ledger says, on the report specs'
 * tricky data (report-world.ts).
 */

/** A project's reports say it in document 2's words. */
const PROJECT_DOWNLOADED = 'Report successfully downloaded!';

const ddmmyyyy = (iso: string) => iso.split('-').reverse().join('-');

test("a project's Billings tab: the project billing and conversation reports read back as its ledger says", async ({
  page,
  request,
}) => {
  const w = await setUp(request);
  const token = await tokenFor(request, demo.owner);
  const range = { from: '2023-04-25', to: daysAgo(0) };
  await signIn(page, request, demo.owner, `/assistants/${w.projectId}?tab=billings`);
  await expect(page.getByRole('columnheader', { name: 'Reason Code' })).toBeVisible();

  const codes = ['MESSAGE_DELIVERY_WCC', 'MESSAGE_DELIVERY_CENTRAL'];
  const billing = await download(page, 'Billing Report', range, codes, PROJECT_DOWNLOADED);
  expect(billing.name).toBe(`Project_Billing_Report_${ddmmyyyy(range.from)}_to_${ddmmyyyy(range.to)}.csv`);
  expect(billing.header).toEqual(BILLING_COLUMNS);
  const ledger = await allLogs(request, token, range, w.projectId);
  const charges = ledger.filter((l) => codes.includes(l.reasonCode));
  expect(charges).toHaveLength(3);
  expect(billing.rows).toEqual(charges.map(billingLine));
  expect(billing.rows.map((r) => [r[1], r[5], r[8], r[9]]).sort()).toEqual([
    [`'${w.projectName}`, w.number, `'${w.businessName}`, 'Authentication message (GB)'],
    [`'${w.projectName}`, w.number, `'${w.businessName}`, 'Marketing message (IN)'],
    [`'${w.projectName}`, w.number, `'${w.businessName}`, 'Utility message (IN)'],
  ]);

  const conversations = await download(page, 'Conversation Report', range, [], PROJECT_DOWNLOADED);
  expect(conversations.name).toBe(`Project_Conversation_Report_${ddmmyyyy(range.from)}_to_${ddmmyyyy(range.to)}.csv`);
  // No day picked: from the first day reports cover to now, and the name says Start and End (doc 2
  // section 7.5). The days left unpicked are not sent, and the console asks for the CSV file (the
  // call answers { logs } otherwise).
  const asked = page.waitForRequest('**/partner-billing-report?assistantId=*');
  const whole = await download(page, 'Billing Report', { from: '', to: '' }, codes, PROJECT_DOWNLOADED);
  const sent = await asked;
  expect(sent.postDataJSON()).toEqual({ selectedReasonCodes: codes });
  expect(await sent.headerValue('accept')).toBe('text/csv');
  expect(whole.name).toBe('Project_Billing_Report_Start_to_End.csv');
  expect(whole.rows).toEqual(billing.rows);
  // One day picked: the other end is the word.
  const fromOnly = await download(page, 'Billing Report', { from: range.from, to: '' }, codes, PROJECT_DOWNLOADED);
  expect(fromOnly.name).toBe(`Project_Billing_Report_${ddmmyyyy(range.from)}_to_End.csv`);
  expect(fromOnly.rows).toEqual(billing.rows);
  const toOnly = await download(page, 'Conversation Report', { from: '', to: range.to }, [], PROJECT_DOWNLOADED);
  expect(toOnly.name).toBe(`Project_Conversation_Report_Start_to_${ddmmyyyy(range.to)}.csv`);
  expect(toOnly.rows).toEqual(conversations.rows);
  expect(conversations.header).toEqual(CONVERSATION_COLUMNS);
  expect(conversations.rows.every((r) => r[0] === w.projectId)).toBe(true);
  expect(conversationLines(conversations.rows, w.projectId)).toEqual(w.conversations);
  // The charged conversations are the ledger's charges: the same amounts from the same balances.
  const charged = (balance: string) =>
    conversations.rows
      .filter((r) => r[10] === balance)
      .map((r) => r[11])
      .sort();
  const debited = (code: string) =>
    ledger
      .filter((l) => l.reasonCode === code)
      .map((l) => money(l.amount))
      .sort();
  expect(charged('TemplateCredit')).toEqual(debited('MESSAGE_DELIVERY_WCC'));
  expect(charged('CentralBalance')).toEqual(debited('MESSAGE_DELIVERY_CENTRAL'));
});

test('a project\'s report that fails to download says "Error downloading report!" (doc 2 section 8)', async ({
  page,
  request,
}) => {
  const w = await setUp(request);
  await signIn(page, request, demo.owner, `/assistants/${w.projectId}?tab=billings`);
  await page.getByRole('button', { name: 'Conversation Report', exact: true }).click();
  const dialog = page.getByRole('dialog');
  // The connection is lost, then a proxy answers its own error page: no message of the server's either time.
  await page.route('**/project-convo-report', (route) => route.abort('connectionreset'));
  await dialog.getByRole('button', { name: 'Download', exact: true }).click();
  await expect(snackbar(page, 'Error downloading report!')).toBeVisible();
  await expect(dialog).toBeVisible();
  await page.unroute('**/project-convo-report');
  // An error stays until it is closed; closed, the next one is the second failure's.
  // (By its title: the open dialog hides the rest of the page from the accessibility tree.)
  await snackbar(page, 'Error downloading report!').getByTitle('Close').click();
  await expect(snackbar(page, 'Error downloading report!')).toHaveCount(0);
  await page.route('**/project-convo-report', (route) =>
    route.fulfill({ status: 502, contentType: 'text/html', body: '<html><body>Bad Gateway</body></html>' }),
  );
  await dialog.getByRole('button', { name: 'Download', exact: true }).click();
  await expect(snackbar(page, 'Error downloading report!')).toBeVisible();
  await expect(snackbar(page, PROJECT_DOWNLOADED)).toHaveCount(0);
  await expect(dialog).toBeVisible();
});
