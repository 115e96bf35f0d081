import { expect, test, type APIRequestContext } from '@playwright/test';
import { demo, expectFitsViewport, platformKey, shoot, signIn, tokenFor, unique } from './helpers';

/**
 * Real traffic: message events posted to POST /platform/message-events, as the messaging platform
 * does (the e2e server runs without the traffic simulator), for Kite Campaign 02, a live project no
 * other spec reads. Meta prices per message (since 1 July 2025): each template is charged at Acme's
 * WCC India prices, the provider's catalogue plus Acme's ₹0.10 (IN marketing 0.7846 + 0.10, IN
 * utility 0.115 + 0.10, GB authentication $0.0358 at ₹84 = 3.0072 + 0.10), a message that fails
 * undelivered is not, and the service messages carry Meta's pricing object saying they are free
 * (within the number's free tier): one from the project's template credit (moved there first,
 * exactly its price, so the credit ends where it started), the rest from Acme's central balance. No other spec reads that balance's exact figure: the dashboard spec reads
 * it from the API first, the shell spec its low-balance banner (still low: 2,450 less about 4).
 */

type Summary = { currency: 'INR' | 'USD'; centralBalance: number; minAllowedBalance: number };
type Tile = { count: number; amount: number };
type Usage = { balanceUsage: Record<Category, Tile>; templateCreditUsage: Record<Category, Tile> };
type Category = 'marketing' | 'utility' | 'authentication' | 'service';
type DayRow = {
  dayDate: string;
  sentChatCount: number;
  deliveredChatCount: number;
  readChatCount: number;
  failedChatCount: number;
  receivedChatCount: number;
};
type Log = { _id: string; reasonCode: string; amount: number; action: string; assistantName: string | null };

const PROJECT = 'Kite Campaign 02';
const PRICE = { inMarketing: 88_460, inUtility: 21_500, authentication: 310_720 } as const;

const day = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
const daysAgo = (n: number) => day(new Date(Date.now() - n * 86_400_000));
/** Local noon n days ago, plus some minutes: the same calendar day in UTC (the server's days) and in the browser. */
const at = (n: number, minutes = 0) => {
  const d = new Date();
  d.setDate(d.getDate() - n);
  d.setHours(12, minutes, 0, 0);
  return d.toISOString();
};
// The figures as the page shows them: ₹, Indian grouping, 2 decimals rounded half away from zero.
const rupees = (units: number) =>
  `₹${(Math.round(units / 1000) / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const conversations = (n: number) => `${n.toLocaleString('en-IN')} conversation${n === 1 ? '' : 's'}`;

const api = async <T>(
  request: APIRequestContext,
  token: string,
  method: 'get' | 'post' | 'patch',
  url: string,
  data?: unknown,
  headers: Record<string, string> = {},
): Promise<T> => {
  const res = await request[method](url, { headers: { Authorization: `Bearer ${token}`, ...headers }, data });
  expect(res.ok(), `${method} ${url}: ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
};

/** Meta's pricing object of a free service message (pricing page: "Free non-template message"). */
const freeService = { billable: false, pricing_model: 'PMP', type: 'free_customer_service', category: 'service' };

/** One message's events: sent, then the later statuses a few seconds apart. */
const message = (
  projectId: string,
  run: string,
  n: number,
  m: {
    category: Category;
    initiator?: 'business' | 'user';
    country: string;
    recipient: string;
    when: string;
    then?: Array<'delivered' | 'read' | 'failed'>;
  },
) =>
  (['sent', ...(m.then ?? [])] as const).map((status, i) => ({
    ...(m.category === 'service' && status !== 'failed' ? { pricing: freeService } : {}),
    messageId: `e2e-${run}-${n}`,
    projectId,
    status,
    category: m.category,
    initiator: m.initiator ?? 'business',
    country: m.country,
    recipient: m.recipient,
    timestamp: new Date(Date.parse(m.when) + i * 5_000).toISOString(),
  }));

test('real traffic: the dashboard, the ledger and the Analytics page show what the platform posted', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const token = await tokenFor(request, demo.owner);
  const projects = (
    await api<{ projects: Array<{ _id: string; assistantName: string; isWhatsappVerified: boolean }> }>(
      request,
      token,
      'post',
      '/api/project-lists?sort=dec',
      { skip: 0, rowsPerPage: 100 },
    )
  ).projects;
  const project = projects.find((p) => p.assistantName === PROJECT)!;
  expect(project.isWhatsappVerified).toBe(true);

  const week = { from: daysAgo(6), to: daysAgo(0) };
  const before = {
    summary: await api<Summary>(request, token, 'get', '/api/dashboard-summary'),
    usage: await api<Usage>(request, token, 'get', `/api/dashboard-usage?fromDate=${week.from}&toDate=${week.to}`),
    rows: (
      await api<{ wccAnalytics: DayRow[] }>(
        request,
        token,
        'get',
        `/partner/:partnerId/wcc-analytics?startDate=${week.from}&endDate=${week.to}`,
      )
    ).wccAnalytics,
  };

  // Template credit of exactly one IN marketing conversation: the first one is paid from it.
  await api(
    request,
    token,
    'patch',
    `/partner/:partnerId/project/${project._id}/billing/wcc`,
    { amount: PRICE.inMarketing, action: 'ADD' },
    { 'Idempotency-Key': `e2e-analytics-${unique()}` },
  );

  const run = unique();
  const id = project._id;
  const events = [
    // 3 days ago: two IN marketing messages (credit, then central), an IN utility one that fails (not charged).
    ...message(id, run, 1, {
      category: 'marketing',
      country: 'IN',
      recipient: '919800000001',
      when: at(3),
      then: ['delivered', 'read'],
    }),
    ...message(id, run, 2, {
      category: 'marketing',
      country: 'IN',
      recipient: '919800000002',
      when: at(3, 1),
      then: ['delivered'],
    }),
    ...message(id, run, 3, {
      category: 'utility',
      country: 'IN',
      recipient: '919800000003',
      when: at(3, 2),
      then: ['failed'],
    }),
    // Yesterday: a GB authentication one (default price), a free service one, and recipient 1 again
    // twice: each marketing message is charged, however close to the last.
    ...message(id, run, 4, {
      category: 'authentication',
      country: 'GB',
      recipient: '447700900004',
      when: at(1),
      then: ['delivered', 'read'],
    }),
    ...message(id, run, 5, {
      category: 'service',
      initiator: 'user',
      country: 'IN',
      recipient: '919800000005',
      when: at(1, 1),
      then: ['delivered', 'read'],
    }),
    ...message(id, run, 6, { category: 'marketing', country: 'IN', recipient: '919800000001', when: at(1, 2) }),
    ...message(id, run, 7, {
      category: 'marketing',
      country: 'IN',
      recipient: '919800000001',
      when: at(1, 3),
      then: ['delivered'],
    }),
  ];
  // 2 days ago: 1,500 free service messages, so the chart's axis reads in K.
  const bulk = Array.from({ length: 1500 }, (_, i) => ({
    messageId: `e2e-${run}-bulk-${i}`,
    projectId: id,
    status: 'sent' as const,
    category: 'service' as const,
    initiator: 'user' as const,
    country: 'IN',
    recipient: '919800000006',
    timestamp: new Date(Date.parse(at(2)) + i * 1000).toISOString(),
    pricing: freeService,
  }));
  const post = async (batch: unknown[]) => {
    const res = await request.post('/platform/message-events', {
      headers: { 'X-Platform-Key': platformKey() },
      data: { events: batch },
    });
    expect(res.ok(), await res.text()).toBe(true);
    return (await res.json()) as Record<string, unknown>;
  };
  const none = { conversations: 0, inbound: 0, rejected: [] };
  // Six messages priced: the utility one failed undelivered in the same delivery.
  expect(await post(events)).toEqual({ accepted: events.length, duplicates: 0, messages: 6, ...none });
  expect(await post(bulk.slice(0, 1000))).toMatchObject({ accepted: 1000, messages: 1000 });
  expect(await post(bulk.slice(1000))).toMatchObject({ accepted: 500, messages: 500 });
  // A user's message (the one the service reply answered): received, never priced.
  const inbound = {
    messageId: `e2e-${run}-in-1`,
    projectId: id,
    from: '919800000005',
    country: 'IN',
    timestamp: at(1),
  };
  const wroteIn = await request.post('/platform/message-events', {
    headers: { 'X-Platform-Key': platformKey() },
    data: { inbound: [inbound] },
  });
  expect(await wroteIn.json()).toEqual({ accepted: 0, duplicates: 0, messages: 0, ...none, inbound: 1 });
  // The platform may resend a batch: nothing changes.
  expect(await post(events)).toEqual({ accepted: 0, duplicates: events.length, messages: 0, ...none });
  const badKey = await request.post('/platform/message-events', {
    headers: { 'X-Platform-Key': 'not-the-key-0123456789' },
    data: { events },
  });
  expect(badKey.status()).toBe(401);

  // What was posted, charged as the rules say.
  const posted = {
    sent: 7 + 1500,
    delivered: 5,
    read: 3,
    failed: 1,
    received: 1,
    central: {
      marketing: { count: 3, amount: 3 * PRICE.inMarketing },
      utility: { count: 0, amount: 0 },
      authentication: { count: 1, amount: PRICE.authentication },
      service: { count: 1501, amount: 0 },
    },
    credit: {
      marketing: { count: 1, amount: PRICE.inMarketing },
      utility: { count: 0, amount: 0 },
      authentication: { count: 0, amount: 0 },
      service: { count: 0, amount: 0 },
    },
  };
  const centralCharged = 3 * PRICE.inMarketing + PRICE.authentication;

  // The ledger: one MESSAGE_DELIVERY_WCC entry and four MESSAGE_DELIVERY_CENTRAL ones for this project.
  const logs = (
    await api<{ partnerBillingLogs: Log[] }>(request, token, 'post', '/api/partner-billing-activity-lists?sort=dec', {
      skip: 0,
      rowsPerPage: 20,
      assistantId: id,
    })
  ).partnerBillingLogs;
  const delivery = (code: string) => logs.filter((l) => l.reasonCode === code);
  expect(delivery('MESSAGE_DELIVERY_WCC').map((l) => [l.action, l.amount])).toEqual([['SUBTRACT', PRICE.inMarketing]]);
  expect(delivery('MESSAGE_DELIVERY_CENTRAL').every((l) => l.action === 'SUBTRACT')).toBe(true);
  expect(delivery('MESSAGE_DELIVERY_CENTRAL').reduce((s, l) => s + l.amount, 0)).toBe(centralCharged);
  const summary = await api<Summary>(request, token, 'get', '/api/dashboard-summary');
  expect(summary.centralBalance).toBe(before.summary.centralBalance - PRICE.inMarketing - centralCharged);

  // The dashboard: the balance and, for the default last week, every tile.
  await signIn(page, request, demo.owner);
  await expect(page.getByTestId('current-balance')).toHaveText(rupees(summary.centralBalance));
  await expect(
    page
      .getByRole('region', { name: 'Notices' })
      .getByRole('alert')
      .filter({ hasText: `Your central balance is low (${rupees(summary.centralBalance)})` }),
  ).toBeVisible();
  for (const [section, key, want] of [
    ['balance-usage', 'balanceUsage', posted.central],
    ['template-credit-usage', 'templateCreditUsage', posted.credit],
  ] as const) {
    for (const category of ['marketing', 'utility', 'authentication', 'service'] as const) {
      const tile = page.getByTestId(section).locator(`[data-category="${category}"]`);
      const was = before.usage[key][category];
      await expect(tile.getByTestId('amount'), `${section} ${category}`).toHaveText(
        rupees(was.amount + want[category].amount),
      );
      await expect(tile.getByTestId('count'), `${section} ${category}`).toHaveText(
        conversations(was.count + want[category].count),
      );
    }
  }
  await shoot(page, 'dashboard');

  // The Analytics page (Last 7 days): the partner's totals grew by what was posted; the axis reads in K.
  await page.getByRole('link', { name: 'Analytics' }).click();
  await expect(page.getByRole('button', { name: 'Last 7 days' })).toHaveAttribute('aria-pressed', 'true');
  const sum = (k: keyof Omit<DayRow, 'dayDate'>) => before.rows.reduce((s, r) => s + r[k], 0);
  await expect(page.getByTestId('total-sent')).toContainText(
    (sum('sentChatCount') + posted.sent).toLocaleString('en-IN'),
  );
  await expect(page.getByTestId('total-delivered')).toContainText(
    (sum('deliveredChatCount') + posted.delivered).toLocaleString('en-IN'),
  );
  await expect(page.getByTestId('total-read')).toContainText(
    (sum('readChatCount') + posted.read).toLocaleString('en-IN'),
  );
  await expect(page.getByTestId('total-failed')).toContainText(
    (sum('failedChatCount') + posted.failed).toLocaleString('en-IN'),
  );
  await expect(page.getByTestId('total-received')).toContainText(
    (sum('receivedChatCount') + posted.received).toLocaleString('en-IN'),
  );
  await expect(
    page
      .locator('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value')
      .filter({ hasText: /^\d+(\.\d)?K$/ })
      .first(),
  ).toBeVisible();
  await shoot(page, 'analytics');

  // The project's Analytics tab: exactly what was posted.
  await page.goto(`/assistants/${id}?tab=analytics`);
  const totals = { sent: '1,507', delivered: '5', read: '3', failed: '1', received: '1' };
  for (const [k, v] of Object.entries(totals))
    await expect(page.getByTestId(`total-${k}`).locator('p').nth(1)).toHaveText(v);
  const line = (panel: string, metric: string) => page.getByTestId(panel).locator(`[data-metric="${metric}"] td`);
  const expectLine = async (panel: string, metric: string, count: number, amount: number) => {
    await expect(line(panel, metric).nth(1), `${panel} ${metric}`).toHaveText(count.toLocaleString('en-IN'));
    await expect(line(panel, metric).nth(2), `${panel} ${metric}`).toHaveText(rupees(amount));
  };
  await expectLine('central-balance-panel', 'mc', 3, 3 * PRICE.inMarketing);
  await expectLine('central-balance-panel', 'uc', 0, 0);
  await expectLine('central-balance-panel', 'ac', 1, PRICE.authentication);
  await expectLine('central-balance-panel', 'sc', 1501, 0);
  await expectLine('central-balance-panel', 'bic', 4, centralCharged);
  await expectLine('central-balance-panel', 'uic', 1501, 0);
  await expectLine('template-credit-panel', 'mc', 1, PRICE.inMarketing);
  await expectLine('template-credit-panel', 'bic', 1, PRICE.inMarketing);
  await expectLine('template-credit-panel', 'uc', 0, 0);

  // One country: GB had only the authentication message.
  await page.getByLabel('Country').click();
  await page.getByRole('option', { name: 'GB', exact: true }).click();
  await expectLine('central-balance-panel', 'ac', 1, PRICE.authentication);
  await expectLine('central-balance-panel', 'mc', 0, 0);
  await expectLine('template-credit-panel', 'mc', 0, 0);

  // Yesterday alone: a single day, so the chart gets a zero day before it.
  await page.getByRole('button', { name: 'Yesterday' }).click();
  await expect(page.getByTestId('total-sent').locator('p').nth(1)).toHaveText('4');
  const ticks = page.locator('.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value');
  await expect(ticks).toHaveText([daysAgo(2), daysAgo(1)]);

  // A charged message's ledger entry, opened directly: Billing Details.
  const entry = delivery('MESSAGE_DELIVERY_WCC')[0]!;
  await page.goto(`/billings/${entry._id}?entry`);
  await expect(page.getByRole('heading', { name: 'Billing Details' })).toBeVisible();
  await expect(page.getByText(PROJECT, { exact: true })).toBeVisible();
  await expect(page.getByText(rupees(PRICE.inMarketing), { exact: true })).toBeVisible();
  await expect(page.getByText('MESSAGE_DELIVERY_WCC', { exact: true })).toBeVisible();
  await shoot(page, 'billing-detail');
  // Opened directly, Back leads to the billings list.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('heading', { name: 'Billing', level: 1 })).toBeVisible();

  // Phone width: nothing wider than the screen.
  if (process.env.E2E_SHOTS) {
    await page.setViewportSize({ width: 390, height: 844 });
    for (const [name, path] of [
      ['dashboard', '/'],
      ['analytics', '/analytics'],
      ['billing-detail', `/billings/${entry._id}?entry`],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await shoot(page, name);
    }
  }
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of ['/', '/analytics', `/billings/${entry._id}?entry`]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectFitsViewport(page, path);
  }
});

test('a half-empty range keeps the figures and the preset of the range shown, and is cleared when the fields lose focus', async ({
  page,
  request,
}) => {
  const pickBoth = 'Pick both days to apply the range';
  await signIn(page, request, demo.owner, '/analytics');
  const last7 = page.getByRole('button', { name: 'Last 7 days' });
  await expect(last7).toHaveAttribute('aria-pressed', 'true');
  const sent = page.getByTestId('total-sent').locator('p').nth(1);
  // The demo's traffic of the last 7 days (and the first test's): never 0 for the whole partner.
  await expect(sent).not.toHaveText('0');
  const shown = (await sent.textContent())!;
  const from = page.getByLabel('From', { exact: true });
  const to = page.getByLabel('To', { exact: true });
  const start = await from.inputValue();
  const end = await to.inputValue();
  expect([start, end]).toEqual([daysAgo(6), daysAgo(0)]);

  // Only a start picked: what is missing is said, the figures and the highlighted preset stay Last 7 days'.
  await to.fill('');
  await expect(page.getByText(pickBoth)).toBeVisible();
  await expect(sent).toHaveText(shown);
  await expect(last7).toHaveAttribute('aria-pressed', 'true');
  expect(new URL(page.url()).search).toBe('');
  await shoot(page, 'analytics-half-range', [1440, 390]);
  // The picker closes (focus leaves both fields): the incomplete range is cleared.
  await page.getByRole('heading', { name: 'Analytics', level: 1 }).click();
  await expect(to).toHaveValue(end);
  await expect(page.getByText(pickBoth)).toBeHidden();

  // Only an end: the same.
  await from.fill('');
  await expect(page.getByText(pickBoth)).toBeVisible();
  await expect(sent).toHaveText(shown);
  await page.getByRole('heading', { name: 'Analytics', level: 1 }).click();
  await expect(from).toHaveValue(start);
  // The highlighted preset clicked again drops a half-picked range too.
  await to.fill('');
  await last7.click();
  await expect(to).toHaveValue(end);
  await expect(last7).toHaveAttribute('aria-pressed', 'true');

  // Both days: the range applies and no preset is highlighted.
  await from.fill(daysAgo(3));
  await expect(page).toHaveURL(new RegExp(`preset=custom&from=${daysAgo(3)}&to=${end}$`));
  await expect(last7).toHaveAttribute('aria-pressed', 'false');
  for (const preset of ['Today', 'Yesterday', 'Last 30 days'])
    await expect(page.getByRole('button', { name: preset })).toHaveAttribute('aria-pressed', 'false');

  // A link with half a range (edited by hand, or old) reads as Last 7 days, never as zeros.
  await page.goto(`/analytics?preset=custom&from=${start}`);
  await expect(last7).toHaveAttribute('aria-pressed', 'true');
  await expect(sent).toHaveText(shown);
  await expect(to).toHaveValue(end);

  // The server refuses half a range with the range's text rather than answering nothing.
  const token = await tokenFor(request, demo.owner);
  for (const query of [`startDate=${start}`, `endDate=${end}`, `startDate=${start}&endDate=`]) {
    const res = await request.get(`/partner/:partnerId/wcc-analytics?${query}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(res.status(), query).toBe(400);
    expect(((await res.json()) as { message: string }).message, query).toBe('Select a valid date');
  }
});
