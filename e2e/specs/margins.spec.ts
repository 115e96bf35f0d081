import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { demo, readCsv, signIn } from './helpers';

test("the owner reads last month's margins by business, then by category, and the grouping stays in the URL", async ({
  page,
  request,
}) => {
  await signIn(page, request, demo.owner);
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Margins' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Margins' })).toBeVisible();
  await page.getByRole('button', { name: 'Last month' }).click();
  const rows = page.getByTestId('margin-row');
  await expect(rows.first()).toBeVisible();
  // The demo's traffic is charged at its families' prices over the provider's: a positive margin.
  await expect(page.getByTestId('margin-revenue')).toContainText('₹');
  await expect(page.getByTestId('margin-gross-margin')).toContainText(/Margin % \d+\.\d %/);
  await expect(page.getByTestId('per-message-note')).toContainText('each conversation counted here is one message');

  await page.getByRole('combobox', { name: 'Group by' }).click();
  await page.getByRole('option', { name: 'Category' }).click();
  await expect(page).toHaveURL(/groupBy=category/);
  await expect(rows.filter({ hasText: 'marketing' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'service' })).toContainText(/₹0\.00/);
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Group by' })).toHaveText('Category');

  // The CSV of the range: one line per day, project, category and country, adding up to the page's count.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toMatch(/^Margin_Report_\d{4}-\d{2}-01_to_\d{4}-\d{2}-\d{2}\.csv$/);
  const [header, ...lines] = readCsv(fs.readFileSync((await file.path())!, 'utf8'));
  expect(header!.slice(0, 6)).toEqual(['day', 'businessName', 'projectId', 'projectName', 'category', 'country']);
  const conversations = lines.reduce((n, line) => n + Number(line[6]), 0);
  const shown = (await rows.allInnerTexts()).reduce((n, text) => n + Number(text.split('\t')[1]!.replace(/,/g, '')), 0);
  expect(conversations).toBe(shown);
  await expect(page.getByRole('button', { name: 'Last month' })).toHaveAttribute('aria-pressed', 'true');
});

test("the last 30 days show the leakage of the hours Acme's balance was held", async ({ page, request }) => {
  await signIn(page, request, demo.owner, '/margins?preset=last30');
  // seed/history: 12 days ago the conversations no credit covered were left unbilled for eight hours.
  await expect(page.getByTestId('margin-leakage')).toContainText(/[1-9]\d* unbilled/);
  await expect(page.getByTestId('margin-leakage')).not.toContainText('₹0.00');
});

test('a range that ends in the future says so and asks nothing of the server', async ({ page, request }) => {
  await signIn(page, request, demo.owner, '/margins?preset=custom&from=2026-01-01&to=2099-01-01');
  await expect(page.getByText('The range cannot end in the future')).toBeVisible();
  await expect(page.getByTestId('margin-row')).toHaveCount(0);
});

test("the dashboard shows this month's margin against last month's, and leads to the page", async ({
  page,
  request,
}) => {
  await signIn(page, request, demo.owner);
  const card = page.getByTestId('margin-card');
  await expect(card.getByTestId('margin-this-month')).toContainText('₹');
  await expect(card.getByTestId('margin-last-month')).toContainText(/₹[\d,]+\.\d\d \(\d+\.\d %\)/);
  await card.getByRole('link', { name: 'Margins' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Margins' })).toBeVisible();
});
