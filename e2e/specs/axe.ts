import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

// The axe check the accessibility spec and the console walks share (docs/accessibility.md).

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
