import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { createHmac } from 'node:crypto';
import { demo, razorpayWebhookSecret, shoot, signIn, snackbar, tokenFor } from './helpers';

type Profile = { status: 'LIVE' | 'NOT_CONNECTED'; merchantId: string | null };

const partnerIdOf = async (request: APIRequestContext, token: string): Promise<string> => {
  const response = await request.post('/api/get-profile', { headers: { authorization: `Bearer ${token}` }, data: {} });
  return ((await response.json()) as { data: { id: string } }).data.id;
};
const profileOf = async (request: APIRequestContext, token: string, partnerId: string): Promise<Profile> =>
  (await (
    await request.post('/api/fetch-partner-razorpay-profile', {
      headers: { authorization: `Bearer ${token}` },
      data: { partnerId },
    })
  ).json()) as Profile;

/**
 * The demo's Acme is not connected; a spec that connects it disconnects it again (the browser specs
 * share one database). The sandbox's failing disconnect fails only once, so a second one ends it.
 */
const putBack = async (request: APIRequestContext, token: string, partnerId: string) => {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    if ((await profileOf(request, token, partnerId)).status !== 'LIVE') return;
    await request.post('/razorpay/partner/t1/disconnect', {
      headers: { authorization: `Bearer ${token}` },
      data: { partnerId },
    });
  }
  expect((await profileOf(request, token, partnerId)).status).toBe('NOT_CONNECTED');
};

const gatewaySection = (page: Page) => page.getByRole('region', { name: 'Payment gateway' });
/** The callback page's error (the snackbar says it too). */
const callbackError = (page: Page) => page.getByRole('main').getByRole('alert');

/** Connect, as a user clicks it: the sandbox's authorisation page opens in a new tab. */
const openAuthorisation = async (page: Page, context: BrowserContext) => {
  const [tab] = await Promise.all([
    context.waitForEvent('page'),
    gatewaySection(page).getByRole('button', { name: 'Connect Razorpay' }).click(),
  ]);
  await tab.waitForURL(/\/sandbox\/razorpay\/authorize\?/);
  await expect(
    tab.getByRole('heading', { name: 'Partner Console wants to access your Razorpay account' }),
  ).toBeVisible();
  return tab;
};

test('the owner connects Razorpay through the sandbox and disconnects it', async ({ page, context, request }) => {
  test.setTimeout(90_000);
  const token = await tokenFor(request, demo.owner);
  const partnerId = await partnerIdOf(request, token);
  expect((await profileOf(request, token, partnerId)).status).toBe('NOT_CONNECTED');
  try {
    await signIn(page, request, demo.owner, '/manage/onboarding');
    const section = gatewaySection(page);
    await expect(section.getByText('Razorpay is not connected.')).toBeVisible();
    await shoot(page, 'payment-gateway', [1440, 390]);

    const tab = await openAuthorisation(page, context);
    await shoot(tab, 'razorpay-sandbox', [1440, 390]);
    await tab.getByRole('button', { name: 'Allow access' }).click();
    // The callback: wait, then success, then Configure Onboarding 2 seconds later.
    await expect(tab.getByText('Razorpay connected! Taking you back to Configure Onboarding…')).toBeVisible();
    const callbackUrl = tab.url();
    expect(new URL(callbackUrl).pathname).toBe('/integrations/appstore/app/razorpay/auth');
    await shoot(tab, 'razorpay-callback', [1440, 390]);
    await tab.waitForURL('**/manage/onboarding', { timeout: 6000 });

    const { merchantId } = await profileOf(request, token, partnerId);
    expect(merchantId).toMatch(/^acc_[A-Za-z0-9]{14}$/);
    await expect(gatewaySection(tab).getByTestId('razorpay-merchant-id')).toHaveText(merchantId!.slice(4));
    // The console's own tab, which waited with its spinner, shows the connection too.
    await expect(section.getByTestId('razorpay-merchant-id')).toHaveText(merchantId!.slice(4));
    await expect(section.getByText('Razorpay is connected')).toBeVisible();
    await shoot(page, 'payment-gateway-connected', [1440, 390]);

    // The same callback again (a reload, a replayed link): its state is spent, nothing happens.
    await tab.goto(callbackUrl);
    await expect(callbackError(tab)).toContainText('This authorisation has expired or was already used.');
    await expect(tab.getByRole('link', { name: 'Back to dashboard' })).toBeVisible();
    await tab.close();

    // Disconnect, after the confirmation (Cancel first changes nothing).
    await section.getByRole('button', { name: 'Disconnect' }).click();
    const dialog = page.getByRole('dialog', { name: 'Disconnect Razorpay?' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(section.getByTestId('razorpay-merchant-id')).toBeVisible();
    await section.getByRole('button', { name: 'Disconnect' }).click();
    await dialog.getByRole('button', { name: 'Disconnect' }).click();
    await expect(snackbar(page, 'Razorpay disconnected')).toBeVisible();
    await expect(section.getByText('Razorpay is not connected.')).toBeVisible();
    expect((await profileOf(request, token, partnerId)).status).toBe('NOT_CONNECTED');
  } finally {
    await putBack(request, token, partnerId);
  }
});

test('a denied authorisation, a refused code and a failed disconnect say so', async ({ page, context, request }) => {
  test.setTimeout(90_000);
  const token = await tokenFor(request, demo.owner);
  const partnerId = await partnerIdOf(request, token);
  try {
    await signIn(page, request, demo.owner, '/manage/onboarding');
    const section = gatewaySection(page);

    // Deny: the callback shows Razorpay's description and the way back to the dashboard.
    let tab = await openAuthorisation(page, context);
    await tab.getByRole('button', { name: 'Deny' }).click();
    await expect(callbackError(tab)).toContainText('The resource owner or authorization server denied the request.');
    await tab.getByRole('link', { name: 'Back to dashboard' }).click();
    await expect(tab).toHaveURL(/\/$/);
    await tab.close();

    // A code the exchange refuses: its description.
    tab = await openAuthorisation(page, context);
    await tab.getByLabel('Refuse the code at the token exchange (an expired code)').check();
    await tab.getByRole('button', { name: 'Allow access' }).click();
    await expect(callbackError(tab)).toContainText('The provided authorization grant');
    await tab.close();
    expect((await profileOf(request, token, partnerId)).status).toBe('NOT_CONNECTED');

    // A disconnect Razorpay fails: 'Failed to disconnect Razorpay', still connected.
    tab = await openAuthorisation(page, context);
    await tab.getByLabel('Connect the account; its first disconnect will fail').check();
    await tab.getByRole('button', { name: 'Allow access' }).click();
    await tab.waitForURL('**/manage/onboarding', { timeout: 6000 });
    await tab.close();
    await expect(section.getByTestId('razorpay-merchant-id')).toBeVisible();
    await section.getByRole('button', { name: 'Disconnect' }).click();
    await page
      .getByRole('dialog', { name: 'Disconnect Razorpay?' })
      .getByRole('button', { name: 'Disconnect' })
      .click();
    await expect(snackbar(page, 'Failed to disconnect Razorpay')).toBeVisible();
    await expect(section.getByTestId('razorpay-merchant-id')).toBeVisible();
    expect((await profileOf(request, token, partnerId)).status).toBe('LIVE');
  } finally {
    await putBack(request, token, partnerId);
  }
});

test('Connect is disabled without a billing address, and for a role without manage write', async ({
  page,
  request,
}) => {
  // The demo's AdsWorks has no billing details.
  await signIn(page, request, demo.ads, '/manage/onboarding');
  const section = gatewaySection(page);
  await expect(section.getByRole('button', { name: 'Connect Razorpay' })).toBeDisabled();
  await expect(section.getByText('Add your billing details first: Razorpay needs them to connect.')).toBeVisible();
  await section.getByTestId('connect-disabled').hover();
  await expect(page.getByRole('tooltip')).toHaveText('No billing address found!');
  await shoot(page, 'payment-gateway-no-billing', [1440, 390]);

  await signIn(page, request, demo.agent, '/manage/onboarding');
  await expect(gatewaySection(page).getByRole('button', { name: 'Connect Razorpay' })).toBeDisabled();
});

test('the callback needs a session, and without a code it shows the spec’s error', async ({ page, request }) => {
  await page.goto('/integrations/appstore/app/razorpay/auth?state=abc');
  await expect(page).toHaveURL(/\/login/);
  await signIn(page, request, demo.owner, '/integrations/appstore/app/razorpay/auth?state=abc');
  await expect(callbackError(page)).toContainText('Something went wrong! Unable to authenticate');
  await expect(snackbar(page, 'Something went wrong! Unable to authenticate')).toBeVisible();
});

/** Razorpay's webhook as Razorpay signs it: hex HMAC-SHA256 of the raw body with the webhook's secret. */
const razorpayWebhook = async (request: APIRequestContext, body: object) => {
  const raw = JSON.stringify(body);
  const signature = createHmac('sha256', razorpayWebhookSecret()).update(raw).digest('hex');
  return request.post('/platform/razorpay/webhook', {
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': signature,
      'x-razorpay-event-id': `evt_${Date.now()}`,
    },
    data: raw,
  });
};

// Last: it leaves Acme's ended connection behind (the section's warning), which the specs before do not expect.
test('the merchant revoking the access in Razorpay shows the partner disconnected, and why', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(90_000);
  const token = await tokenFor(request, demo.owner);
  const partnerId = await partnerIdOf(request, token);
  try {
    await signIn(page, request, demo.owner, '/manage/onboarding');
    const section = gatewaySection(page);
    const tab = await openAuthorisation(page, context);
    await tab.getByRole('button', { name: 'Allow access' }).click();
    await tab.waitForURL('**/manage/onboarding', { timeout: 6000 });
    await tab.close();
    const { merchantId } = await profileOf(request, token, partnerId);

    // A forged signature changes nothing.
    const forged = await request.post('/platform/razorpay/webhook', {
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': 'f'.repeat(64) },
      data: JSON.stringify({ event: 'account.app.authorization_revoked', account_id: merchantId, contains: [] }),
    });
    expect(forged.status()).toBe(401);
    expect((await profileOf(request, token, partnerId)).status).toBe('LIVE');

    // Razorpay's documented payload (https://razorpay.com/docs/webhooks/partners/oauth/).
    const revoked = await razorpayWebhook(request, {
      event: 'account.app.authorization_revoked',
      account_id: merchantId,
      contains: [],
      created_at: Math.floor(Date.now() / 1000),
    });
    expect(revoked.status()).toBe(200);
    await page.reload();
    await expect(section.getByTestId('razorpay-ended')).toContainText('Razorpay says this access was revoked on');
    await expect(section.getByRole('button', { name: 'Connect Razorpay' })).toBeVisible();
    await shoot(page, 'payment-gateway-revoked', [1440, 390]);
  } finally {
    await putBack(request, token, partnerId);
  }
});
