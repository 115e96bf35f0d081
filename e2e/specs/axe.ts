import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { crawl } from './console-walk';
import { signIn, type Credentials } from './helpers';

// The accessibility specs' axe check and walk (docs/accessibility.md).

/** What a violation must weigh to count: axe's minor findings are hints. */
const counted = new Set(['moderate', 'serious', 'critical']);

/** Each violation on the page (or inside `within`) as one line: where, which rule, and its first elements. */
export const violations = async (page: Page, at: string, within?: string) => {
  // The app has replaced index.html's loading spinner (on a busy machine the network can be idle
  // before React's first render of a freshly opened address has landed).
  await page.locator('#root > .boot').waitFor({ state: 'detached' });
  // A page's heading once its lazy code has come (a page without one is then axe's to report).
  if (!within)
    await page
      .locator('h1')
      .first()
      .waitFor({ timeout: 5_000 })
      .catch(() => undefined);
  const builder = new AxeBuilder({ page });
  if (within) builder.include(within);
  const { violations: found } = await builder.analyze();
  return found
    .filter((v) => counted.has(v.impact ?? ''))
    .map(
      (v) =>
        `${at} @${page.viewportSize()!.width}: ${v.id} (${v.impact}) on ${v.nodes.length}: ` +
        v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | '),
    );
};

export const PHONE = { width: 390, height: 844 };

/**
 * Every page `who` reaches, checked at 1440 px as the walk opens it, then each again at 390 px
 * (unless `wide` only: a walk is minutes, so the dark scheme's colours are checked at one width).
 */
export const walkChecked = (who: string, credentials: Credentials, { wide = false } = {}) =>
  test(`${who}: every page has no moderate or serious axe violation at 1440${wide ? '' : ' and 390'} px`, async ({
    page,
    request,
  }) => {
    test.setTimeout(600_000);
    const found: string[] = [];
    await signIn(page, request, credentials, '/');
    const start = page.url().replace(/^https?:\/\/[^/]+/, '');
    const { visited } = await crawl(page, start, 60, async (at) => {
      found.push(...(await violations(page, at)));
    });
    expect(visited.length).toBeGreaterThan(3);
    await page.setViewportSize(PHONE);
    for (const at of wide ? [] : visited) {
      await page.goto(at);
      await page.waitForLoadState('networkidle');
      found.push(...(await violations(page, at)));
    }
    expect(found).toEqual([]);
  });

/** The sign-in page, at 1440 and 390 px. */
export const signInPageChecked = () =>
  test('the sign-in page at 1440 and 390 px', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible();
    const found = await violations(page, '/login');
    await page.setViewportSize(PHONE);
    found.push(...(await violations(page, '/login')));
    expect(found).toEqual([]);
  });
