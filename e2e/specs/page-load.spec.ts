import { expect, test, type Page, type Request } from '@playwright/test';
import { demo, tokenFor } from './helpers';

/**
 * A page opened signed in asks for what it needs together, not one call after another:
 * the user's call (/api/me) is held until the page's other calls and its code have been asked for.
 * Were any of them waiting on the user's answer, it would never come and the page would not show.
 */
const holdMeUntil = async (page: Page, wanted: Record<string, (r: Request) => boolean>) => {
  const seen = new Set<string>();
  let release = () => {};
  const allAsked = new Promise<void>((resolve) => (release = resolve));
  page.on('request', (request) => {
    for (const [name, matches] of Object.entries(wanted)) if (matches(request)) seen.add(name);
    if (seen.size === Object.keys(wanted).length) release();
  });
  await page.route('**/api/me', async (route) => {
    await allAsked;
    await route.continue();
  });
  return () => [...seen].sort();
};

const path = (r: Request) => new URL(r.url()).pathname;

test('the dashboard asks for the partner, its figures and its code beside the user, not after', async ({
  page,
  request,
}) => {
  const token = await tokenFor(request, demo.owner);
  await page.addInitScript((t) => localStorage.setItem('token', t), token);
  const wanted = {
    partner: (r: Request) => path(r) === '/api/get-profile',
    summary: (r: Request) => path(r) === '/api/dashboard-summary',
    usage: (r: Request) => path(r) === '/api/dashboard-usage',
    shell: (r: Request) => /\/assets\/AppShell-[\w-]+\.js$/.test(path(r)),
    page: (r: Request) => /\/assets\/DashboardPage-[\w-]+\.js$/.test(path(r)),
  };
  const asked = await holdMeUntil(page, wanted);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByText('Current Balance')).toBeVisible();
  expect(asked()).toEqual(Object.keys(wanted).sort());
});

test('the projects list asks for the partner, its rows, its counts and its code beside the user, not after', async ({
  page,
  request,
}) => {
  const token = await tokenFor(request, demo.owner);
  await page.addInitScript((t) => localStorage.setItem('token', t), token);
  const wanted = {
    partner: (r: Request) => path(r) === '/api/get-profile',
    rows: (r: Request) => path(r) === '/api/project-lists',
    counts: (r: Request) => path(r) === '/api/project-counts',
    shell: (r: Request) => /\/assets\/AppShell-[\w-]+\.js$/.test(path(r)),
    page: (r: Request) => /\/assets\/ProjectsPage-[\w-]+\.js$/.test(path(r)),
  };
  const listCalls: string[] = [];
  page.on('request', (r) => {
    if (wanted.rows(r) || wanted.counts(r)) listCalls.push(path(r));
  });
  const asked = await holdMeUntil(page, wanted);
  await page.goto('/assistants');
  await expect(page.getByRole('heading', { name: 'Projects', level: 1 })).toBeVisible();
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  expect(asked()).toEqual(Object.keys(wanted).sort());
  // The page's queries found the calls its route started: each was asked for once.
  expect(listCalls.sort()).toEqual(['/api/project-counts', '/api/project-lists']);
});
