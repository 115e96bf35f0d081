import { expect, test } from '@playwright/test';
import { demo, projectIdOf, shoot, signIn, snackbar, tokenFor } from './helpers';

/**
 * What a role cannot do, it is shown as such (issue 33, section 2): a read-only role sees the fields
 * it cannot save read-only, not only a disabled button, and no tab it cannot open; a referral user
 * has the Dashboard, Businesses and Projects only; a deleted project can be restored. The server
 * holds the same rules (apps/server tests). Nothing here changes demo data for good: Cedar Returns,
 * which no other spec reads, is deleted and restored to pending as it was.
 */

test('a read-only role sees the agent limit, the colours and the onboarding choice read-only', async ({
  page,
  request,
}) => {
  await signIn(page, request, demo.agent, '/manage/agents');
  const limit = page.getByLabel('Agent limit');
  await expect(limit).toHaveAttribute('readonly');
  await expect(page.getByRole('button', { name: 'Update' })).toBeDisabled();

  await page.goto('/manage/profiles');
  for (const label of ['Primary', 'Background']) await expect(page.getByLabel(label)).toHaveAttribute('readonly');
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();

  await page.goto('/manage/onboarding');
  const methods = page.getByRole('radiogroup').getByRole('radio');
  await expect(methods).toHaveCount(3);
  for (const radio of await methods.all()) await expect(radio).toBeDisabled();
  await shoot(page, 'read-only-onboarding', [1440, 390]);
});

test('the owner types an agent limit outside 1 to 100: the spec says so, and leaving the field clamps it', async ({
  page,
  request,
}) => {
  await signIn(page, request, demo.owner, '/manage/agents');
  const limit = page.getByLabel('Agent limit');
  await limit.fill('150');
  await expect(page.getByText('Agents limit should be greater than 1 and less than 100')).toBeVisible();
  await limit.blur();
  await expect(limit).toHaveValue('100');
  await expect(page.getByText('Agents limit should be greater than 1 and less than 100')).toHaveCount(0);
  await limit.fill('0');
  await limit.blur();
  await expect(limit).toHaveValue('1');
  await expect(limit).not.toHaveAttribute('readonly');
});

test('a role without Billings View sees no tab it cannot open: Meta Ads Transactions, the project Billings', async ({
  page,
  request,
}) => {
  await signIn(page, request, demo.agent, '/meta-ads/project');
  const tabs = page.getByRole('navigation', { name: 'Meta Ads' }).getByRole('tab');
  await expect(tabs).toHaveText(['Projects', 'Ads']);
  // Its address leads to the first tab rather than to a refused list.
  await page.goto('/meta-ads/transactions');
  await expect(page).toHaveURL(/\/meta-ads\/project$/);

  await page.goto(`/assistants/${await projectIdOf(request, demo.owner, 'Metro Reminders')}`);
  await expect(page.getByRole('tab', { name: 'Analytics', exact: true })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Billings', exact: true })).toHaveCount(0);

  // The owner, who may, has both.
  await signIn(page, request, demo.owner, '/meta-ads/project');
  await expect(tabs).toHaveText(['Projects', 'Ads', 'Transactions']);
});

test('a referral user has the Dashboard, Businesses and Projects only', async ({ page, request }) => {
  const id = await projectIdOf(request, demo.referral, 'Lotus Tutors');
  await signIn(page, request, demo.referral, `/assistants/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Lotus Tutors' })).toBeVisible();
  // No balance or usage (Analytics) and no billing logs.
  await expect(page.getByRole('tab', { name: 'Setup', exact: true })).toBeVisible();
  for (const tab of ['Analytics', 'Billings'])
    await expect(page.getByRole('tab', { name: tab, exact: true })).toHaveCount(0);
  // The owner's brand fields are not theirs: the profile has their details and password only.
  await page.goto('/agentProfile');
  await expect(page.getByLabel('Email', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Favicon URL')).toHaveCount(0);
  // The server says the same to the API.
  const token = await tokenFor(request, demo.referral);
  const res = await request.get('/api/get-all-roles', { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(403);
  expect(((await res.json()) as { message: string }).message).toBe(
    'Referral users have the Dashboard, Businesses and Projects only.',
  );
});

test('a deleted project is restored from the Deleted tab, with the status the partner chooses', async ({
  page,
  request,
}) => {
  const token = await tokenFor(request, demo.owner);
  const auth = { authorization: `Bearer ${token}` };
  const id = await projectIdOf(request, demo.owner, 'Cedar Returns');
  expect((await request.post(`/api/delete-project/${id}`, { headers: auth })).ok()).toBe(true);
  try {
    await signIn(page, request, demo.owner, '/assistants?tab=Deleted');
    const row = page.getByTestId('project-row').filter({ hasText: 'Cedar Returns' });
    // The row does not open (no link), but its Restore does.
    await expect(row.getByRole('cell', { name: 'Cedar Returns', exact: true })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await expect(row.getByRole('link')).toHaveCount(0);
    await row.getByRole('button', { name: 'Restore Cedar Returns' }).click();
    const dialog = page.getByRole('dialog', { name: 'Restore Cedar Returns' });
    await dialog.getByRole('combobox', { name: 'Status' }).click();
    // Active or pending; stopped (Stop Billing) too; never the platform's statuses.
    await expect(page.getByRole('option')).toHaveText(['active', 'pending', 'stopped']);
    await page.getByRole('option', { name: 'pending', exact: true }).click();
    await shoot(page, 'restore-project', [1440, 390]);
    await dialog.getByRole('button', { name: 'Restore' }).click();
    await expect(snackbar(page, 'Successfully Updated')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(row).toHaveCount(0);
    // Back in the lists, as it was: pending, openable.
    await page.getByRole('tab', { name: /^All/ }).click();
    await page.getByRole('textbox', { name: 'Search project name' }).fill('Cedar Returns');
    await page.getByRole('textbox', { name: 'Search project name' }).press('Enter');
    await page.getByTestId('project-row').filter({ hasText: 'Cedar Returns' }).getByRole('link').first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Cedar Returns' })).toBeVisible();
  } finally {
    // Put back whatever happened above: pending and not deleted, as the demo has it.
    const res = await request.put('/api/change-project-status', {
      headers: auth,
      data: { assistantId: id, status: 'pending' },
    });
    expect([200, 404]).toContain(res.status());
  }
});
