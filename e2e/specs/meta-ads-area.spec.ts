import fs from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { demo, expectFitsViewport, readCsv, shoot, signIn, snackbar, tokenFor } from './helpers';

/**
 * The Meta Ads area (doc 3 section 2) as Acme's owner sees it on the demo: Metro Clinics
 * connected with ads and spend (the server's sync reads them at start), Metro Reminders without its
 * number linked, Pixel Foods without a page, Sunrise Bakery and Zen Yoga not connected, and the
 * Meta Ads credit's top-ups in the billing logs. Counts are compared with what the API says, since
 * other specs on the shared database may connect a project for a while.
 */

type AccountCounts = {
  allCount: number;
  fbNotConnectedCount: number;
  pageNotSelectedCount: number;
  waNumberNotLinkedCount: number;
  completedCount: number;
};
type AdRow = { adName: string; adStatus: string; adStartDate: string; totalBudget: number };
type AccountRow = { projectName: string; connectionStage: string; totalSpend: number };

const DOWNLOADED = 'Report successfully downloaded';

const post = async <T>(request: APIRequestContext, token: string, path: string, data: unknown): Promise<T> => {
  const res = await request.post(path, { headers: { Authorization: `Bearer ${token}` }, data });
  expect(res.ok(), `${path}: ${res.status()}`).toBe(true);
  return (await res.json()) as T;
};

/** The ads and spend arrive with the sync the server runs at start: wait for Metro Clinics' spend. */
const syncedAds = async (request: APIRequestContext, token: string) => {
  await expect
    .poll(
      async () => {
        const { logs } = await post<{ logs: AccountRow[] }>(request, token, '/api/meta-ad-acccount-lists?sort=dec', {
          skip: 0,
          rowsPerPage: 100,
          tab: 'All',
          search: 'Metro Clinics',
        });
        return logs.find((r) => r.projectName === 'Metro Clinics')?.totalSpend ?? 0;
      },
      { timeout: 30_000, message: "Metro Clinics' ads synced with a spend" },
    )
    .toBeGreaterThan(0);
  return post<{ logs: AdRow[]; metaAdsCount: number }>(request, token, '/api/meta-ad-lists?sort=dec', {
    skip: 0,
    rowsPerPage: 1000,
    tab: 'All',
    search: '',
  });
};

const tab = (page: Page, name: RegExp | string) => page.getByRole('tab', { name, exact: typeof name === 'string' });

/** Download Report: the file, its name and its lines. */
const downloadReport = async (page: Page) => {
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Report' }).click();
  const file = await downloading;
  await expect(snackbar(page, DOWNLOADED).first()).toBeVisible();
  const [header, ...rows] = readCsv(fs.readFileSync((await file.path())!, 'utf8'));
  return { name: file.suggestedFilename(), header: header!, rows };
};

test('Meta Ads: the menu entry, Projects by connection stage, Ads with the Filter dialog, and their reports', async ({
  page,
  request,
}) => {
  const token = await tokenFor(request, demo.owner);
  const ads = await syncedAds(request, token);
  expect(ads.metaAdsCount).toBeGreaterThan(0);
  const counts = await post<AccountCounts>(request, token, '/api/meta-ad-account-counts', { search: '' });
  expect(counts.completedCount).toBeGreaterThanOrEqual(1);

  // The menu entry leads to the Projects tab.
  await signIn(page, request, demo.owner);
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Meta Ads' }).click();
  await expect(page).toHaveURL(/\/meta-ads\/project$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Meta Ads' })).toBeVisible();
  for (const [name, count] of [
    ['All', counts.allCount],
    ['FB not connected', counts.fbNotConnectedCount],
    ['Page not selected', counts.pageNotSelectedCount],
    ['WA Number not linked', counts.waNumberNotLinkedCount],
    ['Connected', counts.completedCount],
  ] as const)
    await expect(tab(page, `${name} (${count})`)).toBeVisible();
  for (const column of [
    'Business Name',
    'Project Name',
    'Connection Stage',
    'Ad Credit Recharged',
    'Total Spend',
    'Meta Ads Credit',
    'Active Ads',
    'Cost Per Lead',
    'Number Of Leads',
    'Click Through Rate (%)',
  ])
    await expect(page.getByRole('columnheader', { name: column, exact: true })).toBeVisible();
  const accounts = page.getByTestId('meta-ad-account-row');
  await expect(accounts).toHaveCount(Math.min(counts.allCount, 10));
  // By the Project Name column: Metro Reminders is a project of the business Metro Clinics too.
  const project = (name: string) =>
    accounts.filter({ has: page.locator('td:nth-child(2)').getByText(name, { exact: true }) });
  const clinics = project('Metro Clinics');
  await expect(clinics.locator('td').nth(2)).toHaveText('Connected');
  await expect(clinics.locator('td').nth(4)).toHaveText(/^₹[1-9][\d,]*\.\d{2}$/);
  await expect(project('Pixel Foods').locator('td').nth(2)).toHaveText(
    /^(Page not selected|WA Number not linked|Connected)$/,
  );
  await shoot(page, 'meta-ads-project', [1440, 390]);

  // Its report: every project of the tab.
  const accountReport = await downloadReport(page);
  expect(accountReport.name).toBe('Meta_AdAccounts_All_Report.csv');
  expect(accountReport.header.slice(0, 3)).toEqual(['Business Name', 'Project Name', 'Connection Stage']);
  expect(accountReport.rows).toHaveLength(counts.allCount);
  expect(accountReport.rows.find((r) => r[1] === 'Metro Clinics')?.[2]).toBe('Connected');

  // A search, in the URL; changing tab starts afresh (no search, page 1).
  const search = page.getByRole('textbox', { name: 'Search project or business name' });
  await search.fill('Metro');
  await search.press('Enter');
  await expect(page).toHaveURL(/[?&]q=Metro/);
  const metro = await post<AccountCounts>(request, token, '/api/meta-ad-account-counts', { search: 'Metro' });
  await expect(tab(page, `All (${metro.allCount})`)).toBeVisible();
  await expect(accounts).toHaveCount(metro.allCount);
  await tab(page, /^Connected \(/).click();
  await expect(page).toHaveURL(/\/meta-ads\/project\?tab=Connected$/);
  await expect(search).toHaveValue('');
  await expect(tab(page, `All (${counts.allCount})`)).toBeVisible();
  await expect(accounts).toHaveCount(Math.min(counts.completedCount, 10));
  await expect(clinics).toHaveCount(1);

  // A row opens the project's Meta Ad tab.
  await clinics.locator('td').first().click();
  await expect(page).toHaveURL(/\/assistants\/[^/?]+\?tab=meta-ad$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/meta-ads\/project\?tab=Connected$/);

  // Ads: every ad with its status and spend; the table scrolls sideways within its frame.
  await page.getByRole('navigation', { name: 'Meta Ads' }).getByRole('tab', { name: 'Ads', exact: true }).click();
  await expect(page).toHaveURL(/\/meta-ads\/ads$/);
  await expect(tab(page, `All (${ads.metaAdsCount})`)).toBeVisible();
  const adRows = page.getByTestId('meta-ad-row');
  await expect(adRows).toHaveCount(Math.min(ads.metaAdsCount, 10));
  const first = adRows.first();
  await expect(first.locator('td').first()).toHaveText(ads.logs[0]!.adName);
  await expect(first.locator('td').nth(3)).toHaveText(ads.logs[0]!.adStatus);
  await expect(first.locator('td').nth(12)).toHaveText(/^₹[\d,]+\.\d{2}$/);
  const engagement = page.getByRole('columnheader', { name: 'Engagement Rate Ranking' });
  await engagement.scrollIntoViewIfNeeded();
  await expect(engagement).toBeInViewport();
  await expectFitsViewport(page);
  await shoot(page, 'meta-ads-ads', [1440, 390]);

  // The Filter dialog: a start-date range with no ad, then the day the newest ad started.
  const filter = async (from: string, to: string) => {
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Filter' });
    await dialog.getByLabel('Ad Start Date From').fill(from);
    await dialog.getByLabel('Ad Start Date To').fill(to);
    // Only one day of the stop-date range: cleared on Apply.
    await dialog.getByLabel('Ad Stop Date From').fill('2024-01-01');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(dialog).toBeHidden();
  };
  await filter('2023-04-25', '2023-04-25');
  await expect(page).toHaveURL(/startFrom=2023-04-25/);
  await expect(page).not.toHaveURL(/stopFrom/);
  await expect(tab(page, 'All (0)')).toBeVisible();
  await expect(page.getByText('No ads found')).toBeVisible();
  const day = ads.logs[0]!.adStartDate.slice(0, 10);
  const onDay = ads.logs.filter((a) => a.adStartDate.slice(0, 10) === day).length;
  await filter(day, day);
  await expect(tab(page, `All (${onDay})`)).toBeVisible();
  await expect(adRows).toHaveCount(Math.min(onDay, 10));
  const adReport = await downloadReport(page);
  expect(adReport.name).toBe(`Meta_Ads_All_Start_${day}_to_${day}_Report.csv`);
  expect(adReport.rows).toHaveLength(onDay);
  expect(adReport.header).toContain('Engagement Rate Ranking');

  // /meta-ads alone opens the Projects tab.
  await page.goto('/meta-ads');
  await expect(page).toHaveURL(/\/meta-ads\/project$/);
});

test('Meta Ads: Transactions lists the Meta Ads credit log, and its report', async ({ page, request }) => {
  const token = await tokenFor(request, demo.owner);
  await syncedAds(request, token);
  const transactions = await post<{ partnerBillingLogs: unknown[]; totalprojects: number }>(
    request,
    token,
    '/api/partner-billing-activity-lists?sort=dec',
    // The ad credit's side of each move (a top-up's other side is the central balance's).
    { skip: 0, rowsPerPage: 100, reasonCodes: ['META_AD_CREDIT_UPDATE'], balance: 'AD_CREDIT' },
  );
  // The demo's two top-ups of Metro Clinics at least.
  expect(transactions.partnerBillingLogs.length).toBeGreaterThanOrEqual(2);
  await signIn(page, request, demo.owner, '/meta-ads/project');
  await page.getByRole('navigation', { name: 'Meta Ads' }).getByRole('tab', { name: 'Transactions' }).click();
  await expect(page).toHaveURL(/\/meta-ads\/transactions$/);
  for (const column of [
    'Business Name',
    'Project Name',
    'Created At',
    'Order Id',
    'Payment Id',
    'Amount',
    'GST',
    'Amount With Tax',
    'Reason Code',
    'Status',
  ])
    await expect(page.getByRole('columnheader', { name: column, exact: true })).toBeAttached();
  const rows = page.getByTestId('meta-ad-transaction-row');
  await expect(rows).toHaveCount(Math.min(transactions.partnerBillingLogs.length, 10));
  for (const row of await rows.all()) {
    await expect(row.locator('td').nth(8)).toHaveText('META_AD_CREDIT_UPDATE');
    await expect(row.locator('td').nth(9)).toHaveText('Success');
  }
  await expect(rows.filter({ hasText: '₹2,000.00' }).first()).toBeVisible();
  await expect(rows.first().locator('td').nth(5)).toHaveText(/^-?₹[\d,]+\.\d{2}$/);
  await shoot(page, 'meta-ads-transactions', [1440, 390]);
  const report = await downloadReport(page);
  expect(report.name).toBe('Meta_Transactions_Report.csv');
  expect(report.rows).toHaveLength(transactions.partnerBillingLogs.length);
  expect(new Set(report.rows.map((r) => r[8]))).toEqual(new Set(['META_AD_CREDIT_UPDATE']));
  expect(report.rows.map((r) => r[5])).toContain('2000.00');
});

test('Meta Ads: a list that fails says so, with Retry', async ({ page, request }) => {
  await signIn(page, request, demo.owner);
  await page.route('**/api/meta-ad-lists**', (route) => route.fulfill({ status: 500, body: '' }));
  await page.goto('/meta-ads/ads');
  await expect(snackbar(page, 'Unable to fetch data').first()).toBeVisible();
  await expect(page.getByTestId('load-error')).toContainText('Unable to fetch data');
  await page.unroute('**/api/meta-ad-lists**');
  await page.getByTestId('load-error').getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByTestId('load-error')).toBeHidden();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('each tab fits the screen, rows stacked', async ({ page, request }) => {
    await syncedAds(request, await tokenFor(request, demo.owner));
    await signIn(page, request, demo.owner);
    for (const [path, testId] of [
      ['/meta-ads/project', 'meta-ad-account-row'],
      ['/meta-ads/ads', 'meta-ad-row'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByTestId(testId).first()).toBeVisible();
      await expect(page.getByRole('button', { name: 'Download Report' })).toBeInViewport();
      await expectFitsViewport(page);
    }
    // On a phone each ad is a block of label and value lines: none is cut off.
    await expect(page.getByTestId('meta-ad-row').first()).toContainText('Engagement Rate Ranking');
    await page.goto('/meta-ads/transactions');
    await expect(page.getByRole('button', { name: 'Download Report' })).toBeInViewport();
    await expectFitsViewport(page);
  });
});

test('a partner without Meta Ads has no menu entry and no area', async ({ page, request }) => {
  await signIn(page, request, demo.direct);
  const rail = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(rail.getByRole('link', { name: 'Billing', exact: true })).toBeVisible();
  await expect(rail.getByRole('link', { name: 'Meta Ads' })).toHaveCount(0);
  await page.goto('/meta-ads/project');
  await expect(page.getByRole('alert', { name: 'Access Denied' })).toBeVisible();
});
