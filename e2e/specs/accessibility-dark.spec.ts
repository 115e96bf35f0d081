import { expect, test } from '@playwright/test';
import { demo } from './helpers';
import { PHONE, violations, walkChecked } from './axe';

// The system asks for dark: the console follows it, the partner's colours kept readable.
test.describe('dark', () => {
  test.use({ colorScheme: 'dark' });
  // The DIRECT partner's console is in its own colours (a dark blue, lightened here to read on
  // near-black); the layouts at 390 px are the light walks', the colours the same at both widths.
  walkChecked('a DIRECT partner', demo.direct, { wide: true });

  test('the sign-in page at 1440 and 390 px', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible();
    const found = await violations(page, '/login');
    await page.setViewportSize(PHONE);
    found.push(...(await violations(page, '/login')));
    expect(found).toEqual([]);
  });
});
