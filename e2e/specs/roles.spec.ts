import { expect, test } from '@playwright/test';
import { demo, signIn, snackbar, tokenFor, unique } from './helpers';

const noAccess = {
  dashboard: { read: false },
  business: { read: false, write: false },
  plans: { read: false, write: false },
  billings: { read: false },
  manage: { read: false, write: false },
};

test('the owner creates a role in two steps and edits it', async ({ page, request }) => {
  const name = `Support ${unique()}`;
  await signIn(page, request, demo.owner, '/manage/roles');
  await expect(page.getByRole('heading', { name: 'Team Roles' })).toBeVisible();
  const quota = page.getByRole('group', { name: 'Roles' });
  const before = Number(await quota.getByText(/^\d+$/).textContent());

  await page.getByRole('button', { name: 'Create Role' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Role' });
  await expect(dialog.getByRole('button', { name: 'Next' })).toBeDisabled();
  await dialog.getByLabel('Role Name').fill('Temporary');
  await dialog.getByRole('button', { name: 'Next' }).click();
  // Back returns to the name and clears it.
  await dialog.getByRole('button', { name: 'Back' }).click();
  await expect(dialog.getByLabel('Role Name')).toHaveValue('');
  await dialog.getByLabel('Role Name').fill(name);
  await dialog.getByRole('button', { name: 'Next' }).click();

  await expect(dialog.getByRole('button', { name: 'Create' })).toBeDisabled();
  await dialog.getByLabel('Business Edit').check();
  // Edit ticks View, and View cannot be unticked while Edit is on.
  await expect(dialog.getByLabel('Business View')).toBeChecked();
  await expect(dialog.getByLabel('Business View')).toBeDisabled();
  await dialog.getByLabel('Business Edit').uncheck();
  await expect(dialog.getByLabel('Business View')).not.toBeChecked();
  await dialog.getByLabel('Dashboard View').check();
  await dialog.getByLabel('Billings View').check();
  await dialog.getByRole('button', { name: 'Create' }).click();

  await expect(snackbar(page, 'Role created successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell').nth(1)).toHaveText(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
  await expect(quota.getByText(/^\d+$/)).toHaveText(String(before + 1));

  await row.getByRole('button', { name: `Edit role ${name}` }).click();
  const edit = page.getByRole('dialog', { name: `Edit Role: ${name}` });
  await expect(edit.getByLabel('Dashboard View')).toBeChecked();
  await edit.getByLabel('Manage Edit').check();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(snackbar(page, 'Role updated successfully')).toBeVisible();

  await row.getByRole('button', { name: `View role ${name}` }).click();
  const view = page.getByRole('dialog', { name: `Role: ${name}` });
  await expect(view.getByLabel('Manage View')).toBeChecked();
  await expect(view.getByLabel('Manage Edit')).toBeChecked();
  await expect(view.getByLabel('Plans View')).toBeDisabled();
  await expect(view.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await view.getByRole('button', { name: 'Close' }).click();
  await expect(view).toBeHidden();
});

test('at the role quota, Create Role is disabled and says why', async ({ page, request }) => {
  const token = await tokenFor(request, demo.direct);
  const roles = await request.get('/api/get-all-roles', { headers: { Authorization: `Bearer ${token}` } });
  const { roles: existing, maxRoles } = (await roles.json()) as { roles: Record<string, unknown>; maxRoles: number };
  for (let i = Object.keys(existing).length; i < maxRoles; i += 1) {
    const created = await request.post('/api/create-role', {
      headers: { Authorization: `Bearer ${token}` },
      data: { name: `Quota ${i} ${unique()}`, permissionsList: { ...noAccess, dashboard: { read: true } } },
    });
    expect(created.ok(), await created.text()).toBe(true);
  }

  await signIn(page, request, demo.direct, '/manage/roles');
  await expect(page.getByRole('group', { name: 'Roles' }).getByText(/^\d+$/)).toHaveText(String(maxRoles));
  const create = page.getByRole('button', { name: 'Create Role' });
  await expect(create).toBeDisabled();
  await create.locator('..').hover();
  await expect(page.getByRole('tooltip', { name: 'Roles limit reached!' })).toBeVisible();
});
