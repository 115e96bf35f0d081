import { expect, test, type Page } from '@playwright/test';
import { demo, signIn, snackbar } from './helpers';

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });

test('the rail leads to every area on a wide screen', async ({ page, request }) => {
  await signIn(page, request, demo.owner);
  const rail = page.getByRole('navigation', { name: 'Main navigation' });
  for (const [entry, title] of [
    ['Businesses', 'Businesses'],
    ['Projects', 'Projects'],
    ['Meta Ads', 'Meta Ads'],
    ['Plan Details', 'Plan Details'],
    ['Billing', 'Billing'],
    ['Margins', 'Margins'],
    ['Wallet', 'Wallet'],
    ['Risk board', 'Risk board'],
    ['Dashboard', 'Dashboard'],
  ] as const) {
    await rail.getByRole('link', { name: entry, exact: true }).click();
    await expect(heading(page, title)).toBeVisible();
  }
  await rail.getByRole('link', { name: 'Manage', exact: true }).click();
  await expect(page).toHaveURL(/\/manage\/config$/);
  await expect(heading(page, 'Configure Plan Family')).toBeVisible();
  const manage = page.getByRole('navigation', { name: 'Manage' });
  await manage.getByRole('link', { name: 'Team' }).click();
  await expect(heading(page, 'Team Management')).toBeVisible();
  await manage.getByRole('link', { name: 'Roles' }).click();
  await expect(heading(page, 'Team Roles')).toBeVisible();
  await rail.getByRole('link', { name: 'Profile' }).click();
  await expect(heading(page, 'Profile')).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the drawer and its Manage accordion lead to the areas', async ({ page, request }) => {
    await signIn(page, request, demo.owner);
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeHidden();

    await page.getByRole('button', { name: 'Open navigation menu' }).click();
    const drawer = page.getByRole('navigation', { name: 'Main navigation' });
    await drawer.getByRole('link', { name: 'Businesses' }).click();
    await expect(heading(page, 'Businesses')).toBeVisible();
    await expect(drawer).toBeHidden();

    await page.getByRole('button', { name: 'Open navigation menu' }).click();
    await drawer.getByRole('button', { name: 'Manage' }).click();
    // The accordion opens with a transition: its links take clicks once it has.
    await expect(drawer.getByRole('button', { name: 'Manage' })).toHaveAttribute('aria-expanded', 'true');
    // The drawer scrolls on a short phone: the open accordion's last links are below the fold.
    await drawer.getByRole('link', { name: 'Roles' }).scrollIntoViewIfNeeded();
    await expect(drawer.getByRole('link', { name: 'Roles' })).toBeInViewport();
    await drawer.getByRole('link', { name: 'Roles' }).click();
    await expect(heading(page, 'Team Roles')).toBeVisible();

    await page.getByRole('button', { name: 'Open navigation menu' }).click();
    await drawer.getByRole('link', { name: 'Profile', exact: true }).click();
    await expect(heading(page, 'Profile')).toBeVisible();
  });
});

test('the read-only agent sees Access Denied where it has no read permission', async ({ page, request }) => {
  await signIn(page, request, demo.agent, '/billings');
  await expect(page.getByText("Looks like you don't have the necessary permissions to view this page")).toBeVisible();
  await expect(page.getByText('Please contact your administrator for more information.')).toBeVisible();
  await expect(heading(page, 'Billing')).toBeHidden();

  // Roles and Team are the owner's: no entry, and the page itself is denied.
  await page.goto('/manage/defaults');
  await expect(heading(page, 'Defaults')).toBeVisible();
  const manage = page.getByRole('navigation', { name: 'Manage' });
  await expect(manage.getByRole('link', { name: 'Team' })).toHaveCount(0);
  await expect(manage.getByRole('link', { name: 'Roles' })).toHaveCount(0);
  await page.goto('/manage/team');
  await expect(page.getByRole('alert', { name: 'Access Denied' })).toBeVisible();
});

test('a referral user gets the reduced menu and its referral link', async ({ page, request, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, request, demo.referral);
  const rail = page.getByRole('navigation', { name: 'Main navigation' });
  for (const entry of ['Dashboard', 'Businesses', 'Projects'])
    await expect(rail.getByRole('link', { name: entry })).toBeVisible();
  for (const entry of ['Meta Ads', 'Plan Details', 'Billing', 'Margins', 'Wallet', 'Risk board', 'Manage'])
    await expect(rail.getByRole('link', { name: entry })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Referral Link' })).toHaveValue(/ref=/);
  await page.getByRole('button', { name: 'Copy Link' }).click();
  await expect(snackbar(page, 'Copied to clipboard!')).toBeVisible();
  await page.goto('/billings');
  await expect(page.getByRole('alert', { name: 'Access Denied' })).toBeVisible();
});

test('a DIRECT partner has no Plan Details or Manage entry, and Manage opens on project agents', async ({
  page,
  request,
}) => {
  await signIn(page, request, demo.direct);
  const rail = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(rail.getByRole('link', { name: 'Businesses' })).toBeVisible();
  await expect(rail.getByRole('link', { name: 'Plan Details' })).toHaveCount(0);
  await expect(rail.getByRole('link', { name: 'Manage' })).toHaveCount(0);
  await page.goto('/manage');
  await expect(page).toHaveURL(/\/manage\/agents$/);
  await expect(heading(page, 'Configure Project Agents')).toBeVisible();
  await page.goto('/manage/config');
  await expect(page.getByRole('alert', { name: 'Access Denied' })).toBeVisible();
});
