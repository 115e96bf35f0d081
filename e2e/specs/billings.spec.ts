import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { demo, expectFitsViewport, readCsv, shoot, signIn, snackbar, tokenFor } from './helpers';

type Project = { _id: string; assistantName: string; isWhatsappVerified: boolean };

test('billings: list, filter, page, open one (from the list and directly), download the report and read it back', async ({
  page,
  request,
}) => {
  const token = await tokenFor(request, demo.owner);
  const auth = { Authorization: `Bearer ${token}` };
  const projects = (
    (await (
      await request.post('/api/project-lists?sort=dec', { headers: auth, data: { skip: 0, rowsPerPage: 100 } })
    ).json()) as { projects: Project[] }
  ).projects;
  // A live project no other spec reads; each credit added is taken back, so no balance changes for
  // the specs that share this database, while the log gains more than a page of rows.
  const live = projects.find((p) => p.assistantName === 'Pixel Foods')!;
  for (let i = 1; i <= 12; i += 1) {
    for (const action of ['ADD', 'SUBTRACT']) {
      const res = await request.patch(`/partner/:partnerId/project/${live._id}/billing/wcc`, {
        headers: { ...auth, 'Idempotency-Key': `e2e-billings-${Date.now()}-${i}-${action}` },
        data: { amount: 100000 * i, action },
      });
      expect(res.ok()).toBe(true);
    }
  }
  await signIn(page, request, demo.owner, '/billings');
  await expect(page.getByRole('heading', { name: 'Billing', level: 1 })).toBeVisible();
  for (const column of ['Business Name', 'Project Name', 'Message', 'Reason Code', 'Amount', 'Created On'])
    await expect(page.getByRole('columnheader', { name: column })).toBeVisible();
  const rows = page.getByTestId('billing-row');
  await expect(rows).toHaveCount(10);
  await expect(rows.first()).toContainText('WCC_CREDIT_DEDUCT');
  await expect(rows.first()).toContainText('₹12.00');
  await shoot(page, 'list');

  // The next page, then back: page 0 is held.
  await page.getByRole('button', { name: 'Go to next page' }).click();
  await expect(rows.first()).not.toContainText('₹12.00');
  await page.getByRole('button', { name: 'Go to previous page' }).click();
  await expect(rows.first()).toContainText('₹12.00');

  // Filter: Ascending from page 0 (the oldest entries first, so not today's credit).
  await page.getByRole('button', { name: 'Go to next page' }).click();
  await page.getByRole('button', { name: 'Filter', exact: true }).click();
  await page.getByLabel('Ascending').check();
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByText(/^1–10 of/)).toBeVisible();
  await expect(rows.first()).not.toContainText('₹12.00');
  await page.getByRole('button', { name: 'Filter', exact: true }).click();
  await page.getByRole('button', { name: 'Clear Filter' }).click();
  await expect(rows.first()).toContainText('₹12.00');

  // Open one: Billing Details from the navigation state, then loaded when opened directly.
  await rows.first().click();
  await expect(page.getByRole('heading', { name: 'Billing Details' })).toBeVisible();
  for (const label of [
    'Project Name',
    'ACTION',
    'AMOUNT',
    'INVOICE',
    'PAYMENT ID',
    'ORDER ID',
    'REASON CODE',
    'MESSAGE',
    'Created At',
  ])
    await expect(page.getByText(label, { exact: true })).toBeVisible();
  await expect(page.getByText('₹12.00')).toBeVisible();
  await expect(page.getByText(live.assistantName, { exact: true })).toBeVisible();
  await shoot(page, 'detail');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Billing Details' })).toBeVisible();
  await expect(page.getByText('WCC_CREDIT_DEDUCT')).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();

  // The billing report: Download only when both dates are picked; the file read back.
  await page.goto('/billings');
  await page.getByRole('button', { name: 'Billing Report' }).click();
  const dialog = page.getByRole('dialog');
  const download = dialog.getByRole('button', { name: 'Download' });
  await expect(download).toBeDisabled();
  const today = new Date().toISOString().slice(0, 10);
  await dialog.getByLabel('From').fill('2023-04-25');
  await expect(download).toBeDisabled();
  await dialog.getByLabel('To').fill(today);
  await dialog.getByLabel('Reason Codes').click();
  await page.getByRole('option', { name: 'WCC_CREDIT_ADD' }).click();
  await page.keyboard.press('Escape');
  await shoot(page, 'report');
  const downloading = page.waitForEvent('download');
  await download.click();
  const file = await downloading;
  expect(file.suggestedFilename()).toBe(`Business_Billing_Report_2023-04-25_to_${today}.csv`);
  const [header, ...lines] = readCsv(fs.readFileSync((await file.path())!, 'utf8'));
  expect(header).toEqual([
    'projectId',
    'projectName',
    'reasonCode',
    'amount',
    'action',
    'whatsappNumber',
    'businessContact',
    'email',
    'businessName',
    'message',
    'createdAt',
    'byName',
  ]);
  expect(lines.length).toBeGreaterThan(0);
  expect(lines.every((l) => l[2] === 'WCC_CREDIT_ADD')).toBe(true);
  expect(lines.some((l) => l[3] === '12.00')).toBe(true);
  await expect(snackbar(page, 'Successfully downloaded report!')).toBeVisible();

  // On a phone the table scrolls sideways inside its card; the page itself does not.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/billings');
  await expect(rows.first()).toBeVisible();
  await expectFitsViewport(page);
  await shoot(page, 'list');
  await rows.first().click();
  await expect(page.getByRole('heading', { name: 'Billing Details' })).toBeVisible();
  await shoot(page, 'detail');
});

test('one project: its logs, its report, and "Waba is not live yet!" without a live account', async ({
  page,
  request,
}) => {
  const token = await tokenFor(request, demo.owner);
  const projects = (
    (await (
      await request.post('/api/project-lists?sort=dec', {
        headers: { Authorization: `Bearer ${token}` },
        data: { skip: 0, rowsPerPage: 100 },
      })
    ).json()) as { projects: Project[] }
  ).projects;
  const live = projects.find((p) => p.assistantName === 'Pixel Foods')!;
  const draft = projects.find((p) => !p.isWhatsappVerified)!;
  for (const action of ['ADD', 'SUBTRACT']) {
    const headers = {
      Authorization: `Bearer ${token}`,
      'Idempotency-Key': `e2e-project-billings-${Date.now()}-${action}`,
    };
    expect(
      (
        await request.patch(`/partner/:partnerId/project/${live._id}/billing/wcc`, {
          headers,
          data: { amount: 100000, action },
        })
      ).ok(),
    ).toBe(true);
  }
  // A project's id is asked for as a project's, never first as a billing log's (a 404 each time).
  const failed: string[] = [];
  page.on('response', (r) => {
    if (r.status() >= 400 && ['fetch', 'xhr'].includes(r.request().resourceType()))
      failed.push(`${r.status()} ${r.url()}`);
  });
  await signIn(page, request, demo.owner, `/billings/${draft._id}`);
  await expect(page.getByText('Waba is not live yet!')).toBeVisible();
  expect(failed).toEqual([]);
  await page.goto(`/billings/${live._id}`);
  await expect(page.getByRole('heading', { name: `Billing : ${live.assistantName}` })).toBeVisible();
  const rows = page.getByTestId('billing-row');
  await expect(rows.first()).toBeVisible();
  for (const name of await rows.locator('td:nth-child(2)').allTextContents()) expect(name).toBe(live.assistantName);
  await page.getByRole('button', { name: 'Billing Report' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('From').fill('2023-04-25');
  await dialog.getByLabel('To').fill(new Date().toISOString().slice(0, 10));
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download' }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toMatch(/^Project_Billing_Report_25-04-2023_to_\d{2}-\d{2}-\d{4}\.csv$/);
  const lines = readCsv(fs.readFileSync((await file.path())!, 'utf8')).slice(1);
  expect(lines.length).toBeGreaterThan(0);
  expect(lines.every((l) => l[0] === live._id)).toBe(true);

  // The project detail's Billings tab shows the same list.
  await page.goto(`/assistants/${live._id}?tab=billings`);
  await expect(page.getByRole('columnheader', { name: 'Reason Code' })).toBeVisible();
});

test('the read-only Viewer (no billings read) sees Access Denied', async ({ page, request }) => {
  await signIn(page, request, demo.agent, '/billings');
  await expect(page.getByText(/access denied/i).first()).toBeVisible();
});

test('a total counted to a bound reads "more than" it; "next" stays enabled until the server says the total is exact', async ({
  page,
  request,
}) => {
  // The server counts 5,000 rows past the page and answers that bound with moreThan; the demo's
  // log is shorter, so its answers are made to count 20 rows past the page the same way.
  const AHEAD = 20;
  await page.route('**/api/partner-billing-activity-lists**', async (route) => {
    // A call the page leaves behind (the test navigates while it is under way) is dropped with it.
    const response = await route.fetch().catch(() => null);
    const answer = (await response?.json().catch(() => null)) as { totalprojects: number; moreThan: boolean } | null;
    if (!response || !answer) return route.abort().catch(() => {});
    const { skip } = route.request().postDataJSON() as { skip: number };
    const bounded = answer.totalprojects > skip + AHEAD;
    await route.fulfill({
      response,
      json: bounded ? { ...answer, totalprojects: skip + AHEAD, moreThan: true } : answer,
    });
  });
  const token = await tokenFor(request, demo.owner);
  const first = await request.post('/api/partner-billing-activity-lists?sort=dec', {
    headers: { Authorization: `Bearer ${token}` },
    data: { skip: 0, rowsPerPage: 10 },
  });
  const { totalprojects: total } = (await first.json()) as { totalprojects: number };
  expect(total).toBeGreaterThan(50);
  // Grouped as the console groups every count (formatCount).
  const n = (value: number) => new Intl.NumberFormat('en-IN').format(value);
  const pager = page.getByText(/^[\d,]+–[\d,]+ of /);
  const next = page.getByRole('button', { name: 'Go to next page' });

  await signIn(page, request, demo.owner, '/billings');
  await expect(pager).toHaveText('1–10 of more than 20');
  await expect(next).toBeEnabled();

  // Deep in the list, three pages from the end: still a bound, as the server counted it.
  const last = Math.ceil(total / 10);
  await page.goto(`/billings?page=${last - 2}`);
  const skip = (last - 3) * 10;
  await expect(pager).toHaveText(`${n(skip + 1)}–${n(skip + 10)} of more than ${n(skip + AHEAD)}`);
  await expect(next).toBeEnabled();
  // The next page counts to the end: the total is exact, and one page follows.
  await next.click();
  await expect(pager).toHaveText(`${n(skip + 11)}–${n(skip + 20)} of ${n(total)}`);
  await expect(next).toBeEnabled();
  // The real last page: "next" is disabled.
  await next.click();
  await expect(pager).toHaveText(`${n(skip + 21)}–${n(total)} of ${n(total)}`);
  await expect(page.getByTestId('billing-row')).toHaveCount(total - skip - 20);
  await expect(next).toBeDisabled();
});
