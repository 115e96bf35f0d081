import { expect, test } from '@playwright/test';
import { createMember, demo, shoot, signIn, signInWithForm, snackbar, tokenFor, unique } from './helpers';
import { resetLinkMailedTo } from './outbox';

test.describe('sign-in', () => {
  test('empty fields and wrong credentials are refused with the spec texts', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Partner Dashboard' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(snackbar(page, 'fields cant be empty')).toBeVisible();

    await page.getByLabel('Email or User Name').fill('owner');
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByLabel('Password', { exact: true }).press('Enter');
    await expect(snackbar(page, 'Invalid login credentials!')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the owner signs in with Enter and sees the branded dashboard', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email or User Name').fill(demo.owner.userName);
    await page.getByLabel('Password', { exact: true }).fill(demo.owner.password);
    await page.getByLabel('Password', { exact: true }).press('Enter');
    await expect(page.getByRole('heading', { name: 'Dashboard', exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(page).toHaveTitle('Acme Connect - Partner Dashboard');
    await expect(page.getByText('Service conversations are free from 1 November 2024.')).toBeVisible();
    // A tenant-branded partner does not get the platform's Help Center.
    await expect(page.getByRole('link', { name: 'Help Center' })).toHaveCount(0);

    // Signed in, the sign-in page sends the user home.
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Dashboard', exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });

  test('a token on the sign-in link signs in directly', async ({ page, request }) => {
    const token = await tokenFor(request, demo.owner);
    await page.goto(`/login?token=${encodeURIComponent(token)}`);
    await expect(page.getByRole('heading', { name: 'Dashboard', exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });

  test('a sign-in link for another account asks which to keep; a forged one changes nothing', async ({
    page,
    request,
  }) => {
    await signIn(page, request, demo.owner);
    const ownerToken = await page.evaluate(() => localStorage.getItem('token'));
    const storedToken = () => page.evaluate(() => localStorage.getItem('token'));
    const agentToken = await tokenFor(request, demo.agent);
    await page.goto(`/login?token=${encodeURIComponent(agentToken)}`);
    const dialog = page.getByRole('dialog', { name: 'Switch account?' });
    await expect(dialog).toContainText(/You are signed in as .+ \(owner\)\. This link signs in as .+ \(agent\)\./);
    await shoot(page, 'switch-account', [1440, 390]);
    await dialog.getByRole('button', { name: /^Stay signed in as / }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Dashboard', exact: true })).toBeVisible();
    expect(await storedToken()).toBe(ownerToken);

    // Forged (a valid token's claims with a made-up signature), unsigned, and signed but ended (signed out):
    // the server refuses them, and the owner's session stays.
    const [header, claims] = agentToken.split('.');
    const ended = await tokenFor(request, demo.agent);
    expect((await request.post('/auth/sign-out', { headers: { Authorization: `Bearer ${ended}` } })).ok()).toBe(true);
    for (const refused of [`${header}.${claims}.bm90LWEtc2lnbmF0dXJl`, `eyJhbGciOiJub25lIn0.${claims}.`, ended]) {
      await page.goto(`/login?token=${encodeURIComponent(refused)}`);
      await expect(snackbar(page, 'This sign-in link is invalid or has expired.')).toBeVisible();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('heading', { name: 'Dashboard', exact: true })).toBeVisible();
      expect(await storedToken()).toBe(ownerToken);
    }

    // A check the server does not answer (a 503 for the signed-in user's token) switches nothing either.
    let unanswered = 1;
    await page.route('**/api/me', (route) =>
      route.request().headers()['authorization'] === `Bearer ${ownerToken}` && unanswered-- > 0
        ? route.fulfill({ status: 503, json: { message: 'Database unavailable', code: 'DATABASE_UNAVAILABLE' } })
        : route.fallback(),
    );
    await page.goto(`/login?token=${encodeURIComponent(agentToken)}`);
    await expect(snackbar(page, 'The sign-in link could not be checked. Try it again in a moment.')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    expect(await storedToken()).toBe(ownerToken);
    await page.unroute('**/api/me');

    // Choosing the link's account switches.
    await page.goto(`/login?token=${encodeURIComponent(agentToken)}`);
    await page
      .getByRole('dialog', { name: 'Switch account?' })
      .getByRole('button', { name: /^Sign in as / })
      .click();
    await expect(page).toHaveURL(/\/$/);
    expect(await storedToken()).toBe(agentToken);
  });

  test('signed out, a page of the console asks to sign in', async ({ page }) => {
    await page.goto('/manage/team');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible();
  });

  test('an expired token is dropped on start', async ({ page }) => {
    const claims = Buffer.from(JSON.stringify({ sub: 'x', sid: 'y', kind: 'agent', exp: 1_000 })).toString('base64url');
    await page.addInitScript((token) => localStorage.setItem('token', token), `e30.${claims}.sig`);
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  test('forgot password mails a link that sets a new password', async ({ page, request }) => {
    const id = unique();
    const member = { userName: `reset${id}`, password: 'Before@1234', name: `Rene ${id}`, role: 'Viewer' };
    await createMember(request, member);

    await page.goto('/login');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reset your password' });
    await dialog.getByLabel('Email').fill(`${member.userName}@e2e.example`);
    await dialog.getByRole('button', { name: 'Send reset link' }).click();
    await expect(dialog).toBeHidden();
    await expect(
      snackbar(page, 'If an account exists for this email, a password reset link has been sent to it.'),
    ).toBeVisible();

    await expect.poll(() => resetLinkMailedTo(`${member.userName}@e2e.example`)).not.toBeNull();
    await page.goto(resetLinkMailedTo(`${member.userName}@e2e.example`) ?? '');
    await page.getByRole('textbox', { name: 'New Password' }).fill('After@12345');
    await page.getByRole('textbox', { name: 'Confirm Password' }).fill('After@12345');
    await page.getByRole('button', { name: 'Save password' }).click();
    await expect(page.getByText('Your password has been set. Sign in with your new password.')).toBeVisible();
    await page.getByRole('link', { name: 'Back to sign in' }).click();
    await signInWithForm(page, { ...member, password: 'After@12345' });
    await expect(page.getByRole('heading', { name: 'Dashboard', exact: true })).toBeVisible();
  });

  test('the reset-password page checks its link and the two passwords', async ({ page }) => {
    await page.goto('/reset-password');
    await expect(page.getByText('This password reset link is invalid or has expired.')).toBeVisible();

    await page.goto('/reset-password?token=not-a-real-token');
    await page.getByRole('button', { name: 'Save password' }).click();
    await expect(page.getByText('Please enter password')).toBeVisible();
    await page.getByRole('textbox', { name: 'New Password' }).fill('Brand@new123');
    await page.getByRole('textbox', { name: 'Confirm Password' }).fill('Brand@new124');
    await page.getByRole('button', { name: 'Save password' }).click();
    await expect(page.getByText('Your passwords donot match')).toBeVisible();
    await page.getByRole('textbox', { name: 'Confirm Password' }).fill('Brand@new123');
    await page.getByRole('button', { name: 'Save password' }).click();
    await expect(snackbar(page, 'This password reset link is invalid or has expired.')).toBeVisible();
    await page.getByRole('link', { name: 'Back to sign in' }).click();
    await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible();
  });

  test('sign out ends the session', async ({ page, request }) => {
    await signIn(page, request, demo.owner);
    await page.getByRole('link', { name: 'Profile' }).click();
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
  });
});

test('an unknown path shows the lost page with a Home link', async ({ page, request }) => {
  await signIn(page, request, demo.owner, '/no/such/page');
  // Unknown paths go to /error (doc 3 section 2).
  await expect(page).toHaveURL(/\/error$/);
  await expect(page.getByRole('heading', { name: 'YOU SEEM LOST!' })).toBeVisible();
  await page.getByRole('link', { name: 'Home' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard', exact: true })).toBeVisible();
});

test('the read-only agent signs in with the form', async ({ page }) => {
  await signInWithForm(page, demo.agent);
  await expect(page.getByRole('heading', { name: 'Dashboard', exact: true })).toBeVisible();
});
