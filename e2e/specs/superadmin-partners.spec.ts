import { expect, test, type Page } from '@playwright/test';
import { demo, shoot, signIn, snackbar, unique } from './helpers';

/**
 * Partners as accounts: the super-admin creates a partner (whose owner signs in at once), records
 * a recharge that the partner then sees on its dashboard and in Billing with its invoice, and
 * finds both in the audit log. The partner is new to this spec: no other spec reads it.
 */
/** A gateway's id: its prefix and 14 letters or digits. */
const gatewayId = (prefix: string, id: string) => `${prefix}_${`E2e${id}00000000000000`.slice(0, 14)}`;

const fillPartner = async (page: Page, p: { name: string; userName: string; password: string }) => {
  const dialog = page.getByRole('dialog', { name: 'Create Partner' });
  await dialog.getByLabel('Partner name').fill(p.name);
  await dialog.getByLabel('Brand name').fill(`${p.name} Brand`);
  await dialog.getByLabel('Custom domain').fill(`${p.userName}.e2e.example`);
  await dialog.getByLabel('Min allowed balance').fill('500');
  await dialog.getByLabel('Partnership fee').fill('12000');
  await dialog.getByLabel("Owner's name").fill('Esha E2E');
  await dialog.getByLabel('Email').fill(`${p.userName}@e2e.example`);
  await dialog.getByLabel('User name').fill(p.userName);
  await dialog.getByLabel('Password', { exact: true }).fill(p.password);
  return dialog;
};

test('the super-admin creates a partner, records its recharge, and the partner sees it; the audit log has both', async ({
  page,
  request,
}) => {
  const id = unique();
  const partner = { name: `E2E Partner ${id}`, userName: `e2e${id}`, password: 'E2e@password1' };
  await signIn(page, request, demo.admin);
  await expect(page.getByRole('heading', { name: 'Partners' })).toBeVisible();
  await expect(page.getByTestId('partner-row').first()).toBeVisible();
  await shoot(page, 'superadmin-partners-list', [1440, 390]);

  // Create Partner: the dialog checks its fields as they are typed, with the contract's rules.
  await page.getByRole('button', { name: 'Create Partner' }).click();
  const dialog = await fillPartner(page, partner);
  await dialog.getByLabel('Max members').fill('0');
  await expect(dialog.getByText('Enter a whole number from 1 to 1000.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Create' })).toBeDisabled();
  await dialog.getByLabel('Max members').fill('12');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(snackbar(page, 'Partner created')).toBeVisible();
  await expect(page).toHaveURL(/\/partner-accounts\/\w+$/);
  await expect(page.getByRole('heading', { name: partner.name, level: 1 })).toBeVisible();
  await expect(page.getByTestId('account-central-balance')).toHaveText('₹0.00');
  await expect(page.getByText('12 members, 5 roles, agent size 10')).toBeVisible();

  // Record recharge: ₹5,000 and the gateway's ids; the dialog shows the GST the server adds.
  await page.getByRole('button', { name: 'Record recharge' }).click();
  const recharge = page.getByRole('dialog', { name: 'Record recharge' });
  await recharge.getByLabel('Amount').fill('5000');
  await expect(recharge.getByText('₹900.00')).toBeVisible();
  await expect(recharge.getByText('₹5,900.00')).toBeVisible();
  await recharge.getByLabel('Payment ID').fill('pay_12345');
  await expect(recharge.getByText(/^Enter the payment id as the gateway gave it/)).toBeVisible();
  await recharge.getByLabel('Payment ID').fill(gatewayId('pay', id));
  await recharge.getByLabel('Order ID').fill(gatewayId('order', id));
  await recharge.getByRole('button', { name: 'Record' }).click();
  await expect(snackbar(page, 'Recharge recorded')).toBeVisible();
  await expect(page.getByTestId('account-central-balance')).toHaveText('₹5,000.00');
  const billingRow = page.getByTestId('partner-billing-row').filter({ hasText: 'CENTRAL_BALANCE_RECHARGE' });
  await expect(billingRow).toHaveCount(1);
  await expect(billingRow.getByRole('link', { name: /^Download inv_/ })).toBeVisible();
  const audit = page.getByTestId('audit-row');
  await expect(audit.filter({ hasText: 'Recharge recorded' })).toContainText('5,000.00');
  await expect(audit.filter({ hasText: 'Partner created' })).toBeVisible();
  await shoot(page, 'superadmin-partner-account', [1440, 390]);

  // The audit log, filtered by this partner.
  await page.getByRole('link', { name: 'Audit Log' }).first().click();
  await expect(page.getByRole('heading', { name: 'Audit Log' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Partner' }).fill(partner.name);
  await page.getByRole('option', { name: partner.name }).click();
  await expect(page).toHaveURL(/partner=\w+/);
  await expect(page.getByTestId('audit-row')).toHaveCount(2);
  await expect(page.getByTestId('audit-row').first()).toContainText('Recharge recorded');
  await page.getByRole('combobox', { name: 'Action' }).click();
  await page.getByRole('option', { name: 'Partner created' }).click();
  await expect(page.getByTestId('audit-row')).toHaveCount(1);
  await expect(page.getByTestId('audit-row')).toContainText(partner.name);
  await shoot(page, 'superadmin-audit-log', [1440, 390]);

  // The new owner signs in with the password the super-admin set, and sees the recharge.
  await signIn(page, request, { userName: partner.userName, password: partner.password }, '/');
  await expect(page.getByTestId('current-balance')).toHaveText('₹5,000.00');
  await page.goto('/billings');
  const row = page.getByTestId('billing-row').filter({ hasText: 'CENTRAL_BALANCE_RECHARGE' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('+₹5,000.00');
  await row.click();
  await expect(page.getByRole('heading', { name: 'Billing Details' })).toBeVisible();
  const download = page.getByRole('link', { name: 'Download' });
  const href = await download.getAttribute('href');
  expect(href).toMatch(/^\/api\/files\/\w+\?token=[\w.-]+$/);
  // The invoice opens without signing in through its signed link (it expires), never by its id alone.
  expect((await request.get(href!.split('?')[0]!)).status()).toBe(404);
  const invoice = await request.get(href!);
  expect(invoice.headers()['content-type']).toBe('application/pdf');
  expect((await invoice.body()).subarray(0, 5).toString()).toBe('%PDF-');
});

test('the super-admin corrects a balance and refuses to take it below zero', async ({ page, request }) => {
  const id = unique();
  const partner = { name: `E2E Correction ${id}`, userName: `e2ec${id}`, password: 'E2e@password1' };
  await signIn(page, request, demo.admin);
  await page.getByRole('button', { name: 'Create Partner' }).click();
  const dialog = await fillPartner(page, partner);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('heading', { name: partner.name, level: 1 })).toBeVisible();

  const correct = async (action: 'Add' | 'Subtract', amount: string, reason: string) => {
    await page.getByRole('button', { name: 'Correction' }).click();
    const form = page.getByRole('dialog', { name: 'Correct central balance' });
    await form.getByLabel(action).check();
    await form.getByLabel('Amount').fill(amount);
    await form.getByLabel('Reason').fill(reason);
    await form.getByRole('button', { name: 'Apply' }).click();
    return form;
  };
  await correct('Add', '250.50', 'Goodwill credit');
  await expect(snackbar(page, 'Correction recorded')).toBeVisible();
  await expect(page.getByTestId('account-central-balance')).toHaveText('₹250.50');
  const refused = await correct('Subtract', '300', 'Too much');
  await expect(snackbar(page, 'Insufficient central balance for this amount.')).toBeVisible();
  // The dialog stays open to correct the amount; nothing changed.
  await expect(refused).toBeVisible();
  await refused.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('account-central-balance')).toHaveText('₹250.50');
  await expect(page.getByTestId('partner-billing-row')).toHaveCount(1);
  await expect(page.getByTestId('partner-billing-row')).toContainText('Goodwill credit');

  // No partnership fee was charged yet: nothing to refund.
  await page.getByRole('button', { name: 'Refund partnership fee' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Refund' }).click();
  await expect(snackbar(page, 'There is no partnership fee to refund.')).toBeVisible();
});
