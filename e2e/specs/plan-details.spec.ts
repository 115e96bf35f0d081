import { expect, test, type Page } from '@playwright/test';
import { demo, shoot, signIn, snackbar, unique } from './helpers';

/** One of the page's three sections, by its heading. */
const section = (page: Page, title: string) =>
  page.locator('section').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

test('the owner creates a subscription plan family in two steps and sees its margins again', async ({
  page,
  request,
}) => {
  const name = `Family ${unique()}`;
  await signIn(page, request, demo.owner, '/plan-details');
  await expect(page.getByRole('heading', { name: 'Plan Details', level: 1 })).toBeVisible();
  const subscriptions = section(page, 'Subscription Plan Family');
  await expect(subscriptions.getByRole('row').filter({ hasText: 'Acme Standard' })).toBeVisible();
  await expect(section(page, 'WhatsApp Payments Plan Family')).toBeVisible();
  await shoot(page, 'plan-details', [1440, 390]);

  await subscriptions.getByRole('button', { name: 'Create Plan Family' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Plan Family' });
  const basic = dialog.getByLabel('Margin of Basic Monthly (INR)');
  await expect(basic).toHaveValue('0');
  // A negative margin becomes 0.
  await basic.fill('-5');
  await expect(basic).toHaveValue('0');
  await basic.fill('100');
  const basicRow = dialog.getByRole('row').filter({ hasText: 'Basic Monthly (INR)' });
  await expect(basicRow).toContainText('₹999.00');
  await expect(basicRow).toContainText('₹1,099.00');
  await shoot(page, 'plan-details-create', [1440, 390]);

  await dialog.getByRole('button', { name: 'Next' }).click();
  const create = dialog.getByRole('button', { name: 'Create', exact: true });
  await expect(create).toBeDisabled();
  // Back returns to the prices as they were typed.
  await dialog.getByRole('button', { name: 'Back' }).click();
  await expect(dialog.getByLabel('Margin of Basic Monthly (INR)')).toHaveValue('100');
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByLabel('Family Name').fill(name);
  await create.click();

  await expect(snackbar(page, 'Plan family created successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = subscriptions.getByRole('row').filter({ hasText: name });
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell').nth(1)).toHaveText(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);

  await row.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Plan Family Details' });
  await expect(edit.getByLabel('Margin of Basic Monthly (INR)')).toHaveValue('100');
  await expect(edit.getByRole('row').filter({ hasText: 'Basic Monthly (INR)' })).toContainText('₹1,099.00');
  await edit.getByRole('button', { name: 'Close' }).click();
  await expect(edit).toBeHidden();
});

test('the owner creates a WCC family and raises its marketing margins by 10% in bulk', async ({ page, request }) => {
  const name = `WCC ${unique()}`;
  await signIn(page, request, demo.owner, '/plan-details');
  const wcc = section(page, 'WCC Family');

  await wcc.getByRole('button', { name: 'Create Wcc Plan' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Wcc Plan' });
  await expect(dialog.getByLabel('Marketing margin, India')).toHaveValue('0');
  await expect(dialog.getByRole('row').filter({ hasText: 'Rest of world' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByLabel('Family Name').fill(name);
  await dialog.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(snackbar(page, 'Plan family created successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = wcc.getByRole('row').filter({ hasText: name });
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'WCC Family Details' });
  const india = edit.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'India' }) });
  await expect(india.getByTestId('partner-mc')).toHaveText('₹0.78');
  await expect(edit.getByTestId('per-message-note')).toHaveText(/^Since 1 July 2025 .* per delivered message\.$/);
  // The demo's catalogue passes on India's utility volume tiers (seed/history/volume-tiers.ts).
  await expect(edit.getByTestId('volume-tiers-note')).toContainText('India Utility: from message 2,50,00,001, ₹0.1081');
  await edit.getByRole('button', { name: 'Bulk update margin' }).click();
  const apply = edit.getByRole('button', { name: 'Apply' });
  await expect(apply).toBeDisabled();
  await edit.getByLabel('Percentage of the provider price').fill('10');
  await expect(apply).toBeDisabled();
  await edit.getByRole('checkbox', { name: 'Marketing' }).check();
  await apply.click();
  // India's marketing price is ₹0.7846: a 10% margin, at the 4 decimals prices are written in, is
  // ₹0.0785 (not ₹0.07846), the partner price ₹0.8631.
  await expect(edit.getByLabel('Marketing margin, India')).toHaveValue('0.0785');
  await expect(india.getByTestId('partner-mc')).toHaveText('₹0.86');
  await expect(edit.getByLabel('Service margin, India')).toHaveValue('0');
  await shoot(page, 'plan-details-wcc', [1440, 390]);
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(snackbar(page, 'Plan family updated successfully')).toBeVisible();
  await expect(edit).toBeHidden();

  await row.getByRole('button', { name: `View ${name}` }).click();
  const view = page.getByRole('dialog', { name: 'WCC Family Details' });
  await expect(view.getByLabel('Marketing margin, India')).toHaveValue('0.0785');
  await expect(view.getByLabel('Marketing margin, India')).toBeDisabled();
  await expect(india.getByTestId('partner-mc')).toHaveText('₹0.86');
  await expect(view.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await view.getByRole('button', { name: 'Close' }).click();
  await expect(view).toBeHidden();
});

test('a read-only agent sees view icons only, disabled fields and a disabled Create', async ({ page, request }) => {
  await signIn(page, request, demo.agent, '/plan-details');
  await expect(page.getByTestId('read-only')).toBeVisible();
  const subscriptions = section(page, 'Subscription Plan Family');
  const row = subscriptions.getByRole('row').filter({ hasText: 'Acme Standard' });
  await expect(row.getByRole('button', { name: 'View Acme Standard' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Edit / })).toHaveCount(0);
  for (const label of ['Create Plan Family', 'Create Wcc Plan', 'Create WhatsApp Payments Plan'])
    await expect(page.getByRole('button', { name: label })).toBeDisabled();
  await subscriptions.getByRole('button', { name: 'Create Plan Family' }).locator('..').hover();
  await expect(page.getByRole('tooltip')).toHaveText(/needs Plans Edit permission/);

  await row.getByRole('button', { name: 'View Acme Standard' }).click();
  const view = page.getByRole('dialog', { name: 'Plan Family Details' });
  const basic = view.getByLabel('Margin of Basic Monthly (INR)');
  await expect(basic).toHaveValue('500');
  await expect(basic).toBeDisabled();
  await expect(view.getByRole('row').filter({ hasText: 'Basic Monthly (INR)' })).toContainText('₹1,499.00');
  await expect(view.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await view.getByRole('button', { name: 'Close' }).click();
  await expect(view).toBeHidden();

  // The payments family's slabs: the provider's fee, the margin and the partner's fee.
  await section(page, 'WhatsApp Payments Plan Family').getByRole('button', { name: 'View Acme Pay Standard' }).click();
  const payments = page.getByRole('dialog', { name: 'WhatsApp Payments Plan Details' });
  const first = payments.getByRole('row').filter({ hasText: 'From ₹0.00' });
  await expect(first).toContainText('₹1.50');
  await expect(first).toContainText('₹2.00');
  await expect(payments.getByLabel('Margin of From ₹0.00')).toHaveValue('0.5');
  await expect(payments.getByLabel('Margin of From ₹0.00')).toBeDisabled();
  await payments.getByRole('button', { name: 'Close' }).click();
  await expect(payments).toBeHidden();
});

test('an ADS_WHITELABEL partner cannot create families and the provider prices are not fetched', async ({
  page,
  request,
}) => {
  const catalogueCalls: string[] = [];
  page.on('request', (r) => {
    if (/\/api\/(get-aisensy-|aisensy-)/.test(r.url())) catalogueCalls.push(r.url());
  });
  await signIn(page, request, demo.ads, '/plan-details');
  const subscriptions = section(page, 'Subscription Plan Family');
  await expect(subscriptions.getByRole('row').filter({ hasText: 'AdsWorks Plans' })).toBeVisible();
  const create = subscriptions.getByRole('button', { name: 'Create Plan Family' });
  await expect(create).toBeDisabled();
  await create.locator('..').hover();
  await expect(page.getByRole('tooltip')).toHaveText(
    'This feature is available only for businesses using WhatsApp Business API services.',
  );
  await expect(section(page, 'WCC Family').getByRole('button', { name: 'Create Wcc Plan' })).toBeDisabled();
  expect(catalogueCalls).toEqual([]);
});
