import { expect, test, type APIRequestContext, type Page, type Request } from '@playwright/test';
import { signIn, type Credentials } from './helpers';
import { PHONE, violations } from './axe';

/**
 * Every page a demo user can reach from the console's own links opens without an error in the
 * browser console and without a failed call: a 403 or 404 the product causes on its own is a bug
 * (a call the user's access never allowed, an id asked for under the wrong name). Each shape of
 * address is opened once (the first project, the first business...), from the links the pages show.
 * The same walk can check each page with axe (docs/accessibility.md), at the desktop's width and,
 * the viewport narrowed in place, at the phone's.
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

/**
 * Waits until the page has settled: the app has replaced the HTML's spinner and drawn the page's
 * heading (a lazy page's code has come and run), and no request has been in flight for a quarter
 * of a second (what the page or a clicked tab asks for has come back, and what its answers made it
 * ask for too). The browser's "network idle" waits twice as long and counts the bell's and the
 * images' connections; neither sees a script still running with nothing in flight, hence the heading.
 */
const settling = (page: Page) => {
  const inFlight = new Set<Request>();
  let lastChange = Date.now();
  const change = (add: boolean) => (r: Request) => {
    if (add) inFlight.add(r);
    else inFlight.delete(r);
    lastChange = Date.now();
  };
  page.on('request', change(true));
  page.on('requestfinished', change(false));
  page.on('requestfailed', change(false));
  return async () => {
    await page.waitForLoadState('load');
    await page.locator('#root > .boot').waitFor({ state: 'detached', timeout: 15_000 });
    // Every page of the console has one (axe's page-has-heading-one holds on the walks).
    await page.locator('main h1').first().waitFor({ timeout: 15_000 });
    await expect
      .poll(() => inFlight.size === 0 && Date.now() - lastChange >= 250, { intervals: [50], timeout: 15_000 })
      .toBe(true);
  };
};

/** The next frame has been painted: a resize's re-render has landed. */
const nextPaint = (page: Page) =>
  page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

type Checks = {
  /** Each page checked with axe as it opens: at 1440 px, and at 390 px too unless `wide` only. */
  axe?: 'both' | 'wide';
};

export const crawl = async (page: Page, start: string, limit: number, { axe }: Checks = {}) => {
  const problems: string[] = [];
  const found: string[] = [];
  let at = start;
  const settled = settling(page);
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
  const wide = page.viewportSize()!;
  while (queue.length && visited.length < limit) {
    at = queue.shift()!;
    if (visited.length) await page.goto(at);
    visited.push(at);
    // What the page asks for on opening has come back (React Query's calls are done).
    await settled();
    if (axe) {
      found.push(...(await violations(page, at)));
      if (axe === 'both') {
        await page.setViewportSize(PHONE);
        await nextPaint(page);
        await settled();
        found.push(...(await violations(page, at)));
        // Back to the desktop's layout for the tabs (each tab's click waits for what it loads).
        await page.setViewportSize(wide);
        await nextPaint(page);
      }
    }
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
      await settled();
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
  return { problems, found, visited };
};

/**
 * One user's walk: signed in, every page and tab from the console's own links, none with a problem
 * (and, with `axe`, none with a moderate, serious or critical axe finding).
 */
export const walkCleanly = (who: string, credentials: Credentials, checks: Checks = {}) =>
  test(`${who}: every page reachable from the console's links opens with a clean console${
    checks.axe ? ` and no axe violation at 1440${checks.axe === 'both' ? ' and 390' : ''} px` : ''
  }`, async ({ page, request }: { page: Page; request: APIRequestContext }) => {
    test.setTimeout(checks.axe ? 420_000 : 180_000);
    await signIn(page, request, credentials, '/');
    const { problems, found, visited } = await crawl(page, page.url().replace(/^https?:\/\/[^/]+/, ''), 60, checks);
    expect(visited.length).toBeGreaterThan(3);
    expect({ problems, axe: found }).toEqual({ problems: [], axe: [] });
  });
