import { expect, test, type Page } from '@playwright/test';
import { demo, shoot, signIn, signInWithForm, tablesSettled, tokenFor } from './helpers';

/** Lists keep their place in the URL; loads that fail say so with Retry; an ended session comes back. */

const projectRows = (page: Page) => page.getByTestId('project-row');
const openable = (page: Page) => page.locator('[data-testid="project-row"]:not([aria-disabled])');
const nameCells = (page: Page) => projectRows(page).locator('td:first-child').allTextContents();

test('the projects list keeps its tab, search and page through a row opened and Back, a reload and a shared link', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await signIn(page, request, demo.owner, '/assistants');
  await expect(projectRows(page)).toHaveCount(15);

  // Page 2 is in the URL, with the row it opens from (the last of page 1): a reload or a link opens
  // it by that row (keyset paging), as fast deep in a long list as on its first page.
  const pageTwo = /\/assistants\?page=2&after=[\w-]+$/;
  await page.getByRole('button', { name: 'Go to next page' }).click();
  await expect(page).toHaveURL(pageTwo);
  await expect(page.getByText(/^16–/)).toBeVisible();
  await tablesSettled(page);
  const second = await nameCells(page);
  await shoot(page, 'projects-page-2', [1440, 390]);

  // Rows are links: a new tab or a middle-click opens the project.
  const row = openable(page).first();
  const link = row.getByRole('link').first();
  await expect(link).toHaveAttribute('href', /^\/assistants\/[^/?]+$/);
  const href = (await link.getAttribute('href'))!;
  await link.focus();
  await expect(link).toBeFocused();

  // Opened, then the browser's Back: the same page of the same list.
  await row.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await page.goBack();
  await expect(page).toHaveURL(pageTwo);
  await expect.poll(() => nameCells(page)).toEqual(second);

  // The page's own Back does the same.
  await openable(page).first().click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(page).toHaveURL(pageTwo);
  await expect.poll(() => nameCells(page)).toEqual(second);

  // A reload keeps it.
  const anchor = new URL(page.url()).searchParams.get('after');
  const listCall = page.waitForRequest((r) => r.url().includes('/api/project-lists'));
  await page.reload();
  expect((await listCall).postDataJSON()).toMatchObject({ skip: 15, after: anchor });
  await expect.poll(() => nameCells(page)).toEqual(second);
  await expect(page.getByText(/^16–/)).toBeVisible();

  // Search and tab: each a step Back and Forward undo and redo; the box follows.
  const search = page.getByRole('textbox', { name: 'Search project name' });
  await page.goto('/assistants');
  await search.fill('kite');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/assistants\?q=kite$/);
  await expect(projectRows(page)).toHaveCount(8);
  await tablesSettled(page);
  const kites = await nameCells(page);
  for (const name of kites) expect(name.toLowerCase()).toContain('kite');
  await page.getByRole('tab', { name: /^Draft/ }).click();
  await expect(page).toHaveURL(/\/assistants\?q=kite&tab=Draft$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/assistants\?q=kite$/);
  await expect.poll(() => nameCells(page)).toEqual(kites);
  await page.goBack();
  await expect(page).toHaveURL(/\/assistants$/);
  await expect(search).toHaveValue('');
  await page.goForward();
  await expect(search).toHaveValue('kite');
  await expect.poll(() => nameCells(page)).toEqual(kites);

  // A shared link opens the list as it was, in a fresh page.
  const other = await page.context().newPage();
  await other.goto('/assistants?q=kite');
  await expect(other.getByRole('textbox', { name: 'Search project name' })).toHaveValue('kite');
  await expect.poll(() => nameCells(other)).toEqual(kites);
  await other.close();

  // A link with values the list does not know opens the list at its defaults.
  await page.goto('/assistants?tab=Nope&page=-4&from=2026-02-30');
  await expect(page.getByRole('tab', { name: /^All/ })).toHaveAttribute('aria-selected', 'true');
  await expect(projectRows(page)).toHaveCount(15);
});

test('billing logs and businesses keep their filter and tab: Back from an entry returns to the same list', async ({
  page,
  request,
}) => {
  await signIn(page, request, demo.owner, '/billings');
  await expect(page.getByTestId('billing-row').first()).toBeVisible();
  const newest = await page.getByTestId('billing-row').first().textContent();
  await page.getByRole('button', { name: 'Filter', exact: true }).click();
  const filter = page.getByRole('dialog', { name: 'Filter' });
  await filter.getByLabel('Ascending').check();
  await filter.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/\/billings\?sort=asc$/);
  await expect(page.getByTestId('billing-row').first()).not.toHaveText(newest!);
  const oldest = await page.getByTestId('billing-row').first().textContent();
  await shoot(page, 'billings-ascending', [1440, 390]);
  await page.getByTestId('billing-row').first().click();
  await expect(page.getByRole('heading', { name: 'Billing Details' })).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/billings\?sort=asc$/);
  await expect(page.getByTestId('billing-row').first()).toHaveText(oldest!);

  await page.goto('/businesses');
  await page.getByRole('tab', { name: /^Archived/ }).click();
  await expect(page).toHaveURL(/\/businesses\?tab=Archived$/);
  await page.reload();
  await expect(page.getByRole('tab', { name: /^Archived/ })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('business-row').first()).toHaveAttribute('aria-disabled', 'true');
  await shoot(page, 'businesses-archived', [1440, 390]);
});

test('a list whose load fails shows the server’s message and Retry, never "no rows"; Retry loads it', async ({
  page,
  request,
}) => {
  await signIn(page, request, demo.owner);
  let failing = true;
  await page.route('**/api/project-lists**', (route) =>
    failing
      ? route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ message: 'The database is not answering. Try again in a moment.', code: 'X' }),
        })
      : route.continue(),
  );
  await page.goto('/assistants');
  const problem = page.getByTestId('load-error');
  await expect(problem).toContainText('The database is not answering. Try again in a moment.');
  await expect(page.getByText('No projects found')).toHaveCount(0);
  await expect(page.getByText(/0–0 of 0/)).toHaveCount(0);
  await shoot(page, 'list-load-error', [1440, 390]);
  failing = false;
  await problem.getByRole('button', { name: 'Retry' }).click();
  await expect(projectRows(page)).toHaveCount(15);
  await expect(problem).toHaveCount(0);
});

test('a session that ends mid-use lands on sign-in saying so, and signing in returns to the page', async ({
  page,
  request,
}) => {
  await signIn(page, request, demo.owner, '/assistants?tab=Live');
  await expect(projectRows(page).first()).toBeVisible();
  // The session ends elsewhere (signed out on another device): the token is refused from now on.
  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect((await request.post('/auth/sign-out', { headers: { Authorization: `Bearer ${token}` } })).ok()).toBe(true);

  await page.getByRole('tab', { name: /^Draft/ }).click();
  await expect(page).toHaveURL(/\/login\?ended=1&next=/);
  await expect(page.getByText('Your session has ended. Sign in again to continue where you were.')).toBeVisible();
  await shoot(page, 'session-ended', [1440, 390]);
  await page.getByLabel('Email or User Name').fill(demo.owner.userName);
  await page.getByLabel('Password', { exact: true }).fill(demo.owner.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/assistants\?tab=Draft$/);
  await expect(page.getByRole('tab', { name: /^Draft/ })).toHaveAttribute('aria-selected', 'true');

  // A `next` leading off the console is ignored.
  await page.evaluate(() => localStorage.removeItem('token'));
  await page.goto('/login?ended=1&next=%2F%2Fevil.example%2F');
  await signInWithForm(page, demo.owner);
  await expect(page).toHaveURL(/localhost:\d+\/$/);
});

test('a read-only role sees the controls it cannot use disabled, each saying why', async ({ page, request }) => {
  await signIn(page, request, demo.agent);
  const reason = 'Your role does not allow this: it needs Business Edit permission.';
  await page.goto('/assistants');
  const create = page.getByRole('button', { name: 'Create New Project' });
  await expect(create).toBeDisabled();
  await create.locator('..').hover();
  await expect(page.getByRole('tooltip', { name: reason })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create Your Business Here' })).toBeDisabled();

  await openable(page).first().click();
  await expect(page.getByTestId('read-only')).toBeVisible();
  const sync = page.getByRole('button', { name: 'Sync Channel Status' });
  await expect(sync).toBeDisabled();
  await sync.locator('..').hover();
  await expect(page.getByRole('tooltip', { name: reason })).toBeVisible();
  await shoot(page, 'read-only-project', [1440, 390]);

  await page.goto('/businesses');
  await expect(page.getByRole('button', { name: 'Create New Business' })).toBeDisabled();
});

test('an unknown or another partner’s project id shows the not-found page, not a placeholder', async ({
  page,
  request,
}) => {
  await signIn(page, request, demo.direct);
  const acmeProject = (await (
    await request.post('/api/project-lists?sort=dec', {
      headers: { Authorization: `Bearer ${await tokenFor(request, demo.owner)}` },
      data: { filter: 'All', skip: 0, rowsPerPage: 1 },
    })
  ).json()) as { projects: { _id: string }[] };
  for (const id of ['no-such-project', acmeProject.projects[0]!._id]) {
    await page.goto(`/assistants/${id}`);
    await expect(page.getByRole('heading', { name: 'YOU SEEM LOST!' })).toBeVisible();
    await expect(page.getByText(/coming soon/i)).toHaveCount(0);
  }
});
