import { expect, test, type APIRequestContext } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { demo, shoot, signIn, snackbar, tokenFor } from './helpers';

/** Acme's secret is put back to none whatever happens: no other spec reads it, but a rerun would. */
const clearSecret = async (request: APIRequestContext) => {
  const token = await tokenFor(request, demo.owner);
  await request.patch('/api/profile-update', {
    headers: { Authorization: `Bearer ${token}` },
    data: { ssoSecretKey: null },
  });
};

const acmeId = async (request: APIRequestContext) => {
  const token = await tokenFor(request, demo.owner);
  const response = await request.post('/api/get-profile', { headers: { Authorization: `Bearer ${token}` } });
  return ((await response.json()) as { data: { id: string } }).data.id;
};

/** What the partner's own system does: a token of at most 5 minutes, signed with the secret (HS256). */
const ssoToken = (secret: string, partnerId: string, sub: string) => {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ name: 'Priya Sharma', email: 'priya@acme.example', partnerId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(sub)
    .setIssuedAt(now)
    .setExpirationTime(now + 120)
    .setJti(randomUUID())
    .sign(new TextEncoder().encode(secret));
};

test.afterAll(async ({ request }) => clearSecret(request));

test('the owner generates a secret, and a token signed with it signs a member in through the link', async ({
  page,
  request,
  browser,
}) => {
  await signIn(page, request, demo.owner, '/manage');
  await page.getByRole('navigation', { name: 'Manage' }).getByRole('link', { name: 'Single Sign On' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Single Sign On' })).toBeVisible();
  const state = page.getByTestId('sso-secret-state');
  await expect(state).toHaveText('No secret key is set: single sign-on is off.');
  await expect(page.getByText('AcmeConnectSSOToken', { exact: false })).toBeVisible();

  await page.getByRole('button', { name: 'Generate Secret Key' }).click();
  await expect(snackbar(page, 'Secret key saved')).toBeVisible();
  const field = page.getByRole('textbox', { name: 'New secret key' });
  await expect(field).toHaveValue(/^[A-Za-z0-9]{40}$/);
  const secret = await field.inputValue();
  await expect(state).toHaveText(`A secret key is set, ending in …${secret.slice(-4)}.`);
  await shoot(page, 'manage-sso', [1440, 390]);

  // Shown once: after a reload only its last 4 characters are.
  await page.reload();
  await expect(state).toHaveText(`A secret key is set, ending in …${secret.slice(-4)}.`);
  await expect(page.getByRole('textbox', { name: 'New secret key' })).toHaveCount(0);
  await expect(page.getByText(secret)).toHaveCount(0);

  // The partner's system sends its user to the link, in a browser not signed in.
  const token = await ssoToken(secret, await acmeId(request), 'priya');
  const visitor = await browser.newContext();
  const member = await visitor.newPage();
  await member.goto(`/auth/sso?token=${token}`);
  await expect(member).toHaveURL(/\/$/);
  await expect(member.getByRole('heading', { level: 1 })).toBeVisible();
  const me = await member.evaluate(async () => {
    const response = await fetch('/api/me', { headers: { Authorization: `Bearer ${localStorage.getItem('token')}` } });
    return (await response.json()) as { agent?: { loginUsername: string } };
  });
  expect(me.agent?.loginUsername).toBe('priya');
  // The same token again signs nobody in.
  const replay = await member.goto(`/auth/sso?token=${token}`);
  expect(replay?.status()).toBe(401);
  await expect(member.getByText('This single sign-on token was already used.')).toBeVisible();
  await visitor.close();

  // Turning it off: no token signs in any more.
  await page.getByRole('button', { name: 'Turn Off' }).click();
  await page
    .getByRole('dialog', { name: 'Turn off single sign-on?' })
    .getByRole('button', { name: 'Turn Off' })
    .click();
  await expect(state).toHaveText('No secret key is set: single sign-on is off.');
  const refused = await request.get(`/auth/sso?token=${await ssoToken(secret, await acmeId(request), 'priya')}`, {
    maxRedirects: 0,
  });
  expect(refused.status()).toBe(401);
});

test('the read-only agent has no Single Sign On entry, and the page is denied', async ({ page, request }) => {
  await signIn(page, request, demo.agent, '/manage');
  const manage = page.getByRole('navigation', { name: 'Manage' });
  await expect(manage.getByRole('link').first()).toBeVisible();
  await expect(manage.getByRole('link', { name: 'Single Sign On' })).toHaveCount(0);
  await page.goto('/manage/sso');
  await expect(page.getByRole('alert', { name: 'Access Denied' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Single Sign On' })).toHaveCount(0);
});
