import { expect, test } from '@playwright/test';
import { demo, signIn } from './helpers';

test('the owner previews the brand before sign-in and goes from the profile to it and back', async ({
  page,
  request,
}) => {
  await signIn(page, request, demo.owner, '/agentProfile');
  await page.getByRole('link', { name: 'See your brand as your clients do' }).click();
  await expect(page).toHaveURL(/\/preview$/);
  await expect(page.getByRole('heading', { name: 'Preview', exact: true })).toBeVisible();
  await expect(page.getByText('This section is coming soon.')).toHaveCount(0);

  await expect(page.getByTestId('tab-preview')).toContainText('Acme Connect - Partner Dashboard');
  await expect(page.getByTestId('tab-preview').locator('img')).toHaveAttribute('src', '/brand/acme-favicon.svg');
  // A picture to assistive technology (one image, named), drawn with the brand's logo.
  await expect(page.getByRole('img', { name: 'Sign-in page preview' })).toBeVisible();
  await expect(page.getByTestId('sign-in-preview').locator('img')).toHaveAttribute('src', '/brand/acme-logo.svg');
  await expect(page.getByRole('img', { name: 'Loading image' })).toHaveAttribute('src', '/brand/acme-loading.svg');

  await expect(page.getByTestId('brand-name')).toContainText('Set');
  // Acme's colours are another spec's to change (manage-config): only the way to them is checked here.
  await page.getByTestId('brand-logo').getByRole('link', { name: 'Edit in Profile' }).click();
  await expect(page).toHaveURL(/\/agentProfile$/);
  await page.goBack();
  await page.getByTestId('brand-colors').getByRole('link', { name: 'Edit in Manage' }).click();
  await expect(page).toHaveURL(/\/manage\/profiles$/);
});

test('a DIRECT partner sees its colours on the sign-in page and the defaults it has not set', async ({
  page,
  request,
}) => {
  await signIn(page, request, demo.direct, '/preview');
  await expect(page.getByTestId('tab-preview')).toContainText('Partner Dashboard');
  await expect(page.getByTestId('brand-colors')).toContainText('#1565c0 on #f3f7fc');
  // Manage is hidden for DIRECT partners: no link into it.
  await expect(page.getByTestId('brand-colors').getByRole('link')).toHaveCount(0);
  await expect(page.getByTestId('brand-logo')).toContainText('Not set');
  await expect(page.getByTestId('brand-loading')).toContainText("The console's own spinner shows.");
  // The picture of the sign-in page cannot be used to sign in: nothing in it takes focus.
  const picture = page.getByTestId('sign-in-preview');
  await picture.locator('input').first().focus();
  await expect(picture.locator('input').first()).not.toBeFocused();
  const button = picture.locator('button');
  await expect(button).toHaveCSS('background-color', 'rgb(21, 101, 192)');
});
