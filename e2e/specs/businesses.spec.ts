import { expect, test } from '@playwright/test';
import { demo, signIn, snackbar, unique } from './helpers';

test('the owner creates a business through the wizard, opens it, renames it, adds a project and deletes it', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const id = unique();
  const name = `Harbor Cafe ${id}`;
  const renamed = `Harbor Bistro ${id}`;
  await signIn(page, request, demo.owner, '/businesses');
  await expect(page.getByRole('heading', { name: 'Businesses' })).toBeVisible();
  const allTab = page.getByRole('tab', { name: /^All \(\d+\)$/ });
  await expect(allTab).not.toHaveText('All (0)');
  const before = Number(/\((\d+)\)/.exec((await allTab.textContent()) ?? '')![1]);

  await page.getByRole('button', { name: 'Create New Business' }).click();
  const wizard = page.getByRole('dialog', { name: 'Create New Business' });
  const next = wizard.getByRole('button', { name: 'Next' });
  await expect(next).toBeDisabled();
  await wizard.getByLabel('Display Name').fill(name);
  await wizard.getByLabel('Email').fill(`harbor${id}@e2e.example`);
  await wizard.getByLabel('Mobile Number').fill('98765x43210');
  await expect(wizard.getByLabel('Mobile Number')).toHaveValue('9876543210');
  await expect(wizard.getByLabel('Country Code')).toHaveValue('+91');
  await expect(wizard.getByRole('combobox', { name: 'Timezone' })).toHaveText('Asia/Calcutta GMT+05:30');
  await expect(wizard.getByRole('combobox', { name: 'Currency' })).toHaveAttribute('aria-disabled', 'true');
  await wizard.getByLabel('Company Name').fill('Harbor Foods');
  await wizard.getByRole('combobox', { name: 'Industry' }).click();
  await page.getByRole('option', { name: 'Restaurant', exact: true }).click();
  await wizard.getByRole('combobox', { name: 'Company Size' }).click();
  await page.getByRole('option', { name: '1 - 10' }).click();
  await next.click();

  await expect(wizard.getByLabel('Project Name')).toHaveValue(name);
  await expect(wizard.getByLabel('Project Name')).toBeDisabled();
  await wizard.getByRole('combobox', { name: 'Plan Family', exact: true }).click();
  await page.getByRole('option', { name: 'Acme Standard' }).click();
  await expect(wizard.getByRole('combobox', { name: 'Plan', exact: true })).toHaveText('Basic Monthly');
  await expect(wizard.getByRole('combobox', { name: 'WA Pay Plan Family' })).toBeVisible();
  await expect(wizard.getByLabel('Use shipping address same as billing address')).toBeChecked();
  await wizard.getByLabel('Zip').fill('56ab0001');
  await expect(wizard.getByLabel('Zip')).toHaveValue('560001');
  await wizard.getByRole('button', { name: 'Create' }).click();
  await expect(snackbar(page, 'Business Created Succesfully')).toBeVisible();
  await expect(wizard).toBeHidden();
  await expect(page.getByRole('tab', { name: `All (${before + 1})` })).toBeVisible();

  // Listed at once; search on Enter finds it.
  const search = page.getByRole('textbox', { name: 'Search business name' });
  await search.fill(`cafe ${id}`);
  await search.press('Enter');
  await expect(page.getByRole('row')).toHaveCount(2);
  await page.getByRole('row', { name: new RegExp(name) }).click();

  await expect(page.getByRole('heading', { name: `Business : ${name}` })).toBeVisible();
  await expect(page.getByTestId('project-card')).toHaveCount(1);
  await expect(page.getByTestId('project-card').getByText('Basic')).toBeVisible();
  await expect(
    page.getByText('Your password setup is incomplete tap Reset Password button to set your password'),
  ).toBeVisible();

  // Rename: new name, Continue, then confirm old -> new.
  await page.getByRole('button', { name: 'Edit display name' }).click();
  const rename = page.getByRole('dialog', { name: 'Update Business Display Name' });
  await rename.getByLabel('New name').fill('   ');
  await expect(rename.getByRole('button', { name: 'Continue' })).toBeDisabled();
  await rename.getByLabel('New name').fill(renamed);
  await rename.getByRole('button', { name: 'Continue' }).click();
  await expect(rename.getByText(`"${name}" to "${renamed}"`)).toBeVisible();
  await rename.getByRole('button', { name: 'Confirm' }).click();
  await expect(snackbar(page, 'Business updated successfully')).toBeVisible();
  await expect(page.getByRole('heading', { name: `Business : ${renamed}` })).toBeVisible();

  // A second project.
  await page.getByRole('button', { name: 'Create Project' }).click();
  const project = page.getByRole('dialog', { name: 'Create New Project' });
  await project.getByLabel('Project Name').fill(`Harbor Orders ${id}`);
  await project.getByRole('combobox', { name: 'Plan Family', exact: true }).click();
  await page.getByRole('option', { name: 'Acme Premium' }).click();
  await project.getByRole('combobox', { name: 'Plan', exact: true }).click();
  await page.getByRole('option', { name: 'Pro Monthly' }).click();
  await project.getByRole('button', { name: 'Create' }).click();
  await expect(snackbar(page, 'Successfully created')).toBeVisible();
  await expect(page.getByTestId('project-card')).toHaveCount(2);
  await expect(
    page
      .getByTestId('project-card')
      .filter({ hasText: `Harbor Orders ${id}` })
      .getByText('Pro'),
  ).toBeVisible();

  // Delete: confirmation, back to /businesses, now under Archived and not clickable.
  await page.getByRole('button', { name: 'Delete Business' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Business' });
  await expect(confirm.getByText('Are you sure that you want to delete this business ?')).toBeVisible();
  // The deleted business is not asked for again (each ask would be a 404 in the console).
  const failed: string[] = [];
  page.on('response', (r) => {
    if (r.status() >= 400 && ['fetch', 'xhr'].includes(r.request().resourceType()))
      failed.push(`${r.status()} ${r.url()}`);
  });
  await confirm.getByRole('button', { name: 'Delete Business' }).click();
  await expect(page).toHaveURL(/\/businesses$/);
  await page.waitForLoadState('networkidle');
  expect(failed).toEqual([]);
  await page.getByRole('tab', { name: /^Archived/ }).click();
  const row = page.getByRole('row', { name: new RegExp(renamed) });
  await expect(row).toBeVisible();
  await expect(row).toContainText(`harbor${id}@e2e.example`);
  await expect(row).not.toContainText('archived__');
  await row.hover();
  await expect(page.getByRole('tooltip', { name: 'Business is archived' })).toBeVisible();
  await row.click({ force: true });
  await expect(page).toHaveURL(/\/businesses\?tab=Archived$/);
});

test('create rules per partner: disabled with the tooltip for ADS_WHITELABEL, absent for referral users', async ({
  page,
  request,
}) => {
  await signIn(page, request, demo.ads, '/businesses');
  const create = page.getByRole('button', { name: 'Create New Business' });
  await expect(create).toBeDisabled();
  await create.locator('..').hover();
  await expect(
    page.getByRole('tooltip', {
      name: 'This feature is available only for businesses using WhatsApp Business API services.',
    }),
  ).toBeVisible();

  await signIn(page, request, demo.referral, '/businesses');
  await expect(page.getByRole('heading', { name: 'Businesses' })).toBeVisible();
  await expect(page.getByRole('row', { name: /Lotus Tutors/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create New Business' })).toHaveCount(0);
});
