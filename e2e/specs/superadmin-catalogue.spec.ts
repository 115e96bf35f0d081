import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { demo, shoot, signIn, snackbar, tokenFor } from './helpers';

type Price = { INR: number; USD: number };

/** One of the page's sections, by its heading. */
const section = (page: Page, title: string) =>
  page.locator('section').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

// Enterprise Yearly: no other spec reads its price (plan-details reads Basic Monthly, the traffic specs WCC prices).
const PLAN = 'ENTERPRISE_YEARLY';
const providerPrice = async (request: APIRequestContext, token: string): Promise<Price> => {
  const response = await request.get('/superadmin/catalogue', { headers: { authorization: `Bearer ${token}` } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { plans: Record<string, Price> }).plans[PLAN]!;
};

test('the super-admin changes a provider price and a partner family keeps its margin over it', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const admin = await tokenFor(request, demo.admin);
  const before = await providerPrice(request, admin);
  expect(before).toEqual({ INR: 69990 * 100000, USD: 850 * 100000 });
  try {
    await signIn(page, request, demo.admin);
    await page.getByRole('link', { name: 'Provider Catalogue' }).click();
    await expect(page).toHaveURL(/\/provider-catalogue$/);
    await expect(page.getByRole('heading', { name: 'Provider Catalogue', level: 1 })).toBeVisible();

    // Every part of the catalogue, WCC rates with all their decimals.
    const wcc = section(page, 'WCC Prices');
    const india = wcc.getByRole('row').filter({ has: page.getByRole('cell', { name: 'India', exact: true }) });
    await expect(india).toContainText('₹0.7846');
    await expect(section(page, 'WhatsApp Payments Slabs').getByRole('row').nth(1)).toContainText('₹1.50');
    const flows = section(page, 'Add-on Plans').getByRole('row').filter({ hasText: 'FLOW_BUILDER' });
    await expect(flows).toHaveCount(2);
    await shoot(page, 'superadmin-catalogue', [1440, 390]);

    // The country search keeps its place in the URL.
    await wcc.getByRole('textbox', { name: 'Search country' }).fill('india');
    await wcc.getByRole('textbox', { name: 'Search country' }).press('Enter');
    await expect(page).toHaveURL(/country=india/);
    await expect(wcc.getByRole('row')).toHaveCount(2);
    await wcc.getByRole('button', { name: 'Clear search' }).click();
    await expect(wcc.getByRole('row').filter({ hasText: 'Rest of world' })).toBeVisible();

    const row = section(page, 'Subscription Plans').getByRole('row').filter({ hasText: 'Enterprise Yearly' });
    await expect(row).toContainText('₹69,990.00');
    await expect(row).toContainText('$850.00');
    await row.getByRole('button', { name: 'Edit Enterprise Yearly' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Enterprise Yearly' });
    const inr = dialog.getByLabel('Enterprise Yearly (INR)');
    const save = dialog.getByRole('button', { name: 'Save' });
    await expect(inr).toHaveValue('69990');
    await expect(save).toBeDisabled();
    // Not an amount: said at the field, nothing to send.
    await inr.fill('-5');
    await expect(dialog.getByText('An amount, up to 5 decimals')).toBeVisible();
    await expect(save).toBeDisabled();
    // The server refuses a price over its limit: its message, the dialog stays to correct it.
    await inr.fill('20000000');
    await save.click();
    await expect(snackbar(page, 'A price is at most 10,000,000.')).toBeVisible();
    await expect(dialog).toBeVisible();
    await inr.fill('71990.5');
    await shoot(page, 'superadmin-catalogue-edit', [1440, 390]);
    await save.click();
    await expect(snackbar(page, 'Provider prices updated; every family keeps its margin.')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('₹71,990.50');
    await expect(row).toContainText('$850.00');
    await page.reload();
    await expect(row).toContainText('₹71,990.50');

    // Acme's view of its family: the new provider price, the same ₹30,000 margin over it.
    await signIn(page, request, demo.owner, '/plan-details');
    await section(page, 'Subscription Plan Family').getByRole('button', { name: 'View Acme Standard' }).click();
    const view = page.getByRole('dialog', { name: 'Plan Family Details' });
    const enterprise = view.getByRole('row').filter({ hasText: 'Enterprise Yearly (INR)' });
    await expect(enterprise).toContainText('₹71,990.50');
    await expect(view.getByLabel('Margin of Enterprise Yearly (INR)')).toHaveValue('30000');
    await expect(enterprise).toContainText('₹1,01,990.50');
  } finally {
    // The specs share one database: the provider's price, and so every family's, as they were.
    const response = await request.patch('/superadmin/catalogue', {
      headers: { authorization: `Bearer ${admin}` },
      data: { plans: { [PLAN]: before } },
    });
    expect(response.ok(), await response.text()).toBe(true);
  }
  expect(await providerPrice(request, admin)).toEqual(before);
});

test('a partner user cannot open the provider catalogue', async ({ page, request }) => {
  await signIn(page, request, demo.owner, '/provider-catalogue');
  await expect(page.getByRole('alert', { name: 'Access Denied' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Provider Catalogue' })).toHaveCount(0);
});
