import { expect, test } from '@playwright/test';
import { demo, expectFitsViewport, signIn, snackbar } from './helpers';

test("the owner reads the wallet: the central balance's burn and dates, the credits soonest to run out first", async ({
  page,
  request,
}) => {
  await signIn(page, request, demo.owner);
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Wallet' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Wallet' })).toBeVisible();
  const central = page.getByTestId('wallet-central');
  await expect(central.getByTestId('wallet-balance')).toContainText('₹');
  await expect(central.getByTestId('wallet-burn7')).toContainText(/₹[\d,]+\.\d\d/);
  // The demo's history spends Acme's central balance in days: a date, and its level of 7 days is crossed.
  await expect(central.getByTestId('wallet-days')).toContainText(/\d+(\.\d)? days/);
  await expect(central.getByTestId('wallet-suspension')).toContainText(/20\d\d/);
  await expect(central.getByText('< 7 days')).toBeVisible();

  const rows = page.getByTestId('wallet-row');
  // Soonest to run out first: Kite Campaign 06's credit lasts days, Metro Clinics' years.
  const names = await rows.locator('td:first-child').allInnerTexts();
  const at = (name: string) => names.findIndex((n) => n.startsWith(name));
  expect(at('Kite Campaign 06')).toBeGreaterThanOrEqual(0);
  expect(at('Kite Campaign 06')).toBeLessThan(at('Metro Clinics'));
  await expect(rows.filter({ hasText: 'Kite Campaign 06' })).toContainText('< ₹50.00');

  // Only the credits below their level, kept in the URL.
  await page.getByLabel('Below your warning level').click();
  await expect(page).toHaveURL(/crossed=true/);
  await expect(rows).toHaveCount(1);
  await page.reload();
  await expect(rows).toHaveCount(1);
  await page.getByLabel('Below your warning level').click();
  await expect(page).not.toHaveURL(/crossed/);

  // The shell's banner leads here.
  await page.goto('/');
  const banner = page
    .getByRole('region', { name: 'Notices' })
    .getByRole('alert')
    .filter({ hasText: 'warning level you set' });
  await expect(banner).toContainText('Kite Campaign 06');
  await banner.getByRole('link', { name: 'Open Wallet' }).click();
  await expect(page).toHaveURL(/\/wallet$/);
});

test('the owner sets a warning level on a credit, sees it, and removes it', async ({ page, request }) => {
  await signIn(page, request, demo.owner, '/wallet');
  const row = page.getByTestId('wallet-row').filter({ hasText: 'Metro Reminders' });
  await row.getByRole('button', { name: 'Set warning: Metro Reminders' }).click();
  const dialog = page.getByRole('dialog', { name: 'Set warning: Metro Reminders' });
  await dialog.getByRole('textbox', { name: 'Balance' }).fill('0');
  await dialog.getByRole('textbox', { name: 'Balance' }).blur();
  await expect(dialog.getByText('Enter a value above 0')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  await dialog.getByRole('textbox', { name: 'Balance' }).fill('100');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(snackbar(page, 'Warning level saved')).toBeVisible();
  await expect(row).toContainText('< ₹100.00');

  await row.getByRole('button', { name: 'Edit warning: Metro Reminders' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove warning' }).click();
  await expect(snackbar(page, 'Warning level removed')).toBeVisible();
  await expect(row).toContainText('No warning level');
});

test('a manager (billings read, no Manage write) sees the wallet but cannot set a level; the phone layout holds', async ({
  page,
  request,
}) => {
  await signIn(page, request, { userName: 'priya', password: 'Priya@123' }, '/wallet');
  await expect(page.getByTestId('wallet-central')).toBeVisible();
  await expect(page.getByTestId('wallet-central').getByTestId('no-permission')).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('wallet-row').first()).toBeVisible();
  await expectFitsViewport(page);
});

test("the campaign pre-flight prices recipients at the project's prices and says what covers them", async ({
  page,
  request,
}) => {
  await signIn(page, request, demo.owner, '/assistants');
  await page.getByRole('link', { name: 'Sunrise Bakery' }).first().click();
  await page.getByTestId('card-credits').getByRole('button', { name: 'Estimate campaign' }).click();
  const dialog = page.getByRole('dialog', { name: /Estimate a campaign/ });
  await dialog.getByRole('textbox', { name: 'Recipients 1' }).fill('100');
  await dialog.getByRole('button', { name: 'Add line' }).click();
  await dialog.getByRole('textbox', { name: 'Recipients 2' }).fill('5000000');
  await dialog.getByRole('button', { name: 'Estimate campaign' }).click();
  await expect(dialog.getByTestId('estimate-total')).toContainText('₹');
  // Five million utility conversations are more than Acme's balances hold.
  await expect(dialog.getByTestId('estimate-verdict')).toContainText('Not covered');
  await dialog.getByRole('button', { name: 'Remove line' }).nth(1).click();
  await dialog.getByRole('button', { name: 'Estimate campaign' }).click();
  await expect(dialog.getByTestId('estimate-verdict')).toHaveText('Covered');
});
