import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signIn, type Credentials } from './helpers';

/**
 * Every page a demo user can reach from the console's own links opens without an error in the
 * browser console and without a failed call: a 403 or 404 the product causes on its own is a bug
 * (a call the user's access never allowed, an id asked for under the wrong name). Each shape of
 * address is opened once (the first project, the first business...), from the links the pages show.
 */

/** /assistants/3f2a.../x and /assistants/9b1c.../x are one shape: the ids are left out. */
const shapeOf = (href: string) => {
  const url = new URL(href, 'http://x');
  const path = url.pathname
    .split('/')
    .map((part) => (/\d/.test(part) && part.length >= 8 ? ':id' : part))
    .join('/');
  return `${path}${url.searchParams.has('tab') ? `?tab=${url.searchParams.get('tab')}` : ''}`;
};

/** Addresses the crawl does not follow: signing out, and links that leave the console. */
const skipped = (href: string) => /^\/(login|reset-password|error)|\/embed\/signup|^\/integrations\//.test(href);

/** `onPage` looks at each page once it has loaded, before its tabs are clicked (the accessibility check). */
export const crawl = async (page: Page, start: string, limit: number, onPage?: (at: string) => Promise<void>) => {
  const problems: string[] = [];
  let at = start;
  page.on('console', (m) => {
    // The e2e server's chat-widget address serves nothing but to the shell spec (see watchConsole).
    if (m.type() !== 'error' || /chat-widget/.test(`${m.location().url} ${m.text()}`)) return;
    problems.push(`${at}: console: ${m.text()} (${m.location().url})`);
  });
  page.on('pageerror', (e) => problems.push(`${at}: uncaught: ${e.message}`));
  page.on('response', (r) => {
    if (r.status() >= 400 && new URL(r.url()).pathname.startsWith('/api/'))
      problems.push(`${at}: ${r.status()} ${r.request().method()} ${new URL(r.url()).pathname}`);
  });
  const seen = new Set<string>([shapeOf(start)]);
  const queue = [start];
  const visited: string[] = [];
  while (queue.length && visited.length < limit) {
    at = queue.shift()!;
    if (visited.length) await page.goto(at);
    visited.push(at);
    // What the page asks for on opening has come back (React Query's calls are done).
    await page.waitForLoadState('networkidle');
    if (onPage) await onPage(at);
    // Each tab of the page too (a project's Billings, a business's Archived...): tabs are buttons.
    const names = await page
      .getByRole('tab', { selected: false, disabled: false })
      // Tabs that are links are crawled as links; the others are clicked here.
      .evaluateAll((tabs) => tabs.filter((t) => t.tagName !== 'A').map((t) => t.textContent?.trim() ?? ''));
    const here = page.url().replace(/^https?:\/\/[^/]+/, '');
    for (const name of names) {
      // A tab another tab's opening took away is skipped, not waited for.
      const tab = page.getByRole('tab', { name, exact: true, selected: false });
      if ((await tab.count()) !== 1) continue;
      at = `${here} (tab ${name})`;
      await tab.click({ timeout: 5_000 }).catch(() => problems.push(`${at}: the tab cannot be clicked`));
      await page.waitForLoadState('networkidle');
    }
    const hrefs = await page
      .locator('a[href^="/"]')
      .evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).getAttribute('href')!));
    for (const href of hrefs) {
      const shape = shapeOf(href);
      if (skipped(href) || seen.has(shape)) continue;
      seen.add(shape);
      queue.push(href);
    }
  }
  return { problems, visited };
};

/** One user's walk: signed in, every page and tab from the console's own links, none with a problem. */
export const walkCleanly = (who: string, credentials: Credentials) =>
  test(`${who}: every page reachable from the console's links opens with a clean console`, async ({
    page,
    request,
  }: {
    page: Page;
    request: APIRequestContext;
  }) => {
    test.setTimeout(180_000);
    await signIn(page, request, credentials, '/');
    const { problems, visited } = await crawl(page, page.url().replace(/^https?:\/\/[^/]+/, ''), 60);
    expect(visited.length).toBeGreaterThan(3);
    expect(problems).toEqual([]);
  });
