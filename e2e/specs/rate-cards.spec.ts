import { expect, test } from '@playwright/test';
import { demo, signIn, snackbar } from './helpers';

/**
 * Rate cards. The super-admin loads a USD card (the demo's scheduled card is INR, one per currency)
 * with a bad line then a good file, and cancels it: no USD card stays scheduled. The owner reads
 * the demo's INR card's effect and switches one family's choice and back; no other spec reads the
 * cards or the answers.
 */

/** The date-time field's local value, days from now at 10:00. */
const localInDays = (days: number) => {
  const d = new Date(Date.now() + days * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T10:00`;
};
const csv = (text: string) => ({ name: 'usd-rates.csv', mimeType: 'text/csv', buffer: Buffer.from(text) });

test('the super-admin loads a rate card (a bad line first), reads its prices and cancels it', async ({
  page,
  request,
}) => {
  await signIn(page, request, demo.admin);
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Rate Cards' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Rate Cards' })).toBeVisible();
  // The demo's history: the card applied before it.
  await expect(page.getByTestId('rate-card-row').filter({ hasText: 'Applied' })).toHaveCount(1);

  await page.getByRole('button', { name: 'Load rate card' }).click();
  const dialog = page.getByRole('dialog', { name: 'Load rate card' });
  await dialog.getByRole('combobox', { name: 'Currency' }).click();
  await page.getByRole('option', { name: 'USD' }).click();
  await dialog.getByLabel('Takes effect at (your time)').fill(localInDays(30));
  await dialog
    .getByLabel('CSV file')
    .setInputFiles(csv('country,category,price\nUS,marketing,0.027\nUSA,utility,0.01\n'));
  await dialog.getByRole('button', { name: 'Load' }).click();
  await expect(dialog.getByTestId('csv-errors')).toHaveText(
    'Line 3: "USA" is not a country (a two-letter code such as IN, or default)',
  );
  await expect(dialog).toBeVisible();

  await dialog
    .getByLabel('CSV file')
    .setInputFiles(csv('country,category,price\nUS,marketing,0.027\nBR,utility,0.0085\n'));
  await expect(dialog.getByTestId('csv-errors')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Load' }).click();
  await expect(snackbar(page, 'Rate card loaded')).toBeVisible();
  await expect(dialog).toBeHidden();

  const panel = page.getByTestId('rate-card-panel');
  await expect(panel.getByRole('heading', { name: /^USD rate card, effective/ })).toBeVisible();
  await expect(panel.getByTestId('rate-card-price').filter({ hasText: 'United States (US)' })).toContainText('$0.027');
  await expect(page).toHaveURL(/card=/);

  await panel.getByRole('button', { name: 'Cancel card' }).click();
  await page.getByRole('dialog', { name: 'Cancel card' }).getByRole('button', { name: 'Cancel card' }).click();
  await expect(snackbar(page, 'Rate card cancelled.')).toBeVisible();
  await expect(panel).toContainText('Cancelled');
  await expect(panel.getByRole('button', { name: 'Cancel card' })).toHaveCount(0);
  await expect(page.getByTestId('rate-card-row').filter({ hasText: 'usd-rates.csv' }).first()).toContainText(
    'Cancelled',
  );
});

test("the owner sees the demo card's effect on each family and switches one family's choice and back", async ({
  page,
  request,
}) => {
  await signIn(page, request, demo.owner);
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Plan Details' }).click();
  const notice = page.getByTestId('rate-card-notice');
  await expect(notice).toContainText('New INR provider prices take effect');
  await notice.getByRole('link', { name: 'Review rate card' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Rate cards' })).toBeVisible();

  const card = page.getByTestId('rate-card');
  await expect(card.getByRole('heading', { name: 'INR rate card' })).toBeVisible();
  const india = card.getByTestId('rate-card-family').filter({ hasText: 'Acme WCC India' });
  const premium = card.getByTestId('rate-card-family').filter({ hasText: 'Acme WCC Premium' });
  // Not answered: passed through; the premium family keeps its prices (the demo's answers).
  await expect(india.getByRole('button', { name: 'Pass through' })).toHaveAttribute('aria-pressed', 'true');
  await expect(premium.getByRole('button', { name: 'Keep prices' })).toHaveAttribute('aria-pressed', 'true');
  await expect(india).toContainText('₹');

  // India's prices: keeping them cannot hold abroad, where the card's marketing price is above them.
  await india.getByRole('link').first().click();
  await expect(page).toHaveURL(/family=/);
  const rows = page.getByTestId('rate-card-rows');
  await expect(rows.getByRole('heading', { name: 'Acme WCC India: the prices the card changes' })).toBeVisible();
  await expect(rows.getByTestId('rate-card-row')).toHaveCount(4);
  await expect(rows.getByTestId('rate-card-row').filter({ hasText: 'India (IN)' })).not.toContainText('rises to cost');
  await expect(rows.getByTestId('keep-fails').first()).toBeVisible();

  await india.getByRole('button', { name: 'Keep prices' }).click();
  await expect(snackbar(page, 'Choice saved.')).toBeVisible();
  await expect(india.getByRole('button', { name: 'Keep prices' })).toHaveAttribute('aria-pressed', 'true');
  await page.reload();
  await expect(india.getByRole('button', { name: 'Keep prices' })).toHaveAttribute('aria-pressed', 'true');
  // Put back as the demo had it.
  await india.getByRole('button', { name: 'Pass through' }).click();
  await expect(india.getByRole('button', { name: 'Pass through' })).toHaveAttribute('aria-pressed', 'true');
});
