import { expect, test } from '@playwright/test';
import { demo, signIn } from './helpers';
import { PHONE, signInPageChecked, violations } from './axe';

/**
 * axe (its default rules: WCAG 2 A and AA and its best practices) finds nothing moderate, serious or
 * critical on the sign-in page, in both colour schemes, and on a few open dialogs; minor findings are
 * axe's own hints and are not counted (docs/accessibility.md). Every page the console's links reach
 * is checked on the walks of console-clean.spec.ts.
 */

test.describe('light', () => {
  signInPageChecked();

  test('the first Tab reaches "Skip to main content", which takes the keyboard past the navigation', async ({
    page,
    request,
  }) => {
    await signIn(page, request, demo.owner);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
    // The next Tab is inside the page, not on the rail's first link.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('main') !== null)).toBe(true);
  });

  test('open dialogs: create business, create project, confirm dialogs', async ({ page, request }) => {
    test.setTimeout(120_000);
    const found: string[] = [];
    await signIn(page, request, demo.owner, '/businesses');
    // A business of the demo's, for its Create Project and its Delete Business confirmation (cancelled).
    // Its row's link (waited for: while the list loads, its rows are placeholders that open nothing).
    await page.getByRole('table', { name: 'Businesses' }).getByRole('link').first().click();
    await expect(page.getByRole('heading', { name: /^Business : / })).toBeVisible();
    const business = new URL(page.url()).pathname;
    for (const size of [{ width: 1440, height: 900 }, PHONE]) {
      await page.setViewportSize(size);
      await page.goto('/businesses');
      await page.getByRole('button', { name: 'Create New Business' }).click();
      const wizard = page.getByRole('dialog', { name: 'Create New Business' });
      await expect(wizard.getByLabel('Display Name')).toBeVisible();
      found.push(...(await violations(page, 'Create New Business', '[role="dialog"]')));
      // Its time zones open too: a long menu, every zone with its offset.
      await wizard.getByRole('combobox', { name: 'Timezone' }).click();
      await expect(page.getByRole('option', { name: /^Australia\/Darwin GMT\+09:30$/ })).toBeAttached();
      await page.keyboard.press('Escape');
      await page.keyboard.press('Escape');
      await expect(wizard).toBeHidden();

      await page.goto(business);
      await page.getByRole('button', { name: 'Create Project' }).click();
      const project = page.getByRole('dialog', { name: 'Create New Project' });
      await expect(project.getByLabel('Project Name')).toBeVisible();
      found.push(...(await violations(page, 'Create New Project', '[role="dialog"]')));
      await page.keyboard.press('Escape');
      await expect(project).toBeHidden();
      await page.getByRole('button', { name: 'Delete Business' }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete Business' });
      await expect(confirm).toBeVisible();
      found.push(...(await violations(page, 'Delete Business', '[role="dialog"]')));
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await expect(confirm).toBeHidden();
    }
    expect(found).toEqual([]);
  });
});

test.describe('dark', () => {
  test.use({ colorScheme: 'dark' });
  signInPageChecked();
});
