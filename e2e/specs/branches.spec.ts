import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { demo, projectIdOf, signIn, signInWithForm, snackbar, tokenFor, unique } from './helpers';

/**
 * The branches the demo's ordinary days never take, each reached as docs/demo.md tells a visitor
 * to reach it: seeded states (seed/branches.ts, seed/account-events.ts), the sandbox chat widget,
 * and the console's texts for a call that never got an answer. Nothing here changes demo data: the
 * failing calls are cut off before they reach the server.
 */

const noticeWith = (page: Page, text: string) =>
  page.getByRole('region', { name: 'Notices' }).getByRole('alert').filter({ hasText: text });

test('Meta disabled Cedar Dispatch: its page shows the DISABLED card', async ({ page, request }) => {
  const id = await projectIdOf(request, demo.owner, 'Cedar Dispatch');
  await signIn(page, request, demo.owner, `/assistants/${id}`);
  const card = page.getByTestId('card-disabled');
  await expect(card).toContainText('Account Status');
  // Hovered again until the tooltip shows: a hover while the page's cards still move can miss.
  await expect(async () => {
    await card.getByText('DISABLED', { exact: true }).hover();
    await expect(page.getByRole('tooltip', { name: 'This channel is disabled by Meta' })).toBeVisible({
      timeout: 1_000,
    });
  }).toPass();
  // A live project that Meta has not disabled has no such card.
  await page.goto(`/assistants/${await projectIdOf(request, demo.owner, 'Kite Campaign 04')}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Kite Campaign 04' })).toBeVisible();
  await expect(page.getByTestId('card-disabled')).toHaveCount(0);
});

test("Direct Retail's partnership renews today: the renewal-today banner on every page", async ({ page, request }) => {
  await signIn(page, request, demo.direct);
  await expect(noticeWith(page, 'Your partnership renews today.')).toBeVisible();
  await page.goto('/businesses');
  await expect(noticeWith(page, 'Your partnership renews today.')).toBeVisible();
});

test('the sandbox chat widget starts after sign-in, right-aligned, and greets the user', async ({ page }) => {
  // The e2e server names a script of its own (playwright.config.ts); it is given the sandbox widget
  // that `npm start` serves at /sandbox/chat-widget.js.
  const script = fs.readFileSync(new URL('../../apps/server/assets/sandbox/chat-widget.js', import.meta.url), 'utf8');
  await page.route('**/e2e/chat-widget.js', (route) => route.fulfill({ contentType: 'text/javascript', body: script }));
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open support chat' })).toHaveCount(0);

  await signInWithForm(page, demo.owner);
  const launcher = page.getByRole('button', { name: 'Open support chat' });
  await expect(launcher).toBeVisible();
  // Right-aligned with 20 px of padding (doc 1 section 1).
  const box = (await launcher.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(Math.round(viewport.width - (box.x + box.width))).toBe(20);
  expect(Math.round(viewport.height - (box.y + box.height))).toBe(20);

  await launcher.click();
  const chat = page.getByRole('dialog', { name: 'Support chat' });
  await expect(chat).toContainText('Hi Olivia Owner, how can we help you today?');
  await chat.getByRole('textbox', { name: 'Message' }).fill('Where is my invoice?');
  await chat.getByRole('button', { name: 'Send' }).click();
  await expect(chat.getByRole('log')).toContainText('Where is my invoice?');
  await page.getByRole('button', { name: 'Close support chat' }).click();
  await expect(chat).toBeHidden();
});

test("Connect Facebook is held back with doc 3's reasons on projects that cannot use it yet", async ({
  page,
  request,
}) => {
  const tabOf = async (project: string) => `/assistants/${await projectIdOf(request, demo.owner, project)}?tab=meta-ad`;
  const blocked = async (project: string, reason: string) => {
    await page.goto(await tabOf(project));
    await expect(page.getByRole('heading', { level: 1, name: project })).toBeVisible();
    const connect = page.getByRole('button', { name: 'Connect Facebook' });
    await expect(connect).toBeDisabled();
    await page.getByTestId('blocked').filter({ has: connect }).hover();
    await expect(page.getByRole('tooltip', { name: reason })).toBeVisible();
  };
  await signIn(page, request, demo.owner, await tabOf('Vertex Labs'));
  // An API trial whose number is not live yet.
  await blocked('Vertex Labs', 'Get WhatsApp Business API approved first');
  // A project still on the On-Premises API (v2).
  await blocked('Cedar Dispatch', 'Upgrade to new APIs for free to enable this feature');
  // Live on the Cloud API, its onboarding progress never synced to 9 (seed/branches.ts).
  await blocked('Kite Campaign 02', 'WhatsApp Business API Pending, Sync Status');
});

test('a partner without plan families: Create Business waits on a spinner instead of the plan fields', async ({
  page,
  request,
}) => {
  // A partner as the super-admin creates it (Partners, Create Partner) has no plan family yet.
  const id = unique();
  const owner = { userName: `spin${id}`, password: 'Spin@12345' };
  const admin = await tokenFor(request, demo.admin);
  const created = await request.post('/superadmin/partners', {
    headers: { Authorization: `Bearer ${admin}` },
    data: {
      type: 'WHITELABEL',
      currency: 'INR',
      name: `Spinner Partner ${id}`,
      owner: {
        name: 'Sana Spinner',
        email: `${owner.userName}@e2e.example`,
        loginUsername: owner.userName,
        password: owner.password,
      },
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  await signIn(page, request, owner, '/businesses');
  await page.getByRole('button', { name: 'Create New Business' }).click();
  const wizard = page.getByRole('dialog', { name: 'Create New Business' });
  await wizard.getByLabel('Display Name').fill('Spinner Cafe');
  await wizard.getByLabel('Email').fill(`cafe${id}@e2e.example`);
  await wizard.getByLabel('Mobile Number').fill('9876543210');
  await wizard.getByLabel('Company Name').fill('Spinner Cafe');
  // A new partner has the full business form (no simplified-form flag): the website too.
  await wizard.getByLabel('Website').fill('https://spinner.example');
  await wizard.getByRole('combobox', { name: 'Industry' }).click();
  await page.getByRole('option', { name: 'Restaurant', exact: true }).click();
  await wizard.getByRole('combobox', { name: 'Company Size' }).click();
  await page.getByRole('option', { name: '1 - 10' }).click();
  await wizard.getByRole('button', { name: 'Next' }).click();
  await expect(wizard.getByLabel('Project Name')).toHaveValue('Spinner Cafe');
  await expect(wizard.getByRole('progressbar', { name: 'Loading plans' })).toBeVisible();
  await expect(wizard.getByRole('combobox', { name: 'Plan Family', exact: true })).toHaveCount(0);
});

/**
 * Every change the super-admin sends fails as a lost connection would (nothing reaches the server;
 * the support ticket dialog's three texts are met the same way in support-tickets.spec.ts).
 */
const cutOffChanges = (page: Page) =>
  page.route('**/superadmin/**', (route) =>
    route.request().method() === 'GET' ? route.fallback() : route.abort('connectionrefused'),
  );

test("the super-admin's project screen says which change failed when the server cannot be reached", async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const id = await projectIdOf(request, demo.owner, 'Kite Campaign 05');
  await signIn(page, request, demo.admin, `/assistants/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Kite Campaign 05' })).toBeVisible();
  await cutOffChanges(page);
  const region = (name: string) => page.getByRole('region', { name });
  const fails = (text: string) => expect(snackbar(page, text)).toBeVisible();

  await region('Verification').getByRole('switch', { name: 'WhatsApp verified (live)' }).click();
  await fails('Unable to update verified status');
  await region('WhatsApp number').getByRole('textbox', { name: 'WhatsApp number' }).fill('919876500011');
  await region('WhatsApp number').getByRole('button', { name: 'Save number' }).click();
  await fails('Unable to update whatsapp number');
  await region('App name').getByRole('textbox', { name: 'App name' }).fill('kite-five');
  await region('App name').getByRole('button', { name: 'Save app name' }).click();
  await fails('Unable to update whatsapp app name');
  await region('Template credit').getByRole('textbox', { name: 'Amount to add' }).fill('1');
  await region('Template credit').getByRole('button', { name: 'Add credit' }).click();
  await fails('Unable to add template credit');
  await region('API key').getByLabel('New API key').fill('key-for-kite-05');
  await region('API key').getByRole('button', { name: 'Save API key' }).click();
  await fails('Unable to add API Key');
  await region('Project status').getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'suspended', exact: true }).click();
  await region('Project status').getByRole('button', { name: 'Update status' }).click();
  await fails('Unable to update project status');
  await region('Template messages').getByRole('button', { name: 'Sync templates' }).click();
  await fails('Unable update template msg');
  await region('Template messages').getByRole('button', { name: 'Migrate templates' }).click();
  await fails('Unable migrate template msg');
});

test("Acme's configuration pages say which setting failed when the server cannot be reached", async ({
  page,
  request,
}) => {
  await signIn(page, request, demo.owner, '/manage/config');
  // Nothing is saved: the settings stay as the demo has them.
  await page.route('**/api/update-partner-config', (route) => route.abort('connectionrefused'));
  const section = page.getByRole('region', { name: 'Sign-up and trial' });
  const trial = section.getByRole('switch', { name: 'Trial' });
  const wasOn = await trial.isChecked();
  await trial.click();
  await expect(snackbar(page, 'Operation Failed')).toBeVisible();
  // The partner is read again: the switch shows what the server has.
  await expect(trial).toBeChecked({ checked: wasOn });
  await section.getByLabel('Trial Amount (INR)').fill('321');
  await section.getByRole('button', { name: 'Update' }).click();
  await expect(snackbar(page, 'some thing went wrong')).toBeVisible();

  await page.goto('/manage/onboarding');
  await page.getByRole('radio', { name: 'WhatsApp API application form' }).check();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(snackbar(page, 'Onboarding method update failed')).toBeVisible();

  await page.goto('/manage/agents');
  await page.getByLabel('Agent limit').fill('11');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(snackbar(page, 'Agents limit family update failed')).toBeVisible();
});
