import { expect, test, type APIRequestContext } from '@playwright/test';
import { demo, shoot, signIn, snackbar, tokenFor } from './helpers';

type Addons = Record<string, { partnerPlans?: unknown }>;

/** Acme's add-ons as the demo has them, read first and put back after: the specs share one database. */
const acmeAddons = async (request: APIRequestContext, token: string): Promise<Addons> => {
  const { data } = (await (
    await request.post('/api/get-profile', { headers: { authorization: `Bearer ${token}` }, data: {} })
  ).json()) as { data: { addons: Addons } };
  return data.addons;
};

test('the owner prices an add-on over the provider and sees the new price; a viewer only looks', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const token = await tokenFor(request, demo.owner);
  const saved = await acmeAddons(request, token);
  try {
    await signIn(page, request, demo.owner, '/manage');
    await page
      .getByRole('link', { name: /Manage Addons|Add-on/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/manage\/manage-addons$/);
    await expect(page.getByRole('heading', { name: 'Add-on Plans' })).toBeVisible();

    // The flow builder per tier; yearly prices shown as their monthly equivalent.
    const flows = page.getByRole('article', { name: 'Flow Builder' });
    await expect(flows.getByRole('row', { name: /Tier1/ })).toContainText('₹499.00');
    await expect(flows.getByRole('row', { name: /Tier1/ })).toContainText('₹415.83 a month');
    await expect(flows.getByRole('row', { name: /Tier1/ })).toContainText('₹4,990.00 a year');
    await expect(flows.getByRole('row', { name: /Tier2/ })).toContainText('₹799.00');
    await shoot(page, 'manage-addons', [1440, 390]);

    // WEBHOOKS: the provider's ₹249.00 plus a margin of ₹100 is ₹349.00; a negative margin is 0.
    const webhooks = page.getByRole('article', { name: 'Webhooks' });
    await expect(webhooks.getByRole('row', { name: /Standard/ })).toContainText('₹299.00');
    await webhooks.getByRole('button', { name: 'Edit Webhooks prices' }).click();
    const dialog = page.getByRole('dialog', { name: 'Webhooks Plan' });
    const margin = dialog.getByLabel('Margin of Monthly (INR)');
    await expect(margin).toHaveValue('50');
    await margin.fill('-3');
    await expect(margin).toHaveValue('0');
    await expect(dialog.getByRole('row', { name: /Monthly \(INR\)/ })).toContainText('₹249.00');
    await margin.fill('100');
    await expect(dialog.getByRole('row', { name: /Monthly \(INR\)/ })).toContainText('₹349.00');
    await shoot(page, 'manage-addons-dialog', [1440, 390]);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(snackbar(page, 'Add-on plan updated successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(webhooks.getByRole('row', { name: /Standard/ })).toContainText('₹349.00');

    // A viewer (manage read only) sees the prices, read-only, with Close.
    await signIn(page, request, demo.agent, '/manage/manage-addons');
    await page.getByRole('button', { name: 'View Webhooks prices' }).click();
    const view = page.getByRole('dialog', { name: 'Webhooks Plan' });
    await expect(view.getByLabel('Margin of Monthly (INR)')).toBeDisabled();
    await expect(view.getByRole('button', { name: 'Save' })).toHaveCount(0);
    await view.getByRole('button', { name: 'Close' }).click();
  } finally {
    for (const [key, addon] of Object.entries(saved))
      if (addon.partnerPlans)
        await request.post('/api/update-addon-plan', {
          headers: { authorization: `Bearer ${token}` },
          data: { key, partnerPlans: addon.partnerPlans },
        });
  }
});
