import { expect, test, type Page } from '@playwright/test';
import { clickClosingPopup, demo, projectIdOf, signIn, snackbar } from './helpers';

/**
 * The failure texts of doc 3 section 8 and doc 2 section 8, each provoked as docs/demo.md tells a
 * visitor to: a server failure by answering the call with a 500 before it reaches the server (so
 * nothing in the demo changes), a validation text by real input.
 */

/** The call answers 500 with no message of its own: the console falls back to the spec's text. */
const failing = (page: Page, url: string, method?: string) =>
  page.route(url, (route) =>
    method && route.request().method() !== method
      ? route.fallback()
      : route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
  );

const fails = (page: Page, text: string) => expect(snackbar(page, text).first()).toBeVisible();

const openProject = async (page: Page, request: Parameters<typeof projectIdOf>[0], name: string, tab?: string) => {
  const id = await projectIdOf(request, demo.owner, name);
  await signIn(page, request, demo.owner, `/assistants/${id}${tab ? `?tab=${tab}` : ''}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
};

/** A 1 x 1 PNG: a real image, smaller than the 192 px a profile picture needs. */
const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

test.describe('Plan Details (doc 3 section 8)', () => {
  const section = (page: Page, title: string) =>
    page.locator('section').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

  test("the provider's catalogue cannot be fetched: one text per catalogue", async ({ page, request }) => {
    await failing(page, '**/api/get-aisensy-plan-family-pricing/**');
    await failing(page, '**/api/get-aisensy-wcc-pricing/**');
    await failing(page, '**/api/aisensy-whatsapp-payments-plans');
    await signIn(page, request, demo.owner, '/plan-details');
    await fails(page, 'Cannot fetch Aisensy Subscription Plans');
    await fails(page, 'Cannot fetch Aisensy WCC Plans');
    await fails(page, 'Cannot fetch Aisensy Whatsapp Payment Plans');
  });

  test('creating a plan family fails', async ({ page, request }) => {
    await signIn(page, request, demo.owner, '/plan-details');
    await failing(page, '**/api/create-partner-plan-family');
    await section(page, 'Subscription Plan Family').getByRole('button', { name: 'Create Plan Family' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Plan Family' });
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByLabel('Family Name').fill('Never saved');
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await fails(page, 'Unable to create Plan Family. Something went wrong.');
  });

  test('updating each kind of family fails with its own text', async ({ page, request }) => {
    await signIn(page, request, demo.owner, '/plan-details');
    await failing(page, '**/api/update-partner-plan-families');
    await failing(page, '**/api/update-partner-wcc-families');
    await failing(page, '**/api/whatsapp-payments-plans/*', 'PATCH');
    const save = async (family: string, text: string) => {
      await page.getByRole('button', { name: `Edit ${family}` }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
      await fails(page, text);
      await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    };
    await save('Acme Standard', 'Plan family update failed');
    await save('Acme WCC India', 'WCC family update failed');
    await save('Acme Pay Standard', 'WhatsApp Payments plan update failed');
  });
});

test.describe('Manage (doc 3 section 8)', () => {
  test("billing details, profile colours, an add-on's plan and the defaults fail to save", async ({
    page,
    request,
  }) => {
    await signIn(page, request, demo.owner, '/manage/onboarding');
    await failing(page, '**/api/update-partner-billing-details');
    await failing(page, '**/api/update-profile-color');
    await failing(page, '**/api/update-addon-plan');
    await failing(page, '**/api/set-default-configs');

    await page.getByRole('button', { name: 'Edit billing details' }).click();
    const billing = page.getByRole('dialog', { name: 'Billing details' });
    await billing.getByLabel('City').fill('Bengaluru East');
    await billing.getByRole('button', { name: 'Save' }).click();
    await fails(page, 'Error updating billing details!');

    await page.goto('/manage/profiles');
    await page.getByLabel('Primary').fill('#123456');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await fails(page, 'Profile colors change failed');

    await page.goto('/manage/manage-addons');
    await page.getByRole('button', { name: 'Edit Webhooks prices' }).click();
    await page.getByRole('dialog', { name: 'Webhooks Plan' }).getByRole('button', { name: 'Save' }).click();
    await fails(page, 'plan update failed');

    await page.goto('/manage/defaults');
    await page.getByRole('button', { name: 'Edit About' }).click();
    await page.getByRole('dialog', { name: 'Edit About' }).getByLabel('About').fill('Never saved');
    await page.getByRole('dialog', { name: 'Edit About' }).getByRole('button', { name: 'Save' }).click();
    await fails(page, 'Update failed!');
  });
});

test.describe('a project (doc 3 section 8)', () => {
  test("an add-on's activation, change and removal fail", async ({ page, request }) => {
    await openProject(page, request, 'Metro Reminders', 'addons-management');
    await failing(page, '**/partner/*/project/*/addon');
    await page.getByRole('article', { name: 'Flow Builder' }).getByRole('button', { name: 'Activate' }).click();
    await page.getByRole('dialog', { name: 'Activate Flow Builder' }).getByRole('button', { name: 'Activate' }).click();
    await fails(page, 'Unable to active addon: Something went wrong');

    await openProject(page, request, 'Kite Campaign 06', 'addons-management');
    await failing(page, '**/partner/*/project/*/addon');
    const flows = page.getByRole('article', { name: 'Flow Builder' });
    await flows.getByRole('button', { name: 'Modify' }).click();
    const modify = page.getByRole('dialog', { name: 'Modify Flow Builder' });
    await modify.getByRole('button', { name: '+10 flows' }).click();
    await modify.getByRole('button', { name: 'Modify' }).click();
    await fails(page, 'Unable to update addon: Something went wrong');
    await modify.getByRole('button', { name: 'Cancel' }).click();
    await flows.getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('dialog', { name: 'Remove Flow Builder' }).getByRole('button', { name: 'Remove' }).click();
    await fails(page, 'Unable to disable addon: Something went wrong');
  });

  test("a credit's change fails: the project billing fallback", async ({ page, request }) => {
    await openProject(page, request, 'Kite Campaign 04', 'plan-setup');
    await failing(page, '**/billing/wcc*', 'PATCH');
    await page.getByRole('button', { name: 'Update WCC Credit' }).click();
    const credit = page.getByRole('dialog', { name: 'Update WCC Credit' });
    await credit.getByLabel('Amount').fill('10');
    await credit.getByRole('button', { name: 'Submit' }).click();
    await fails(page, 'something went wrong, try again');
  });
});

test.describe('Meta Ads (doc 3 section 8)', () => {
  test('Facebook login fails: Connection Failure!', async ({ page, request }) => {
    await openProject(page, request, 'Zen Yoga', 'meta-ad');
    await failing(page, '**/meta-ads/fb-connect');
    const popupOpens = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Connect Facebook' }).click();
    const popup = await popupOpens;
    await clickClosingPopup(popup, popup.getByRole('button', { name: 'Continue' }));
    await fails(page, 'Connection Failure!');
    await expect(page.getByRole('button', { name: 'Connect Facebook' })).toBeEnabled();
  });

  test("a frozen asset's unfreeze fails: Something went wrong !!", async ({ page, request }) => {
    await openProject(page, request, 'Metro Clinics', 'meta-ad');
    await failing(page, '**/meta-ads/unfreeze-assets');
    await page
      .getByRole('group', { name: 'Choose Ad account' })
      .getByRole('button', { name: 'Unfreeze ad account' })
      .click();
    await fails(page, 'Something went wrong !!');
  });

  test('the Meta Ads report cannot be built: Unable to download report', async ({ page, request }) => {
    await signIn(page, request, demo.owner, '/meta-ads/project');
    await expect(page.getByRole('button', { name: 'Download Report' })).toBeEnabled();
    await failing(page, '**/api/meta-ad-acccount-lists*');
    await page.getByRole('button', { name: 'Download Report' }).click();
    await fails(page, 'Unable to download report');
  });

  test("a project without a number: the wizard's health check says WhatsApp API is not live", async ({
    page,
    request,
  }) => {
    await openProject(page, request, 'Vertex Labs');
    await page.getByRole('button', { name: /Troubleshooting/ }).click();
    await page.getByRole('button', { name: 'Check number health' }).click();
    await fails(page, 'WhatsApp API is not live');
  });
});

test.describe('project administration (doc 2 section 8)', () => {
  test('the agents limit fails to save', async ({ page, request }) => {
    await openProject(page, request, 'Kite Campaign 04', 'setup');
    await failing(page, '**/api/update-project-agent-size');
    await page.getByTestId('agents-limit').locator('..').getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Agents Limit' });
    await dialog.getByLabel('Agents Limit').fill('7');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await fails(page, 'Agent size updation failed! Something went wrong.');
  });

  test("the chat webhook's Generate before any chat webhook: subscribe to webhook first", async ({ page, request }) => {
    // Metro Clinics' three webhooks subscribe other topics (webhooks.spec.ts makes the chat's one and deletes it).
    await openProject(page, request, 'Metro Clinics', 'project-api');
    const section = page.getByRole('region', { name: 'Chat webhook' });
    await expect(section.getByRole('button', { name: 'Generate' })).toBeDisabled();
    await section.getByTestId('write-blocked').hover();
    await expect(page.getByRole('tooltip', { name: 'subscribe to webhook first' })).toBeVisible();
  });

  test('a KYC document over 500 kB is refused before it is sent', async ({ page, request }) => {
    await openProject(page, request, 'Metro Reminders', 'setup');
    await page.getByTestId('kyc-button').click();
    await page
      .getByRole('dialog')
      .getByTestId('kyc-file')
      .setInputFiles({ name: 'gst.png', mimeType: 'image/png', buffer: Buffer.alloc(501 * 1024) });
    await fails(page, 'File size cannot exceed 500kb!');
  });

  test("a profile picture's three rules", async ({ page, request }) => {
    await openProject(page, request, 'Kite Campaign 04', 'profile');
    const picture = page.getByTestId('profile-picture');
    await picture.setInputFiles({ name: 'logo.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
    await fails(page, 'Invalid file format');
    await picture.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(5 * 1024 * 1024 + 1) });
    await fails(page, 'Maximum size of Image can be 5MB');
    await picture.setInputFiles({ name: 'tiny.png', mimeType: 'image/png', buffer: tinyPng });
    await fails(page, 'Image size too small');
  });
});
