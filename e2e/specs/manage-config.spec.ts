import { expect, test, type APIRequestContext } from '@playwright/test';
import { demo, shoot, signIn, snackbar, tokenFor } from './helpers';

type Config = Record<string, unknown>;

/** Acme's settings as the demo has them, read first and put back after: the specs share one database. */
const acmeConfig = async (request: APIRequestContext, token: string): Promise<Config> => {
  const { data } = (await (
    await request.post('/api/get-profile', { headers: { authorization: `Bearer ${token}` }, data: {} })
  ).json()) as { data: Config };
  return data;
};
const restore = async (request: APIRequestContext, token: string, saved: Config) => {
  const settings: Config[] = [
    { defaultPlanFamily: saved.defaultPlanFamily, defaultPlanName: saved.defaultPlanName },
    { defaultWccPlan: saved.defaultWccPlan },
    { signUpEnabled: saved.enableSignUp },
    { trialEnabled: saved.enableTrial },
    { trialAmount: saved.trialAmount },
    { freeWccCredit: saved.freeWccCredit },
    { onboardingMethod: saved.onboardingMethod },
    { agentSize: saved.agentSize },
  ];
  for (const data of settings)
    await request.patch('/api/update-partner-config', { headers: { authorization: `Bearer ${token}` }, data });
};

test('the owner sets defaults, trial and limits, and the create dialog preselects the defaults', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const token = await tokenFor(request, demo.owner);
  const saved = await acmeConfig(request, token);
  try {
    await signIn(page, request, demo.owner, '/manage/config');
    await expect(page.getByRole('heading', { name: 'Configure Plan Family' })).toBeVisible();
    await shoot(page, 'manage-config', [1440, 390]);
    await page.setViewportSize({ width: 1440, height: 900 });

    // A default family brings its default plan; the create dialog preselects both.
    await page.getByRole('combobox', { name: 'Default Plan Family' }).click();
    await page.getByRole('option', { name: 'Acme Premium' }).click();
    await expect(snackbar(page, 'Configuration updated')).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Default Plan', exact: true })).toHaveText('Basic Monthly');
    await page.getByRole('combobox', { name: 'Default Plan', exact: true }).click();
    await page.getByRole('option', { name: 'Pro Monthly' }).click();
    await expect(page.getByRole('combobox', { name: 'Default Plan', exact: true })).toHaveText('Pro Monthly');

    // The trial switch flips once the server agrees; the amount's Update waits for a change.
    const trial = page.getByRole('switch', { name: 'Trial' });
    const wasOn = await trial.isChecked();
    await trial.click();
    await expect(trial).toBeChecked({ checked: !wasOn });
    const amount = page.getByLabel('Trial Amount (INR)');
    const update = page.getByRole('region', { name: 'Sign-up and trial' }).getByRole('button', { name: 'Update' });
    await expect(update).toBeDisabled();
    await amount.fill('-5');
    await expect(update).toBeDisabled();
    await amount.fill('250');
    await update.click();
    await expect(amount).toHaveValue('250');

    await page.goto('/businesses');
    await page.getByRole('button', { name: 'Create New Business' }).click();
    const wizard = page.getByRole('dialog', { name: 'Create New Business' });
    await wizard.getByLabel('Display Name').fill('Preselect Check');
    await wizard.getByLabel('Email').fill('preselect@e2e.example');
    await wizard.getByLabel('Mobile Number').fill('9876543210');
    await wizard.getByLabel('Company Name').fill('Preselect Co');
    await wizard.getByRole('combobox', { name: 'Industry' }).click();
    await page.getByRole('option', { name: 'Restaurant', exact: true }).click();
    await wizard.getByRole('combobox', { name: 'Company Size' }).click();
    await page.getByRole('option', { name: '1 - 10' }).click();
    await wizard.getByRole('button', { name: 'Next' }).click();
    await expect(wizard.getByRole('combobox', { name: 'Plan Family', exact: true })).toHaveText('Acme Premium');
    await expect(wizard.getByRole('combobox', { name: 'Plan', exact: true })).toHaveText('Pro Monthly');
    await wizard.getByRole('button', { name: 'Cancel' }).click();

    // Onboarding: one method, submitted.
    await page.goto('/manage/onboarding');
    await page.getByRole('radio', { name: 'WhatsApp API application form' }).check();
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(snackbar(page, 'Configuration updated')).toBeVisible();

    // Agent limit: 1 to 100, with the spec's words.
    await page.goto('/manage/agents');
    const limit = page.getByLabel('Agent limit');
    await limit.fill('0');
    await expect(page.getByText('Agents limit should be greater than 1 and less than 100')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Update' })).toBeDisabled();
    await limit.fill('12');
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(snackbar(page, 'Configuration updated')).toBeVisible();
    expect((await acmeConfig(request, token)).agentSize).toBe(12);
  } finally {
    await restore(request, token, saved);
  }
});

test('a role without manage write sees the settings it cannot change disabled', async ({ page, request }) => {
  await signIn(page, request, demo.agent, '/manage/config');
  const heading = page.getByRole('heading', { name: 'Configure Plan Family' });
  const denied = page.getByText("Looks like you don't have the necessary permissions to view this page");
  await expect(heading.or(denied)).toBeVisible();
  if (await heading.isVisible()) {
    await expect(page.getByRole('switch', { name: 'Trial' })).toBeDisabled();
    await expect(page.getByRole('combobox', { name: 'Default Plan Family' })).toHaveAttribute('aria-disabled', 'true');
  }
});

test('colours typed without # get one, and the console takes them at once', async ({ page, request }) => {
  const token = await tokenFor(request, demo.owner);
  try {
    await signIn(page, request, demo.owner, '/manage/profiles');
    const primary = page.getByLabel('Primary');
    await primary.fill('7b1fa2');
    await expect(primary).toHaveValue('#7b1fa2');
    await page.getByLabel('Background').fill('#fdf7ff');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(snackbar(page, 'Profile colors updated')).toBeVisible();
    // The active navigation entry is drawn in the primary colour.
    await expect(page.getByRole('link', { name: 'Manage' }).first()).toHaveCSS('background-color', 'rgb(123, 31, 162)');
    await shoot(page, 'manage-profiles', [1440, 390]);
  } finally {
    // Back to the console's own colours (the demo's Acme has none of its own).
    await request.post('/api/update-profile-color', {
      headers: { authorization: `Bearer ${token}` },
      data: { colorObj: { primary: '#0b6e4f', background: '#f4f6f8' } },
    });
  }
});

test('billing details: the dialog holds the rules and saves what the server cleaned', async ({ page, request }) => {
  const token = await tokenFor(request, demo.owner);
  const saved = (await acmeConfig(request, token)).billingAddress;
  try {
    await signIn(page, request, demo.owner, '/manage/onboarding');
    await expect(page.getByTestId('billing-address')).toContainText('Bengaluru 560001, Karnataka, India');
    await page.getByRole('button', { name: 'Edit billing details' }).click();
    const dialog = page.getByRole('dialog', { name: 'Billing details' });
    await expect(dialog.getByLabel('Country')).toBeDisabled();
    await dialog.getByLabel('Zip').fill('56a01');
    await expect(dialog.getByLabel('Zip')).toHaveValue('5601');
    await expect(dialog.getByText('Please enter a valid postal code!')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
    await dialog.getByLabel('Zip').fill('560038');
    await dialog.getByLabel('GSTIN').fill('29abcde-1234f1z5');
    await expect(dialog.getByLabel('GSTIN')).toHaveValue('29ABCDE1234F1Z5');
    await dialog.getByLabel('City').fill('');
    await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
    await dialog.getByLabel('City').fill('Bangalore');
    await shoot(page, 'billing-details', [1440, 390]);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(snackbar(page, 'Billing details updated')).toBeVisible();
    await expect(page.getByTestId('billing-address')).toContainText('Bangalore 560038');
  } finally {
    await request.post('/api/update-partner-billing-details', {
      headers: { authorization: `Bearer ${token}` },
      data: { billingAddress: saved },
    });
  }
});

test('the defaults new projects start with: About edited through its dialog', async ({ page, request }) => {
  const token = await tokenFor(request, demo.owner);
  const saved = (await acmeConfig(request, token)).whatsAppAbout as string;
  try {
    await signIn(page, request, demo.owner, '/manage/defaults');
    await expect(page.getByText(saved)).toBeVisible();
    await page.getByRole('button', { name: 'Edit About' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('About').fill('New projects say hello');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(snackbar(page, 'Updated successfully')).toBeVisible();
    await expect(page.getByText('New projects say hello')).toBeVisible();
    await shoot(page, 'manage-defaults', [1440, 390]);
  } finally {
    await request.post('/api/set-default-configs', {
      headers: { authorization: `Bearer ${token}` },
      data: { whatsAppAbout: saved },
    });
  }
});

test("the Free WCC credit is set on Configure Plan Family, and a new customer's project starts with it", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const token = await tokenFor(request, demo.owner);
  const headers = { authorization: `Bearer ${token}` };
  const saved = await acmeConfig(request, token);
  // The demo gives Acme's new customers ₹50.00.
  expect(saved.freeWccCredit).toBe(50 * 100000);
  let made: { business: { id: string }; project: { _id: string } } | undefined;
  try {
    await signIn(page, request, demo.owner, '/manage/config');
    const section = page.getByRole('region', { name: 'Free WCC credit' });
    const field = section.getByLabel('Free WCC Credit (INR)');
    const update = section.getByRole('button', { name: 'Update' });
    await expect(field).toHaveValue('50');
    await expect(section.getByText("Each new customer's project starts with ₹50.00 of WCC credit.")).toBeVisible();
    await expect(update).toBeDisabled();
    await field.fill('-1');
    await expect(update).toBeDisabled();
    await field.fill('12.5');
    await update.click();
    await expect(snackbar(page, 'Configuration updated')).toBeVisible();
    await expect(section.getByText("Each new customer's project starts with ₹12.50 of WCC credit.")).toBeVisible();
    expect((await acmeConfig(request, token)).freeWccCredit).toBe(1_250_000);
    await shoot(page, 'manage-config-free-wcc', [1440, 390]);

    // A new customer (Create Business with its project): its WCC credit is the ₹12.50, from the central balance.
    const family = (
      (await (await request.get('/api/get-partner-plan-families', { headers })).json()) as {
        planFamily: { _id: string }[];
      }
    ).planFamily[0]!;
    const stamp = Date.now();
    const res = await request.post('/partner/:partnerId/business/create', {
      headers,
      data: {
        email: `free-wcc-${stamp}@e2e.example`,
        display_name: `Free Credit Cafe ${stamp}`,
        company: 'Free Credit Cafe',
        contact: '919876543210',
        companySize: '1 - 10',
        industry: 'Restaurant',
        newFamilyId: family._id,
        newPlanId: 'FREE_FOREVER',
      },
    });
    expect(res.ok(), await res.text()).toBe(true);
    made = (await res.json()) as typeof made;
    await page.goto(`/assistants/${made!.project._id}?tab=plan-setup`);
    await expect(page.getByTestId('credit-wcc')).toHaveText('₹12.50');
  } finally {
    // Put back: the credit into the central balance, the customer deleted, the setting as it was.
    if (made) {
      await request.patch(`/partner/:partnerId/project/${made.project._id}/billing/wcc`, {
        headers,
        data: { amount: 1_250_000, action: 'SUBTRACT' },
      });
      await request.post(`/api/delete-business/${made.business.id}`, { headers, data: {} });
    }
    await restore(request, token, saved);
  }
});
