import { expect, test, type Locator, type Page } from '@playwright/test';
import { demo, expectFitsViewport, shoot, signIn } from './helpers';

/**
 * The risk board on the demo (seed/risk.ts): it reads Kite Campaign 06 (credit for two days),
 * Kite Campaign 04 (quality fallen) and Zen Yoga (quality LOW, replies failing), which no other spec
 * changes; it changes nothing itself.
 */

const rowOf = (page: Page, name: string) =>
  page.getByTestId('risk-row').filter({ has: page.getByRole('link', { name, exact: true }) });
const names = (rows: Locator): Promise<string[]> => rows.locator('td:first-child').allInnerTexts();
const rupees = (text: string) => Number(text.replace(/[^\d.]/g, ''));

test('the owner reads the projects ranked by revenue at risk, filters by signal, and a chip opens where it is fixed', async ({
  page,
  request,
}) => {
  await signIn(page, request, demo.owner);
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Risk board' }).click();
  await expect(page).toHaveURL(/\/risk$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Risk board' })).toBeVisible();
  const rows = page.getByTestId('risk-row');
  await expect(rows.first()).toBeVisible();

  // Largest revenue at risk first; the demo's seeded problems among them, each in its words.
  const shown = await names(rows);
  const at = (name: string) => shown.indexOf(name);
  expect(at('Kite Campaign 06')).toBeGreaterThanOrEqual(0);
  expect(at('Kite Campaign 06')).toBeLessThan(at('Kite Campaign 04'));
  expect(at('Kite Campaign 04')).toBeLessThan(at('Zen Yoga'));
  const revenue = (await rows.locator('td:last-child').allInnerTexts()).map(rupees);
  expect(revenue).toEqual([...revenue].sort((a, b) => b - a));
  await expect(rowOf(page, 'Kite Campaign 06').getByTestId('risk-chip-credit')).toHaveText(
    /^Credit runs out (in \d days?|within a day) \(\w{3} \d{1,2}\)$/,
  );
  await expect(rowOf(page, 'Kite Campaign 04').getByTestId('risk-chip-quality')).toHaveText(
    'Quality MEDIUM (was HIGH)',
  );
  const zen = rowOf(page, 'Zen Yoga');
  await expect(zen.getByTestId('risk-chip-quality')).toHaveText('Quality LOW (was MEDIUM)');
  await expect(zen.getByTestId('risk-chip-failedRate')).toHaveText(/^Failed \d+\.\d % of \d+ sent in 7 days$/);
  await expect(zen).toContainText('Critical');
  await expect(page.getByTestId('risk-revenue')).toContainText('₹');
  await shoot(page, 'risk-board');

  // One signal: the filter lives in the URL and survives a reload.
  await page
    .getByTestId('risk-kinds')
    .getByRole('button', { name: /^Credit \(\d+\)$/ })
    .click();
  await expect(page).toHaveURL(/[?&]kind=credit/);
  await expect(rows.filter({ hasNot: page.getByTestId('risk-chip-credit') })).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('risk-kinds').getByRole('button', { name: /^Credit/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // The chip opens the project's Plan Setup tab, where credit is added; Back returns to the board as it was.
  await rowOf(page, 'Kite Campaign 06').getByTestId('risk-chip-credit').click();
  await expect(page).toHaveURL(/\/assistants\/[^/?]+\?tab=plan-setup$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Kite Campaign 06' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Plan Setup', exact: true })).toHaveAttribute('aria-selected', 'true');
  await page.goBack();
  await expect(page).toHaveURL(/\/risk\?kind=credit$/);

  // Quality opens the project's templates; the project's name, its page.
  await page.goto('/risk?sort=severity');
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveText('Severity');
  await rowOf(page, 'Zen Yoga').getByTestId('risk-chip-quality').click();
  await expect(page).toHaveURL(/\?tab=templates$/);
  await expect(page.getByRole('tab', { name: 'Templates', exact: true })).toHaveAttribute('aria-selected', 'true');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('each project is a block with its chips, nothing cut off', async ({ page, request }) => {
    await signIn(page, request, demo.owner, '/risk');
    const zen = page.getByTestId('risk-row').filter({ has: page.getByRole('link', { name: 'Zen Yoga', exact: true }) });
    await expect(zen.getByTestId('risk-chip-failedRate')).toBeVisible();
    // No column runs off the screen: the page does not scroll sideways.
    await expectFitsViewport(page);
    const chip = await zen.getByTestId('risk-chip-failedRate').boundingBox();
    expect(chip!.x + chip!.width).toBeLessThanOrEqual(390);
    await shoot(page, 'risk-board-phone', [390]);
  });
});

test('a referral user has no risk board', async ({ page, request }) => {
  await signIn(page, request, demo.referral);
  await expect(
    page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Risk board' }),
  ).toHaveCount(0);
  await page.goto('/risk');
  await expect(page.getByRole('alert', { name: 'Access Denied' })).toBeVisible();
});
