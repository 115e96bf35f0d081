import { expect, test, type APIRequestContext } from '@playwright/test';
import { clickClosingPopup, demo, shoot, signIn, snackbar, tokenFor } from './helpers';

// The demo partner Acme Messaging has sign-up on with the EMBEDDED_SIGNUP method and the sandbox
// Facebook login: its page is the one a partner puts in an iframe on its own site.
const acmeId = async (request: APIRequestContext) => {
  const token = await tokenFor(request, demo.owner);
  const response = await request.post('/api/get-profile', { headers: { authorization: `Bearer ${token}` }, data: {} });
  return ((await response.json()) as { data: { id: string } }).data.id;
};

test('a new client signs up on Acme’s page: details and Facebook, the mobile’s OTP, a test message; Acme sees the project', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const partnerId = await acmeId(request);
  const stamp = Date.now();
  const company = `Signup Bakery ${stamp}`;
  const mobile = `98${String(stamp).slice(-8)}`;

  await page.goto(`/${partnerId}/embed/signup`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('Connect your business to WhatsApp')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Step 1 of 2' })).toBeVisible();
  await shoot(page, 'embedded-signup-step1', [1440, 390]);

  // The form's own messages, under each field.
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Email').blur();
  await expect(page.getByText('Enter a valid email address')).toBeVisible();

  await page.getByLabel('Full name').fill('Asha Rao');
  await page.getByLabel('Email').fill(`signup-${stamp}@e2e.example`);
  await expect(page.getByLabel('Dial code')).toHaveValue('91');
  await page.getByLabel('Personal mobile').fill(mobile);
  await page.getByLabel('Company name').fill(company);
  const connect = page.getByRole('button', { name: 'Connect to Facebook' });
  await expect(connect).toBeDisabled();
  await page.getByRole('checkbox', { name: /I agree to the Terms of Service/ }).check();
  await expect(connect).toBeEnabled();

  // The sandbox Facebook login: every permission asked for is ticked, a WhatsApp number to share.
  const popupOpens = page.waitForEvent('popup');
  await connect.click();
  const popup = await popupOpens;
  await expect(popup.getByRole('button', { name: 'Continue' })).toBeVisible();
  const scopes = popup.getByRole('checkbox');
  await expect(scopes).toHaveCount(3);
  for (const scope of await scopes.all()) await expect(scope).toBeChecked();
  await expect(popup.getByLabel('WhatsApp number')).not.toHaveValue('');
  await expect(popup.getByLabel('Display name')).not.toHaveValue('');
  await clickClosingPopup(popup, popup.getByRole('button', { name: 'Continue' }));

  await expect(snackbar(page, 'WABA is Live!')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Step 2 of 2' })).toBeVisible();
  await expect(page.getByLabel('Mobile number')).toHaveValue(mobile);
  await expect(page.getByLabel('Dial code')).toHaveValue('91');

  // No SMS leaves the sandbox: its phone card shows what the number received.
  await page.getByRole('button', { name: 'Verify Phone Number' }).click();
  await expect(snackbar(page, 'OTP sent!')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Regenerate \(\d+ s\)$/ })).toBeDisabled();
  const received = page.getByTestId('sandbox-phone').getByTestId('sandbox-message').first();
  await expect(received).toHaveText(/\b\d{4}\b/);
  const otp = /\b(\d{4})\b/.exec((await received.textContent()) ?? '')![1]!;
  await shoot(page, 'embedded-signup-step2', [1440, 390]);

  // A wrong OTP is refused with the server's message; the right one moves on.
  await page.getByRole('textbox', { name: 'OTP' }).fill(otp === '0000' ? '1111' : '0000');
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(snackbar(page, 'The OTP is wrong or has expired. Check it or regenerate it.')).toBeVisible();
  await page.getByRole('textbox', { name: 'OTP' }).fill(otp);
  await page.getByRole('button', { name: 'Verify', exact: true }).click();

  await expect(page.getByRole('heading', { name: 'Setup Complete' })).toBeVisible();
  await expect(page.getByText(company)).toBeVisible();
  await expect(page.getByLabel('Test mobile')).toHaveValue(mobile);
  const testSent = page.waitForResponse((r) => r.url().endsWith('/api/embed/signup/test-message'));
  await page.getByRole('button', { name: 'Send Test Message' }).click();
  const answer = await testSent;
  expect(answer.ok()).toBe(true);
  const { message } = (await answer.json()) as { message: string };
  await expect(snackbar(page, message)).toBeVisible();
  await shoot(page, 'embedded-signup-step3', [1440, 390]);

  // A reload goes on where the sign-up stands.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Setup Complete' })).toBeVisible();

  // Acme's owner finds the client's project, named after its company.
  await signIn(page, request, demo.owner, '/assistants');
  const search = page.getByRole('textbox', { name: 'Search project name' });
  await search.fill(company);
  await search.press('Enter');
  await expect(page.getByTestId('project-row').filter({ hasText: company })).toHaveCount(1);
});

test('a link with an unknown partner says the page does not exist, not the console’s 404', async ({ page }) => {
  await page.goto('/0123456789abcdef01234567/embed/signup');
  await expect(
    page.getByRole('heading', { name: 'This sign-up page does not exist. Check the link you were given.' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Connect to Facebook' })).toHaveCount(0);
  await shoot(page, 'embedded-signup-unknown', [1440, 390]);
});

test('a client who closes the Facebook sign-up is told where it stopped, and nothing is created', async ({
  page,
  request,
}) => {
  const partnerId = await acmeId(request);
  const stamp = Date.now();
  await page.goto(`/${partnerId}/embed/signup`);
  await page.getByLabel('Full name').fill('Ravi Nair');
  await page.getByLabel('Email').fill(`cancel-${stamp}@e2e.example`);
  await page.getByLabel('Personal mobile').fill(`97${String(stamp).slice(-8)}`);
  await page.getByLabel('Company name').fill(`Cancelled Cafe ${stamp}`);
  await page.getByRole('checkbox', { name: /I agree to the Terms of Service/ }).check();
  const popupOpens = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Connect to Facebook' }).click();
  const popup = await popupOpens;
  // The sandbox posts Meta's WA_EMBEDDED_SIGNUP CANCEL message, as Embedded Signup does.
  await clickClosingPopup(popup, popup.getByRole('button', { name: 'Cancel' }));
  const alert = page.getByRole('alert').filter({ hasText: 'Connection Failed!' });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText('The sign-up with Facebook was closed at permissions.');
  await expect(page.getByRole('heading', { name: 'Step 1 of 2' })).toBeVisible();
  await shoot(page, 'embedded-signup-cancelled', [1440, 390]);
});

test('a client whose number Meta has verified but not registered yet is told to sync later', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const partnerId = await acmeId(request);
  const stamp = Date.now();
  await page.goto(`/${partnerId}/embed/signup`);
  await page.getByLabel('Full name').fill('Nila Das');
  await page.getByLabel('Email').fill(`pending-${stamp}@e2e.example`);
  await page.getByLabel('Personal mobile').fill(`96${String(stamp).slice(-8)}`);
  await page.getByLabel('Company name').fill(`Pending Pantry ${stamp}`);
  await page.getByRole('checkbox', { name: /I agree to the Terms of Service/ }).check();
  const popupOpens = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Connect to Facebook' }).click();
  const popup = await popupOpens;
  // The sandbox's scenario numbers end in 101 to 109: 108 is verified, not registered (docs/demo.md).
  await popup.getByLabel('WhatsApp number').fill(`9197${String(stamp).slice(-5)}108`);
  await clickClosingPopup(popup, popup.getByRole('button', { name: 'Continue' }));
  await expect(snackbar(page, 'WABA in progress! Please Sync after 10 minutes')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Step 2 of 2' })).toBeVisible();
});
