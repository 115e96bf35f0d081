import { expect, test } from '@playwright/test';
import { demo, signIn } from './helpers';

test('the super-admin sets a partner flag on its account page', async ({ page, request }) => {
  await signIn(page, request, demo.admin);
  await expect(page).toHaveURL(/\/superadmin$/);
  await expect(page.getByRole('heading', { name: 'Partners' })).toBeVisible();
  const rail = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(rail.getByRole('link', { name: 'Businesses' })).toHaveCount(0);

  await page.getByRole('link', { name: 'Growth Referrals' }).click();
  await expect(page.getByRole('heading', { name: 'Growth Referrals', level: 1 })).toBeVisible();
  const flag = page.getByRole('switch', { name: 'Title edit icon for Growth Referrals' });
  const wasOn = await flag.isChecked();
  await flag.click();
  await expect(page.locator('[data-snackbar]').first()).toBeVisible();
  await expect(flag).toBeChecked({ checked: !wasOn });
  await page.reload();
  await expect(flag).toBeChecked({ checked: !wasOn });
  await flag.click();
  await expect(flag).toBeChecked({ checked: wasOn });
});

test('a partner user cannot open the super-admin page', async ({ page, request }) => {
  await signIn(page, request, demo.owner, '/superadmin');
  await expect(page.getByRole('alert', { name: 'Access Denied' })).toBeVisible();
});
