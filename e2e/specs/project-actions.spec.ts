import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { demo, shoot, signIn, snackbar, tokenFor } from './helpers';

const projectIdOf = async (request: APIRequestContext, name: string) => {
  const token = await tokenFor(request, demo.owner);
  const res = await request.post('/api/project-lists?sort=dec', {
    headers: { Authorization: `Bearer ${token}` },
    data: { skip: 0, rowsPerPage: 100 },
  });
  const body = (await res.json()) as { projects: { _id: string; assistantName: string }[] };
  return body.projects.find((p) => p.assistantName === name)!._id;
};

const openTab = async (page: Page, tab: string) => {
  await page.getByRole('tab', { name: tab, exact: true }).click();
  await expect(page.getByRole('tab', { name: tab, exact: true })).toHaveAttribute('aria-selected', 'true');
};

const chooseOption = async (page: Page, label: string, option: RegExp) => {
  await page.getByRole('dialog').getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option }).click();
};

test('credits, stop and reactivate, plan switch, add-ons, defaults and delete of a project', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await signIn(page, request, demo.owner);
  const id = await projectIdOf(request, 'Sunrise Bakery');
  await page.goto(`/assistants/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Sunrise Bakery' })).toBeVisible();
  const headerCredit = page.getByTestId('card-credits');
  await expect(headerCredit).toContainText('₹1,500.00');
  await openTab(page, 'Plan Setup');
  await expect(page.getByRole('region', { name: 'Plan', exact: true })).toContainText('Basic Monthly');
  await shoot(page, 'plan-setup', [1440, 390]);

  // A credit: 0 is refused in the dialog; ADD then SUBTRACT move the header credit.
  await page.getByRole('button', { name: 'Update WCC Credit' }).click();
  const credit = page.getByRole('dialog', { name: 'Update WCC Credit' });
  await credit.getByLabel('Amount').fill('0');
  await credit.getByRole('button', { name: 'Submit' }).click();
  await expect(credit.getByText('Invalid amount')).toBeVisible();
  // Greater than 0 but finer than 1/100000: the credit calls' 'Invalid Amount' (doc 3), an alert; nothing is sent.
  await credit.getByLabel('Amount').fill('0.000001');
  await credit.getByRole('button', { name: 'Submit' }).click();
  await expect(snackbar(page, 'Invalid Amount')).toBeVisible();
  await expect(headerCredit).toContainText('₹1,500.00');
  await credit.getByLabel('Amount').fill('100');
  await credit.getByRole('button', { name: 'Submit' }).click();
  await expect(snackbar(page, 'Successfully updated Wcc')).toBeVisible();
  await expect(headerCredit).toContainText('₹1,600.00');
  await page.getByRole('button', { name: 'Update WCC Credit' }).click();
  await credit.getByRole('radio', { name: 'SUBTRACT' }).check();
  await credit.getByLabel('Amount').fill('40.5');
  await credit.getByRole('button', { name: 'Submit' }).click();
  await expect(headerCredit).toContainText('₹1,559.50');
  await expect(page.getByTestId('credit-wcc')).toHaveText('₹1,559.50');
  // Partner credit's own text for an amount that is not greater than 0 (doc 2 section 5.3).
  await page.getByRole('button', { name: /^Update (PWC|Partner WhatsApp) Credit$/ }).click();
  const partnerCredit = page.getByRole('dialog', { name: /^Update (PWC|Partner WhatsApp) Credit$/ });
  await partnerCredit.getByLabel('Amount').fill('-1');
  await partnerCredit.getByRole('button', { name: 'Submit' }).click();
  await expect(partnerCredit.getByText('Enter a valid amount value')).toBeVisible();
  await partnerCredit.getByRole('button', { name: 'Cancel' }).click();
  // Ad credit is ADD only.
  await page.getByRole('button', { name: 'Update Ad Credit' }).click();
  await expect(page.getByRole('dialog', { name: 'Update Ad Credit' }).getByRole('radio')).toHaveCount(1);
  await page.getByRole('dialog', { name: 'Update Ad Credit' }).getByRole('button', { name: 'Cancel' }).click();

  // Switch to the Starter plan (free).
  await page.getByRole('button', { name: 'Switch Plan' }).click();
  await chooseOption(page, 'Plan', /Starter Plan/);
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(snackbar(page, 'Successfully updated plan')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Plan', exact: true })).toContainText('Starter Plan');

  // Stop billing, then reactivate.
  await page.getByRole('button', { name: 'Stop Billing' }).click();
  await page.getByRole('dialog', { name: 'Stop project' }).getByRole('button', { name: 'Stop Billing' }).click();
  await expect(snackbar(page, 'Plan stopped!')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Plan', exact: true })).toContainText('Stopped');
  // Change Status cannot leave a stopped billing (Reactivate charges the plan): it says so and offers
  // only what stays stopped.
  await page.getByRole('button', { name: 'Change Status' }).click();
  const statusDialog = page.getByRole('dialog', { name: 'Change Status' });
  await expect(statusDialog.getByRole('alert')).toHaveText(
    'Billing of this project is stopped. Reactivate it from Plan Setup to make it active again (the plan is charged).',
  );
  await statusDialog.getByRole('combobox', { name: 'Project status' }).click();
  for (const status of ['active', 'pending', 'unpaid'])
    await expect(page.getByRole('option', { name: status, exact: true })).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByRole('option', { name: 'archived', exact: true })).not.toHaveAttribute('aria-disabled');
  await shoot(page, 'change-status-stopped', [1440, 390]);
  await page.keyboard.press('Escape');
  await statusDialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(statusDialog).toBeHidden();
  await page.getByRole('button', { name: 'Reactivate' }).click();
  await chooseOption(page, 'Plan', /Starter Plan/);
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(snackbar(page, 'plan reactivated Successfully')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Stop Billing' })).toBeVisible();
  // Active again: active and pending swap freely, the platform's statuses stay out of reach.
  await page.getByRole('button', { name: 'Change Status' }).click();
  await expect(statusDialog.getByRole('alert')).toHaveCount(0);
  await chooseOption(page, 'Project status', /^pending$/);
  await statusDialog.getByRole('button', { name: 'Save' }).click();
  await expect(snackbar(page, 'Successfully Updated')).toBeVisible();
  await expect(statusDialog).toBeHidden();
  // The dialog opens on the project's status as the server now has it.
  await page.getByRole('button', { name: 'Change Status' }).click();
  await expect(statusDialog.getByRole('combobox', { name: 'Project status' })).toHaveText('pending');
  await statusDialog.getByRole('combobox', { name: 'Project status' }).click();
  await expect(page.getByRole('option', { name: 'suspended', exact: true })).toHaveAttribute('aria-disabled', 'true');
  await page.getByRole('option', { name: 'active', exact: true }).click();
  await statusDialog.getByRole('button', { name: 'Save' }).click();
  await expect(statusDialog).toBeHidden();

  // Add-ons: activate the flow builder with 5 flows, then modify to 15 (the minus never goes below the current count).
  await openTab(page, 'Addons Management');
  const flows = page.getByRole('article', { name: 'Flow Builder' });
  await flows.getByRole('button', { name: 'Activate' }).click();
  const activate = page.getByRole('dialog', { name: 'Activate Flow Builder' });
  await expect(activate.getByRole('button', { name: '-10 flows' })).toBeDisabled();
  // The price is Acme's add-on plan: Tier1 for the first 5 flows, Monthly or Yearly.
  await expect(activate).toContainText('Charged to the central balance: ₹499.00');
  await activate.getByRole('button', { name: 'Yearly' }).click();
  await expect(activate).toContainText('Charged to the central balance: ₹4,990.00');
  await activate.getByRole('button', { name: 'Monthly' }).click();
  await activate.getByRole('button', { name: '+10 flows' }).click();
  await expect(activate).toContainText('Charged to the central balance: ₹1,298.00');
  await activate.getByRole('button', { name: '-10 flows' }).click();
  await activate.getByRole('button', { name: 'Activate' }).click();
  await expect(snackbar(page, 'Addon activated successfully')).toBeVisible();
  await expect(flows).toContainText('Active');
  await flows.getByRole('button', { name: 'Modify' }).click();
  const modify = page.getByRole('dialog', { name: 'Modify Flow Builder' });
  await expect(modify.getByRole('button', { name: '-10 flows' })).toBeDisabled();
  await modify.getByRole('button', { name: '+10 flows' }).click();
  await expect(modify.getByRole('button', { name: '-10 flows' })).toBeEnabled();
  await expect(modify.getByLabel('Flow count')).toHaveText('15');
  await modify.getByRole('button', { name: 'Modify' }).click();
  await expect(snackbar(page, 'Addon updated successfully')).toBeVisible();
  await expect(flows).toContainText('Flow count: 15');
  await shoot(page, 'addons', [1440, 390]);

  // Defaults: the about text.
  await openTab(page, 'Defaults Config');
  await page.getByRole('button', { name: 'Edit About' }).click();
  await page.getByRole('dialog', { name: 'Edit About' }).getByLabel('About').fill('Fresh bread every morning');
  await page.getByRole('dialog', { name: 'Edit About' }).getByRole('button', { name: 'Save' }).click();
  const saved = page.locator('[data-snackbar]').getByText('Updated successfully', { exact: true });
  await expect(saved).toBeVisible();
  await expect(page.getByRole('region', { name: 'Defaults' })).toContainText('Fresh bread every morning');
  // Alerts stay 4 s on the Defaults tab (3 s elsewhere): still there after 3.3 s, gone by 5.
  await page.waitForTimeout(3300);
  await expect(saved).toBeVisible();
  await expect(saved).toBeHidden({ timeout: 2500 });
  await shoot(page, 'defaults', [1440, 390]);

  // Delete: confirmation, then back to the projects list.
  await page.getByRole('button', { name: 'Delete Project' }).click();
  await page.getByRole('dialog', { name: 'Delete project' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/assistants$/);
  await page.goto(`/assistants/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Sunrise Bakery' })).toHaveCount(0);
});

test('a read-only member sees the actions disabled', async ({ page, request }) => {
  await signIn(page, request, demo.agent, `/assistants/${await projectIdOf(request, 'Metro Clinics')}?tab=plan-setup`);
  await expect(page.getByRole('button', { name: 'Switch Plan' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Update WCC Credit' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Delete Project' })).toBeDisabled();
  await openTab(page, 'Defaults Config');
  await expect(page.getByRole('button', { name: 'Edit About' })).toHaveCount(0);
});
