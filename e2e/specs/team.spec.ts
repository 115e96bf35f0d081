import { expect, test } from '@playwright/test';
import { demo, signIn, snackbar, unique } from './helpers';

test('the owner adds a member, changes its role and deletes it', async ({ page, request }) => {
  const id = unique();
  const name = `Tara ${id}`;
  const userName = `tara${id}`;
  await signIn(page, request, demo.owner, '/manage/team');
  await expect(page.getByRole('heading', { name: 'Team Management' })).toBeVisible();
  const quota = page.getByRole('group', { name: 'Members' });
  await expect(page.getByRole('article', { name: 'Olivia Owner' }).getByText('Owner', { exact: true })).toBeVisible();
  // Disabled members are not shown.
  await expect(page.getByRole('article', { name: 'Meera Iyer' })).toHaveCount(0);
  const before = Number(await quota.getByText(/^\d+$/).textContent());

  await page.getByRole('button', { name: 'Add Member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Member' });
  const create = dialog.getByRole('button', { name: 'Create' });
  await expect(dialog.getByRole('combobox', { name: 'Country' })).toHaveValue('India');
  await expect(dialog.getByLabel('Dial Code')).toHaveValue('+91');

  await dialog.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Viewer' }).click();
  await dialog.getByLabel('Username').fill('tara@example.com');
  await expect(dialog.getByText("Username can't be empty or in email format")).toBeVisible();
  await dialog.getByLabel('Username').fill(userName);
  await dialog.getByLabel('Name', { exact: true }).fill(name);
  await dialog.getByLabel('Password', { exact: true }).fill('Tara@12345');
  await dialog.getByLabel('Email').fill('not-an-email');
  await expect(dialog.getByText('Invalid email')).toBeVisible();
  await dialog.getByLabel('Email').fill(`${userName}@e2e.example`);
  await dialog.getByLabel('Phone Number').fill('98765');
  await expect(create).toBeDisabled();
  await dialog.getByLabel('Phone Number').fill('9876543210');

  // The dial code follows the country.
  await dialog.getByRole('combobox', { name: 'Country' }).fill('United Kingdom');
  await page.getByRole('option', { name: /United Kingdom/ }).click();
  await expect(dialog.getByLabel('Dial Code')).toHaveValue('+44');

  await expect(create).toBeEnabled();
  await create.click();
  await expect(snackbar(page, 'Member Created Succesfully')).toBeVisible();
  await expect(dialog).toBeHidden();

  const card = page.getByRole('article', { name });
  await expect(card.getByText(name.toUpperCase())).toBeVisible();
  await expect(card.getByText(userName, { exact: true })).toBeVisible();
  await expect(quota.getByText(/^\d+$/)).toHaveText(String(before + 1));

  await page.getByLabel('Search members').fill(name);
  await expect(page.getByRole('article').first()).toHaveAccessibleName(name);
  await page.getByLabel('Search members').fill('');

  await card.getByRole('combobox').click();
  await page.getByRole('option', { name: 'Manager' }).click();
  await expect(snackbar(page, 'Member role modified to Manager')).toBeVisible();
  await expect(card.getByRole('combobox')).toHaveText('Manager');

  await card.getByRole('button', { name: `Delete member ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Member' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(snackbar(page, `Successfully deleted Member ${name}`)).toBeVisible();
  await expect(card).toHaveCount(0);
  await expect(quota.getByText(/^\d+$/)).toHaveText(String(before));
});

test('a taken user name is refused and clears the user name and password', async ({ page, request }) => {
  await signIn(page, request, demo.owner, '/manage/team');
  await page.getByRole('button', { name: 'Add Member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Member' });
  await dialog.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Viewer' }).click();
  await dialog.getByLabel('Username').fill('agent');
  await dialog.getByLabel('Name', { exact: true }).fill('Someone Else');
  await dialog.getByLabel('Password', { exact: true }).fill('Secret@123');
  await dialog.getByLabel('Email').fill(`someone${unique()}@e2e.example`);
  await dialog.getByLabel('Phone Number').fill('9876543210');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(snackbar(page, 'User Name already exist!')).toBeVisible();
  await expect(dialog.getByLabel('Username')).toHaveValue('');
  await expect(dialog.getByLabel('Password', { exact: true })).toHaveValue('');
  await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue('Someone Else');
});

test('without a role, Add Member is disabled and points to the roles page', async ({ page, request }) => {
  await signIn(page, request, demo.ads);
  // No tenant brand: the Help Center shows on the dashboard.
  await expect(page.getByRole('link', { name: 'Help Center' })).toBeVisible();
  await page.goto('/manage/roles');
  await expect(page.getByText('No Roles Created!')).toBeVisible();
  await page.goto('/manage/team');
  const add = page.getByRole('button', { name: 'Add Member' });
  await expect(add).toBeDisabled();
  await add.locator('..').hover();
  await page.getByRole('link', { name: 'Create a role to add members' }).click();
  await expect(page).toHaveURL(/\/manage\/roles$/);
  await expect(page.getByRole('heading', { name: 'Team Roles' })).toBeVisible();
});
