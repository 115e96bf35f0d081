import { expect, test } from '@playwright/test';
import { demo, shoot, signIn, signInWithForm, snackbar, tokenFor } from './helpers';

test('branding and banners of a tenant-branded partner', async ({ page, request }) => {
  await signIn(page, request, demo.owner);
  await expect(page).toHaveTitle('Acme Connect - Partner Dashboard');
  await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', '/brand/acme-favicon.svg');
  const notices = page.getByRole('region', { name: 'Notices' });
  // Doc 1's warning, and beside it the partner's own wallet warning levels.
  await expect(notices.getByRole('alert').filter({ hasText: 'Your central balance is low' })).toBeVisible();
  await expect(notices.getByRole('alert').filter({ hasText: 'below the warning level you set' })).toBeVisible();
  await expect(notices.getByRole('status')).toHaveText('Service conversations are free from 1 November 2024.');

  // On a phone the three notices are one compact strip, not the first screen's top half.
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, 'notices-open');
  // Measured once the strip has settled at the new width (a busy machine may still be laying it out).
  await expect.poll(async () => (await notices.boundingBox())!.height).toBeLessThan(844 * 0.3);
  // Folded for the session: one line, through a reload; opened again with one click.
  await page.getByRole('button', { name: 'Hide notices' }).click();
  await expect(notices).toContainText('3 notices');
  await expect(notices.getByRole('alert')).toHaveCount(0);
  await expect.poll(async () => (await notices.boundingBox())!.height).toBeLessThan(60);
  await shoot(page, 'notices-folded');
  await page.reload();
  await expect(notices).toContainText('3 notices');
  await page.getByRole('button', { name: 'Show notices' }).click();
  await expect(notices.getByRole('alert')).toHaveCount(2);
  await expect(notices.getByRole('status')).toBeVisible();
  await page.reload();
  await expect(notices.getByRole('alert')).toHaveCount(2);
});

test('a partner without a brand gets the default title and no info banner', async ({ page, request }) => {
  await signIn(page, request, demo.ads);
  await expect(page).toHaveTitle('Partner Dashboard');
  await expect(page.getByText('Service conversations are free from 1 November 2024.')).toHaveCount(0);
});

test('the chat widget starts only after sign-in, with the user attributes', async ({ page }) => {
  await page.route('**/e2e/chat-widget.js', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: 'window.chatWidgetStarted = window.chatWidgetSettings;' }),
  );
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible();
  await expect(page.locator('script[src$="/e2e/chat-widget.js"]')).toHaveCount(0);

  await signInWithForm(page, demo.owner);
  await expect(page.getByRole('heading', { name: 'Dashboard', exact: true })).toBeVisible();
  await expect(page.locator('script[src$="/e2e/chat-widget.js"]')).toHaveCount(1);
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { chatWidgetStarted?: unknown }).chatWidgetStarted))
    .toEqual({
      alignment: 'right',
      horizontalPadding: 20,
      verticalPadding: 20,
      userAttributes: { name: 'Olivia Owner', email: 'owner@acme.example', partner: 'Acme Messaging' },
    });
});

test('a tenant link brands the sign-in page, and the brand is kept', async ({ page, request }) => {
  const token = await tokenFor(request, demo.owner);
  const me = (await (await request.get('/api/me', { headers: { Authorization: `Bearer ${token}` } })).json()) as {
    agent: { partnerId: string };
  };
  await page.goto(`/login?tenant=${me.agent.partnerId}`);
  await expect(page).toHaveTitle('Acme Connect - Partner Dashboard');
  await expect(page.getByRole('img', { name: 'Acme Connect logo' })).toBeVisible();
  await page.goto('/login');
  await expect(page).toHaveTitle('Acme Connect - Partner Dashboard');
});

test('offline: the console says so, and a save fails at once with its own text instead of waiting unseen', async ({
  page,
  request,
  context,
}) => {
  await signIn(page, request, demo.owner, '/manage/profiles');
  await page.getByLabel('Primary').fill('#123456');
  await context.setOffline(true);
  const offline = page.getByRole('alert').filter({ hasText: 'You are offline.' });
  await expect(offline).toBeVisible();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(snackbar(page, 'Profile colors change failed')).toBeVisible();
  await context.setOffline(false);
  await expect(offline).toHaveCount(0);
});
