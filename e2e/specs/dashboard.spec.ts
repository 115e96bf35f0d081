import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { demo, signIn, snackbar, tokenFor } from './helpers';

type Summary = {
  currency: 'INR' | 'USD';
  centralBalance: number;
  minAllowedBalance: number;
  whatsappAccountLive: number;
  rechargeUrl: string | null;
};
type Metric = {
  count: number;
  creditUsage: number;
  creditUsageCountryWise: Record<string, { count: number; amount: number }>;
};
type DayRow = { dayDate: string; sentChatCount: number } & Record<string, unknown>;
const metricOf = (row: DayRow, key: string) => row[key] as Metric;
type Project = { _id: string; isWhatsappVerified: boolean };

// The figures as the page shows them: ₹ and Indian grouping, 2 decimals (doc 1 section 9).
const rupees = (units: number) =>
  `₹${(Math.round(units / 1000) / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const day = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
const daysAgo = (n: number) => day(new Date(Date.now() - n * 86_400_000));

const api = async <T>(
  request: APIRequestContext,
  token: string,
  method: 'get' | 'post',
  url: string,
  data?: unknown,
): Promise<T> => {
  const res = await request[method](url, { headers: { Authorization: `Bearer ${token}` }, data });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as T;
};

/** What the analytics day rows say a tile should show: the sum over the range of one metric of one balance. */
const sumOf = (rows: DayRow[], key: string) =>
  rows.reduce(
    (s, r) => ({ count: s.count + metricOf(r, key).count, amount: s.amount + metricOf(r, key).creditUsage }),
    { count: 0, amount: 0 },
  );

const expectTiles = async (page: Page, request: APIRequestContext, token: string, from: string, to: string) => {
  const rows = (
    await api<{ wccAnalytics: DayRow[] }>(
      request,
      token,
      'get',
      `/partner/:partnerId/wcc-analytics?startDate=${from}&endDate=${to}`,
    )
  ).wccAnalytics;
  const metrics = { marketing: 'mc', utility: 'uc', authentication: 'ac', service: 'sc' } as const;
  for (const [section, variant] of [
    ['balance-usage', 'CentralBalance'],
    ['template-credit-usage', 'TemplateCredit'],
  ] as const) {
    for (const [category, metric] of Object.entries(metrics)) {
      const want = sumOf(rows, `${metric}${variant}`);
      const tile = page.getByTestId(section).locator(`[data-category="${category}"]`);
      await expect(tile.getByTestId('amount')).toHaveText(rupees(want.amount));
      await expect(tile.getByTestId('count')).toHaveText(
        `${want.count.toLocaleString('en-IN')} conversation${want.count === 1 ? '' : 's'}`,
      );
    }
  }
  return rows;
};

test("dashboard: the owner's figures match the ledger, the projects and the analytics rows; a credit move shows at once", async ({
  page,
  request,
}) => {
  const token = await tokenFor(request, demo.owner);
  const summary = await api<Summary>(request, token, 'get', '/api/dashboard-summary');
  const [counts] = await api<Array<{ liveCount: number }>>(request, token, 'post', '/api/project-counts', {});

  await signIn(page, request, demo.owner);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Centralised Balance Management' })).toBeVisible();
  await expect(page.getByTestId('current-balance')).toHaveText(rupees(summary.centralBalance));
  await expect(page.getByTestId('min-balance-allowance')).toHaveText(rupees(summary.minAllowedBalance));
  await expect(page.getByTestId('whatsapp-account-live')).toHaveText(String(counts!.liveCount));
  const recharge = page.getByRole('link', { name: 'Recharge Now' });
  await expect(recharge).toHaveAttribute('href', /^https:\/\/wa\.me\/\d+$/);
  // Acme has a tenant brand: no Help Center.
  await expect(page.getByRole('link', { name: 'Help Center' })).toHaveCount(0);

  // Last week by default; the tiles equal the day rows of that range (zero when the e2e server has no traffic).
  await expect(page.getByLabel('From')).toHaveValue(daysAgo(6));
  await expect(page.getByLabel('To')).toHaveValue(daysAgo(0));
  await expectTiles(page, request, token, daysAgo(6), daysAgo(0));

  // Another range, applied.
  await page.getByLabel('From').fill(daysAgo(29));
  await page.getByLabel('To').fill(daysAgo(10));
  await page.getByRole('button', { name: 'Apply' }).click();
  await expectTiles(page, request, token, daysAgo(29), daysAgo(10));

  // A range ending in the future cannot be applied.
  await page.getByLabel('To').fill(daysAgo(-3));
  await expect(page.getByText('The range cannot end in the future')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Apply' })).toBeDisabled();

  // Money moved through the ledger shows on the dashboard: 12.34 from the central balance to a project.
  const projects = (
    await api<{ projects: Project[] }>(request, token, 'post', '/api/project-lists?sort=dec', {
      skip: 0,
      rowsPerPage: 100,
    })
  ).projects;
  const live = projects.find((p) => p.isWhatsappVerified)!;
  const moved = await request.patch(`/partner/:partnerId/project/${live._id}/billing/wcc`, {
    headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': `e2e-dashboard-${Date.now()}` },
    data: { amount: 1_234_000, action: 'ADD' },
  });
  expect(moved.ok(), await moved.text()).toBe(true);
  const logs = await api<{ partnerBillingLogs: Array<{ amount: number; reasonCode: string; action: string }> }>(
    request,
    token,
    'post',
    '/api/partner-billing-activity-lists?sort=dec',
    { skip: 0, rowsPerPage: 2 },
  );
  // The ledger's pair: the central balance's SUBTRACT and the project credit's ADD.
  expect(logs.partnerBillingLogs).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ amount: 1_234_000, reasonCode: 'WCC_CREDIT_ADD', action: 'SUBTRACT' }),
      expect.objectContaining({ amount: 1_234_000, reasonCode: 'WCC_CREDIT_ADD', action: 'ADD' }),
    ]),
  );
  await page.reload();
  await expect(page.getByTestId('current-balance')).toHaveText(rupees(summary.centralBalance - 1_234_000));

  // Take it back: the specs share one database, and others read this project's credit.
  const back = await request.patch(`/partner/:partnerId/project/${live._id}/billing/wcc`, {
    headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': `e2e-dashboard-back-${Date.now()}` },
    data: { amount: 1_234_000, action: 'SUBTRACT' },
  });
  expect(back.ok(), await back.text()).toBe(true);
});

test('dashboard: the Analytics page from the dashboard: presets, totals, chart, country, report', async ({
  page,
  request,
}) => {
  const token = await tokenFor(request, demo.owner);
  await signIn(page, request, demo.owner);
  await page.getByRole('link', { name: 'Analytics' }).click();
  await expect(page.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible();
  for (const preset of ['Today', 'Yesterday', 'Last 7 days', 'Last 30 days'])
    await expect(page.getByRole('button', { name: preset })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Last 7 days' })).toHaveAttribute('aria-pressed', 'true');

  const rows = (
    await api<{ wccAnalytics: DayRow[] }>(
      request,
      token,
      'get',
      `/partner/:partnerId/wcc-analytics?startDate=${daysAgo(29)}&endDate=${daysAgo(0)}`,
    )
  ).wccAnalytics;
  await page.getByRole('button', { name: 'Last 30 days' }).click();
  const sent = rows.reduce((s, r) => s + r.sentChatCount, 0);
  await expect(page.getByTestId('total-sent')).toContainText(sent.toLocaleString('en-IN'));
  const marketing = rows.reduce((s, r) => s + metricOf(r, 'mcCentralBalance').count, 0);
  await expect(page.getByTestId('central-balance-panel').locator('[data-metric="mc"] td').nth(1)).toHaveText(
    marketing.toLocaleString('en-IN'),
  );
  if (rows.length === 0) {
    await expect(page.getByText('No messages in this range.')).toBeVisible();
  } else {
    await expect(page.locator('.recharts-surface').first()).toBeVisible();
    // One country: the central-balance marketing line is that country's share.
    const country = Object.keys(metricOf(rows[0]!, 'mcCentralBalance').creditUsageCountryWise)[0] ?? 'IN';
    await page.getByLabel('Country').click();
    await page.getByRole('option', { name: country, exact: true }).click();
    const inCount = rows.reduce(
      (s, r) => s + (metricOf(r, 'mcCentralBalance').creditUsageCountryWise[country]?.count ?? 0),
      0,
    );
    await expect(page.getByTestId('central-balance-panel').locator('[data-metric="mc"] td').nth(1)).toHaveText(
      inCount.toLocaleString('en-IN'),
    );
  }

  // The report dialog downloads the rows as CSV.
  await page.getByRole('button', { name: 'Download Report' }).click();
  const dialog = page.getByRole('dialog', { name: 'Download CSV Report' });
  await dialog.getByLabel('From').fill(daysAgo(6));
  await dialog.getByLabel('To').fill(daysAgo(0));
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Download' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`Analytics_Report_${daysAgo(6)}_to_${daysAgo(0)}.csv`);
  const text = await (
    await download.createReadStream()
  )
    .toArray()
    .then((chunks) => Buffer.concat(chunks).toString('utf8'));
  expect(text.split('\r\n')[0]).toContain('dayDate,sentChatCount,deliveredChatCount,readChatCount,failedChatCount');
  await expect(snackbar(page, 'Successfully downloaded report!')).toBeVisible();
});

test('dashboard: a referral user gets the referral link only', async ({ page, request, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, request, demo.referral);
  await expect(page.getByRole('button', { name: 'Copy Link' })).toBeVisible();
  await expect(page.getByText('Centralised Balance Management')).toHaveCount(0);
  await expect(page.getByText('Current Balance')).toHaveCount(0);
  // No balance anywhere for a referral user, so no low-balance banner either (its balance is 0).
  await expect(page.getByRole('region', { name: 'Notices' })).toHaveCount(0);
  // Growth Referrals has no brand: the Help Center shows.
  await expect(page.getByRole('link', { name: 'Help Center' })).toHaveAttribute('href', /^https?:\/\//);
  await page.getByRole('button', { name: 'Copy Link' }).click();
  await expect(snackbar(page, 'Copied to clipboard!')).toBeVisible();
});
