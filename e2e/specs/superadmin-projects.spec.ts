import { expect, test, type Page } from '@playwright/test';
import { demo, signIn, signInWithForm, snackbar, tokenFor } from './helpers';

/**
 * The super-admin's project list and project screen (doc 2 section 2.2). Cedar Tracking (Acme's
 * suspended PRO_MONTHLY project) is read by no other spec: its status is put back, and the credit
 * added to it is taken back by the partner afterwards, so Acme's balance ends as it began. Kite
 * Campaign 08 (BASIC_MONTHLY, read by no other spec) is renewed and its renewal date moves on; its price
 * is paid by a correction's top-up, the rest of which is taken back, so Acme's balance ends as it began.
 */
const PROJECT = 'Cedar Tracking';

const openProject = async (page: Page, name: string) => {
  await page.getByRole('textbox', { name: 'Search by project name or WhatsApp number' }).fill(name);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/[?&]q=/);
  // The project's own row: its name is the first cell (another project's client may bear the name).
  const row = page
    .getByTestId('superadmin-project-row')
    .filter({ has: page.locator('td:first-child', { hasText: new RegExp(`^${name}$`) }) });
  await expect(row).toHaveCount(1);
  await row.getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
};

const rupees = (text: string) => Number(text.replace(/[^\d.]/g, ''));

test('the super-admin finds a project, changes its status and back, and adds template credit', async ({
  page,
  request,
}) => {
  await signInWithForm(page, demo.admin);
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Projects' }).click();
  await expect(page).toHaveURL(/\/assistants$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
  // Every partner's projects.
  await expect(page.getByTestId('superadmin-project-row').first()).toBeVisible();

  // An archived project does not open.
  await page.getByRole('textbox', { name: 'Search by project name or WhatsApp number' }).fill('Old Market');
  await page.keyboard.press('Enter');
  const archived = page.getByTestId('superadmin-project-row').filter({ hasText: 'Old Market' });
  await expect(archived).toHaveAttribute('aria-disabled', 'true');
  await archived.hover();
  await expect(page.getByRole('tooltip', { name: 'Project is archived' })).toBeVisible();
  await expect(archived.getByRole('link')).toHaveCount(0);

  await openProject(page, PROJECT);
  await expect(page).toHaveURL(/\/assistants\/[^/]+$/);
  await expect(page.getByRole('link', { name: 'Acme Messaging' })).toHaveAttribute('href', /\/partner-accounts\//);
  await expect(page.getByTestId('pricing-v3-notes')).toContainText('Max agents 5');
  await expect(page.getByTestId('pricing-v3-notes')).toContainText('Template message price ₹0.35');

  // Status: suspended to active, and back.
  const statusCard = page.getByRole('region', { name: 'Project status' });
  const setStatus = async (status: string) => {
    await statusCard.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: status, exact: true }).click();
    await statusCard.getByRole('button', { name: 'Update status' }).click();
    await expect(snackbar(page, 'Successfully Updated').first()).toBeVisible();
    await expect(page.getByTestId('staff-project-status')).toHaveText(status);
  };
  await expect(page.getByTestId('staff-project-status')).toHaveText('suspended');
  await setStatus('active');
  await setStatus('suspended');

  // Template credit: one rupee from Acme's central balance, shown at once.
  const credit = page.getByTestId('staff-template-credit');
  const central = page.getByTestId('staff-central-balance');
  const [creditBefore, centralBefore] = [rupees(await credit.innerText()), rupees(await central.innerText())];
  const creditCard = page.getByRole('region', { name: 'Template credit' });
  await creditCard.getByRole('textbox', { name: 'Amount to add' }).fill('1.5');
  await creditCard.getByRole('button', { name: 'Add credit' }).click();
  await expect(creditCard.getByText('Invalid amount')).toBeVisible();
  await creditCard.getByRole('textbox', { name: 'Amount to add' }).fill('1');
  await creditCard.getByRole('button', { name: 'Add credit' }).click();
  await expect(snackbar(page, 'Successfully updated Wcc')).toBeVisible();
  await expect.poll(async () => rupees(await credit.innerText())).toBeCloseTo(creditBefore + 1, 2);
  await expect.poll(async () => rupees(await central.innerText())).toBeCloseTo(centralBefore - 1, 2);

  // The credits still agree with the billing logs.
  const cacheCard = page.getByRole('region', { name: 'Cached project' });
  await cacheCard.getByRole('button', { name: 'Reload credits from cache' }).click();
  await expect(snackbar(page, 'The credits agree with the billing logs.')).toBeVisible();
  await expect(cacheCard.getByTestId('cache-result')).toContainText('Template credit');

  // The partner takes the rupee back (its own WCC SUBTRACT): Acme's balance is as it was.
  const projectId = page.url().split('/').pop()!;
  const owner = await tokenFor(request, demo.owner);
  const back = await request.patch(`/partner/:partnerId/project/${projectId}/billing/wcc`, {
    headers: { Authorization: `Bearer ${owner}` },
    data: { amount: 100000, action: 'SUBTRACT' },
  });
  expect(back.ok()).toBe(true);
  await page.reload();
  await expect.poll(async () => rupees(await central.innerText())).toBeCloseTo(centralBefore, 2);
});

test('the super-admin renews a monthly v3 plan, and a yearly one cannot be renewed there', async ({
  page,
  request,
}) => {
  await signIn(page, request, demo.admin, '/assistants');
  await openProject(page, 'Metro Clinics');
  const yearly = page.getByRole('button', { name: 'Renew plan' });
  await expect(yearly).toBeDisabled();
  await yearly.locator('..').hover();
  await expect(page.getByRole('tooltip', { name: 'Yearly v3 plans cannot be renewed here.' })).toBeVisible();

  // Acme's balance is whatever the specs before left it: a correction tops it up first, and one after
  // takes back the top-up less the renewal's price (the corrections pay for it), so Acme ends as it began.
  const admin = await tokenFor(request, demo.admin);
  const headers = { authorization: `Bearer ${admin}` };
  const acme = async () => {
    const res = await request.get('/superadmin/partners?search=Acme%20Messaging', { headers });
    const { partners } = (await res.json()) as { partners: { id: string; centralBalance: number }[] };
    return partners[0]!;
  };
  const correct = async (action: 'ADD' | 'SUBTRACT', amount: number) => {
    const { id } = await acme();
    const res = await request.post(`/superadmin/partners/${id}/correction`, {
      headers,
      data: { action, amount, reason: `Renewal spec ${action === 'ADD' ? 'top-up' : 'top-up back'}` },
    });
    expect(res.ok(), await res.text()).toBe(true);
  };
  const TOP_UP = 100_000 * 100_000;
  const balanceBefore = (await acme()).centralBalance;
  await correct('ADD', TOP_UP);

  await page.goto('/assistants');
  await openProject(page, 'Kite Campaign 08');
  const renewal = page.getByTestId('staff-plan-renewal');
  const before = await renewal.innerText();
  await page.getByRole('button', { name: 'Renew plan' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Renew plan' }).click();
  await expect(snackbar(page, 'Plan renewed')).toBeVisible();
  await expect(renewal).not.toHaveText(before);

  const charged = balanceBefore + TOP_UP - (await acme()).centralBalance;
  expect(charged).toBeGreaterThan(0);
  await correct('SUBTRACT', TOP_UP - charged);
  expect((await acme()).centralBalance).toBe(balanceBefore);
});
