import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { demo, signIn, snackbar, tokenFor } from './helpers';

// Other specs add and change projects on the shared database: counts are read, not assumed.
const countOf = async (page: Page, label: string) => {
  const text = (await page.getByRole('tab', { name: new RegExp(`^${label} \\(\\d+\\)$`) }).textContent()) ?? '';
  return Number(/\((\d+)\)/.exec(text)![1]);
};
const rows = (page: Page) => page.getByTestId('project-row');

test('the owner: tabs with counts, paging held per page, search, plan filter, report, opening a project', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await signIn(page, request, demo.owner);
  const listCalls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/project-lists')) listCalls.push(r.postData() ?? '');
  });
  await page.goto('/assistants');
  await expect(page.getByRole('heading', { name: 'Projects', level: 1 })).toBeVisible();

  // Acme is WHITELABEL with sign-up and trial enabled: every tab of its type.
  const tabs = page.getByRole('tab');
  await expect(tabs).toHaveText([
    /^All \(\d+\)$/,
    /^Signup trial \(\d+\)$/,
    /^API Trial \(\d+\)$/,
    /^Draft \(\d+\)$/,
    /^Live \(\d+\)$/,
    /^Monthly Plan \(\d+\)$/,
    /^Yearly Plan \(\d+\)$/,
    /^Stopped \(\d+\)$/,
    /^Deleted \(\d+\)$/,
  ]);
  const all = await countOf(page, 'All');
  expect(all).toBeGreaterThan(15);
  expect((await countOf(page, 'Draft')) + (await countOf(page, 'Live'))).toBe(all);

  // 15 rows a page; page 2 is fetched by skip; page 1 again is not fetched again.
  await expect(rows(page)).toHaveCount(15);
  await expect(page.getByText(`1–15 of ${all}`)).toBeVisible();
  await page.getByRole('button', { name: 'Go to next page' }).click();
  await expect(rows(page)).toHaveCount(Math.min(15, all - 15));
  expect(listCalls.some((body) => body.includes('"skip":15'))).toBe(true);
  // ... starting after the last row of page 1, which the page held (keyset paging).
  expect(listCalls.some((body) => body.includes('"skip":15') && /"after":"[^"]+"/.test(body))).toBe(true);
  const callsSoFar = listCalls.length;
  await page.getByRole('button', { name: 'Go to previous page' }).click();
  await expect(rows(page)).toHaveCount(15);
  expect(listCalls.length).toBe(callsSoFar);

  // A tab shows what its count says.
  await page.getByRole('tab', { name: /^Deleted/ }).click();
  await expect(rows(page)).toHaveCount(await countOf(page, 'Deleted'));
  const oldMarket = rows(page).filter({ hasText: 'Old Market' });
  await oldMarket.hover();
  await expect(page.getByRole('tooltip', { name: 'Project is archived' })).toBeVisible();
  await oldMarket.click({ force: true });
  await expect(page).toHaveURL(/\/assistants\?tab=Deleted$/);

  // Search on Enter, with clear.
  await page.getByRole('tab', { name: /^All/ }).click();
  const search = page.getByRole('textbox', { name: 'Search project name' });
  await search.fill('kite');
  await search.press('Enter');
  await expect(page.getByRole('tab', { name: 'All (8)' })).toBeVisible();
  await expect(rows(page)).toHaveCount(8);
  await expect(rows(page).first()).toContainText('Kite Campaigns');
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(page.getByRole('tab', { name: `All (${all})` })).toBeVisible();

  // A monthly plan moves to the Monthly Plan tab and narrows it; another tab clears it.
  const monthly = await countOf(page, 'Monthly Plan');
  await page.getByRole('button', { name: 'Filter', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Filter' });
  await dialog.getByRole('combobox', { name: 'Monthly Plan' }).click();
  await page.getByRole('option', { name: 'Basic Monthly' }).click();
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('tab', { name: /^Monthly Plan/ })).toHaveAttribute('aria-selected', 'true');
  const basic = await countOf(page, 'Monthly Plan');
  expect(basic).toBeGreaterThan(0);
  expect(basic).toBeLessThan(monthly);
  await expect(rows(page)).toHaveCount(basic);
  for (const row of await rows(page).all()) await expect(row).toContainText('Basic');
  await page.getByRole('tab', { name: /^Live/ }).click();
  await expect(page.getByRole('tab', { name: `Monthly Plan (${monthly})` })).toBeVisible();

  // Download Report saves projects.csv of the current tab, with Project ID.
  const live = await countOf(page, 'Live');
  await page.getByRole('button', { name: 'Filter', exact: true }).click();
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download Report' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('projects.csv');
  await expect(snackbar(page, 'Successfully downloaded report!')).toBeVisible();
  const lines = readFileSync(await download.path(), 'utf8')
    .trim()
    .split('\r\n');
  expect(lines[0]!.split(',').slice(0, 5)).toEqual([
    'Project ID',
    'Project Name',
    'Business Name',
    'Business Email',
    'WABA Status',
  ]);
  expect(lines).toHaveLength(live + 1);
  // Metro Clinics: a live project that no other spec changes (specs share one database).
  const metro = lines.find((l) => l.split(',')[1] === 'Metro Clinics')!.split(',');
  expect(metro[4]).toBe('Live');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // A row opens its project (matched by its first cell: its business is also named Metro Clinics).
  await rows(page)
    .filter({ has: page.locator('td:first-child', { hasText: /^Metro Clinics$/ }) })
    .click();
  await expect(page).toHaveURL(new RegExp(`/assistants/${metro[0]}$`));
});

test('a search most names match, counted to its bound: "1–15 of more than 1,000", and "next" goes on', async ({
  page,
  request,
}) => {
  // A search most of a million names match stops counting at 1,000 (WIDE_SEARCH_CAP) and says
  // moreThan; the demo's 21 projects cannot make it do so, so the first page's answer is made to.
  await page.route('**/api/project-lists**', async (route) => {
    const response = await route.fetch();
    const answer = (await response.json()) as { totalprojects: number };
    const { skip } = route.request().postDataJSON() as { skip: number };
    await route.fulfill({ response, json: skip === 0 ? { ...answer, totalprojects: 1_000, moreThan: true } : answer });
  });
  await signIn(page, request, demo.owner, '/assistants');
  const pager = page.getByText(/^\d+–\d+ of /);
  const next = page.getByRole('button', { name: 'Go to next page' });
  await expect(pager).toHaveText('1–15 of more than 1,000');
  await expect(next).toBeEnabled();
  // Page 2 is counted exactly: the real total, and "next" only if a third page follows.
  const all = await countOf(page, 'All');
  await next.click();
  await expect(pager).toHaveText(`16–${Math.min(30, all)} of ${all}`);
  if (all <= 30) await expect(next).toBeDisabled();
  else await expect(next).toBeEnabled();
});

test('other partner types and users: DIRECT tabs, ADS_WHITELABEL cannot create, a referral user sees only referred projects', async ({
  page,
  request,
}) => {
  await signIn(page, request, demo.direct, '/assistants');
  await expect(page.getByRole('tab')).toHaveText([/^All \(\d+\)$/, /^Draft/, /^Live/, /^Stopped/, /^Deleted/]);

  await signIn(page, request, demo.ads, '/assistants');
  const create = page.getByRole('button', { name: 'Create New Project' });
  await expect(create).toBeDisabled();
  await create.locator('..').hover();
  await expect(
    page.getByRole('tooltip', {
      name: 'This feature is available only for businesses using WhatsApp Business API services.',
    }),
  ).toBeVisible();

  await signIn(page, request, demo.referral);
  // The referral variants carry the user's own id as partnerReferralId (doc 1 section 1).
  const referralCalls: { url: string; body: Record<string, unknown> }[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/partner-referral-')) referralCalls.push({ url: r.url(), body: r.postDataJSON() });
  });
  const me = (await (
    await request.get('/api/me', { headers: { Authorization: `Bearer ${await tokenFor(request, demo.referral)}` } })
  ).json()) as { agent: { _id: string } };
  await page.goto('/assistants');
  await expect(page.getByRole('heading', { name: 'Projects', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create New Project' })).toHaveCount(0);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page)).toContainText('Lotus Tutors');
  for (const kind of ['project-lists', 'project-counts']) {
    const made = referralCalls.filter((c) => c.url.includes(`/api/partner-referral-${kind}`));
    expect(made.length, kind).toBeGreaterThan(0);
    for (const c of made) expect(c.body.partnerReferralId, kind).toBe(me.agent._id);
  }
  await page.goto('/businesses');
  await expect(page.getByTestId('business-row').first()).toBeVisible();
  const businessCalls = referralCalls.filter((c) => c.url.includes('/api/partner-referral-business-lists'));
  expect(businessCalls.length).toBeGreaterThan(0);
  for (const c of businessCalls) expect(c.body.partnerReferralId).toBe(me.agent._id);
});
