import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { demo, expectFitsViewport, readCsv, shoot, signIn, snackbar, tablesSettled, tokenFor, unique } from './helpers';

const noAccess = {
  dashboard: { read: false },
  business: { read: false, write: false },
  plans: { read: false, write: false },
  billings: { read: false },
  manage: { read: false, write: false },
  activity: { read: false },
};

/**
 * The partner's activity log (Manage, Activity Log): the owner's change, made in the console, is
 * there with its author, its before and after, found by action and member (in the URL) and in the
 * CSV. The role is new to this spec: no other spec reads it.
 */
test('the owner edits a role and finds the change in the activity log, filtered and in the CSV', async ({
  page,
  request,
}) => {
  const name = `Auditors ${unique()}`;
  await signIn(page, request, demo.owner, '/manage/roles');
  await page.getByRole('button', { name: 'Create Role' }).click();
  const create = page.getByRole('dialog', { name: 'Create Role' });
  await create.getByLabel('Role Name').fill(name);
  await create.getByRole('button', { name: 'Next' }).click();
  // The Activity Log section has a View and no Edit, like Dashboard and Billings.
  await expect(create.getByLabel('Activity Log View')).not.toBeChecked();
  await expect(create.getByLabel('Activity Log Edit')).toHaveCount(0);
  await create.getByLabel('Dashboard View').check();
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(snackbar(page, 'Role created successfully')).toBeVisible();

  const row = page.getByRole('row').filter({ hasText: name });
  await row.getByRole('button', { name: `Edit role ${name}` }).click();
  const edit = page.getByRole('dialog', { name: `Edit Role: ${name}` });
  await edit.getByLabel('Activity Log View').check();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(snackbar(page, 'Role updated successfully')).toBeVisible();

  // Manage's own entry leads to the log; the newest change is first.
  await page.getByRole('navigation', { name: 'Manage' }).getByRole('link', { name: 'Activity Log' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Activity Log' })).toBeVisible();
  const rows = page.getByTestId('activity-row');
  const edited = rows.filter({ hasText: 'Role edited' }).filter({ hasText: name });
  await expect(edited).toHaveCount(1);
  await expect(edited).toContainText('Olivia Owner');
  await expect(edited).toContainText('→');
  await expect(edited).toContainText(/No\s*→\s*Yes/);
  await expect(rows.first()).toContainText(name);

  // By action, in the URL: the creation has no before, only what it set.
  await page.goto('/manage/activity?action=role.create');
  await expect(page.getByRole('combobox', { name: 'Action' })).toHaveText('Role created');
  await tablesSettled(page);
  await expect(rows.filter({ hasNotText: 'Role created' })).toHaveCount(0);
  const created = rows.filter({ hasText: name });
  await expect(created).toHaveCount(1);
  await expect(created).not.toContainText('→');

  // By member, from the list of the team.
  await page.getByRole('combobox', { name: 'Member' }).click();
  await page.getByRole('option', { name: 'Olivia Owner' }).click();
  await expect(page).toHaveURL(/member=\w+/);
  await expect(page).toHaveURL(/action=role\.create/);
  await expect(created).toHaveCount(1);

  // The CSV: every entry the filters match.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toBe('activity-log.csv');
  const [header, ...lines] = readCsv(fs.readFileSync((await file.path())!, 'utf8'));
  expect(header).toContain('Action');
  expect(lines.some((line) => line.includes(name) && line.includes('role.create'))).toBe(true);
  expect(lines.every((line) => line.includes('role.create'))).toBe(true);

  // Days that hold nothing: the empty state, and the way back.
  await page.goto('/manage/activity?from=2020-01-01&to=2020-01-31');
  await expect(page.getByText('No changes match these filters.')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(rows.first()).toBeVisible();
  await tablesSettled(page);
  await shoot(page, 'activity-log', [1440, 390]);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(rows.first()).toBeVisible();
  await expectFitsViewport(page, 'the activity log at 390 px');
});

test('a DIRECT owner, who has no Manage entry, opens the activity log from its own', async ({ page, request }) => {
  await signIn(page, request, demo.direct);
  const rail = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(rail.getByRole('link', { name: 'Manage' })).toHaveCount(0);
  await rail.getByRole('link', { name: 'Activity Log' }).click();
  await expect(page).toHaveURL(/\/manage\/activity$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Activity Log' })).toBeVisible();
  await expect(page.getByRole('alert', { name: 'Access Denied' })).toHaveCount(0);
});

test('the read-only agent, whose role has no Activity View, is denied the log', async ({ page, request }) => {
  await signIn(page, request, demo.agent, '/manage/activity');
  await expect(page.getByRole('alert', { name: 'Access Denied' })).toBeVisible();
});

test("the super-admin's audit log lists the partners' teams' changes beside its own", async ({ page, request }) => {
  const name = `Reviewers ${unique()}`;
  const token = await tokenFor(request, demo.owner);
  const created = await request.post('/api/create-role', {
    headers: { Authorization: `Bearer ${token}` },
    data: { name, permissionsList: { ...noAccess, activity: { read: true } } },
  });
  expect(created.ok(), await created.text()).toBe(true);

  await signIn(page, request, demo.admin, '/audit-log');
  await expect(page.getByRole('heading', { level: 1, name: 'Audit Log' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Who' }).click();
  await page.getByRole('option', { name: 'Partner teams' }).click();
  await expect(page).toHaveURL(/actor=member/);
  await expect(page.getByRole('combobox', { name: 'Admin' })).toHaveAttribute('aria-disabled', 'true');
  await page.getByRole('combobox', { name: 'Action' }).click();
  await page.getByRole('option', { name: 'Role created' }).click();
  await expect(page).toHaveURL(/action=role\.create/);
  const row = page.getByTestId('audit-row').first();
  await expect(row).toContainText('Olivia Owner');
  await expect(row).toContainText('partner team');
  await expect(row).toContainText('Role created');
  await expect(row).toContainText('Acme Messaging');
  await shoot(page, 'activity-in-audit-log', [1440, 390]);
});
