import { expect, test, type Locator, type Page } from '@playwright/test';
import { demo, projectIdOf, shoot, signIn, snackbar, unique } from './helpers';

/*
 * Message templates (doc 2 section 2.3): created on Metro Clinics, a project no other spec reads
 * templates of, under unique names. The e2e server's sandbox Meta reviews a template 1.5 s after it
 * is submitted (playwright.config.ts) and posts its signed webhook to the server itself.
 */

const templatesOf = (projectId: string) => `/projects/${projectId}/manage/template-message`;

const openCreate = async (page: Page) => {
  await page.getByRole('button', { name: 'Create New Template' }).click();
  const dialog = page.getByTestId('create-template-dialog');
  await expect(dialog.getByRole('heading', { name: 'Create Template' })).toBeVisible();
  return dialog;
};

const choose = async (page: Page, dialog: Locator, label: string, option: string) => {
  await dialog.getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
};

/** Category, language, name and a body with one variable and its sample. */
const fillBasics = async (page: Page, dialog: Locator, t: { category: string; name: string; text: string }) => {
  await choose(page, dialog, 'Category', t.category);
  await dialog.getByLabel('Language', { exact: true }).fill('English (US)');
  await page.getByRole('option', { name: 'English (US) (en_US)' }).click();
  await dialog.getByLabel('Template Name').fill(t.name);
  await dialog.getByLabel('Format', { exact: true }).fill(t.text);
};

const row = (page: Page, name: string) => page.getByTestId('template-row').filter({ hasText: name });

test('create templates with quick replies and a URL button, see them reviewed, sync, open the detail and preview', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const projectId = await projectIdOf(request, demo.owner, 'Metro Clinics');
  await signIn(page, request, demo.owner, templatesOf(projectId));
  await expect(page.getByRole('heading', { level: 1, name: 'Template Messages : Metro Clinics' })).toBeVisible();
  // A project's screen: the rail shows Projects as where the user is.
  await expect(
    page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Projects' }),
  ).toHaveClass(/\bactive\b/);
  for (const column of ['Project Name', 'Created At', 'Template Name', 'Status', 'Rejected Reason', 'Action'])
    await expect(page.getByRole('columnheader', { name: column })).toBeVisible();

  // Quick replies: typed in capitals, the name is lowercased; the live preview follows the form.
  const replies = `order_ready_${unique()}`;
  let dialog = await openCreate(page);
  await fillBasics(page, dialog, {
    category: 'UTILITY',
    name: replies.toUpperCase(),
    text: 'Hi {{1}}, your *order* is _ready_ for ~delivery~ pickup at the counter today.',
  });
  await expect(dialog.getByLabel('Template Name')).toHaveValue(replies);
  await dialog.getByLabel('Sample value {{1}}').fill('Asha');
  await dialog.getByLabel('Header Text').fill('Order update');
  await dialog.getByLabel('Footer Text').fill('Metro Clinics pharmacy');
  await dialog.getByRole('radio', { name: 'Quick Replies' }).check();
  await dialog.getByLabel('Quick reply 1').fill('On my way');
  await dialog.getByRole('button', { name: 'Add quick reply' }).click();
  await dialog.getByLabel('Quick reply 2').fill('Deliver instead');
  const live = dialog.getByRole('figure', { name: 'Live preview' });
  await expect(live.getByTestId('bubble-body')).toContainText('Hi Asha, your order is ready');
  await expect(live.locator('strong')).toHaveText('order');
  await expect(live.locator('em')).toHaveText('ready');
  await expect(live.locator('s, del').first()).toHaveText('delivery');
  await expect(live.getByRole('list', { name: 'Template buttons' })).toContainText('Deliver instead');
  await shoot(page, 'template-create', [1440, 390]);
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(snackbar(page, 'Template successfully submitted for approval !')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row(page, replies).getByTestId('template-status')).toHaveText(/PENDING/);

  // A URL button with a dynamic link; the link shortener in its sample makes the sandbox reject it.
  const link = `track_parcel_${unique()}`;
  dialog = await openCreate(page);
  await fillBasics(page, dialog, {
    category: 'UTILITY',
    name: link,
    text: 'Hello {{1}}, your parcel has left our store and can be tracked online.',
  });
  await dialog.getByLabel('Sample value {{1}}').fill('Ravi');
  await dialog.getByRole('radio', { name: 'Call To Actions' }).check();
  await dialog.getByLabel('Button 1 title').fill('Track parcel');
  await dialog.getByLabel('Button 1 URL').fill('https://bit.ly/track-{{1}}');
  await dialog.getByLabel('Sample CTA URL').fill('https://bit.ly/track-MC1042');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(snackbar(page, 'Template successfully submitted for approval !').last()).toBeVisible();

  // The sandbox reviews both and posts its webhooks; the list follows, then Sync confirms it.
  const statusOf = (name: string) => row(page, name).getByTestId('template-status').textContent();
  await expect
    .poll(
      async () => {
        await page.reload();
        return `${await statusOf(replies)} ${await statusOf(link)}`;
      },
      { timeout: 20_000, intervals: [1000] },
    )
    .toMatch(/APPROVED.* REJECTED/);
  await expect(row(page, link)).toContainText('INVALID_FORMAT');
  await expect(row(page, replies)).toContainText('Unmarked');
  await page.getByRole('button', { name: 'Sync Templates' }).click();
  await expect(snackbar(page, 'Sync-template successful')).toBeVisible();
  // The five-minute wait: both write controls are held, with why.
  await expect(page.getByRole('button', { name: 'Sync Templates' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Create New Template' })).toBeDisabled();
  await page.getByTestId('sync-cooldown').first().hover();
  await expect(page.getByRole('tooltip', { name: 'Retry again a in few mins' })).toBeVisible();
  await shoot(page, 'templates-list', [1440, 390]);

  // Search on Enter, then the preview from the row's action.
  await page.getByLabel('Search template name').fill(replies);
  await page.getByLabel('Search template name').press('Enter');
  await expect(page.getByTestId('template-row')).toHaveCount(1);
  await page.getByRole('button', { name: `Preview ${replies}` }).click();
  const preview = page.getByRole('dialog', { name: `Preview: ${replies}` });
  await expect(preview.getByTestId('bubble-header')).toHaveText('Order update');
  await expect(preview.getByTestId('bubble-body')).toContainText('Hi Asha, your order is ready');
  await expect(preview.getByTestId('bubble-footer')).toHaveText('Metro Clinics pharmacy');
  await expect(preview.getByRole('list', { name: 'Template buttons' })).toContainText('On my way');
  await shoot(page, 'template-preview', [1440, 390]);
  await preview.getByRole('button', { name: 'Close' }).click();

  // The read-only detail.
  await row(page, replies).getByText(replies).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Template Details' })).toBeVisible();
  const details = page.getByRole('region', { name: 'Template Details' });
  for (const text of [replies, 'APPROVED', 'UTILITY', 'English (US)', 'Order update', 'Metro Clinics pharmacy'])
    await expect(details).toContainText(text);
  await expect(details).toContainText('Hi Asha, your *order* is _ready_');
  await expect(page.getByRole('textbox')).toHaveCount(0);
  await shoot(page, 'template-detail', [1440, 390]);
});

test('the dialog holds a template to the rules in order, with the spec messages, and warns of what Meta refuses', async ({
  page,
  request,
}) => {
  const projectId = await projectIdOf(request, demo.owner, 'Metro Clinics');
  await signIn(page, request, demo.owner, templatesOf(projectId));
  const dialog = await openCreate(page);

  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByText('Select template category')).toBeVisible();

  // Rule 7: square brackets in the body.
  await fillBasics(page, dialog, {
    category: 'MARKETING',
    name: `rules_${unique()}`,
    text: 'Our [new] bakery menu is out this week for every regular customer.',
  });
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByText("'[' or ']' aren't allowed in template format.")).toBeVisible();

  // Rule 11: the same quick reply twice.
  await dialog
    .getByLabel('Format', { exact: true })
    .fill('Our new bakery menu is out this week for every regular customer.');
  await dialog.getByRole('radio', { name: 'Quick Replies' }).check();
  await dialog.getByLabel('Quick reply 1').fill('Show menu');
  await dialog.getByRole('button', { name: 'Add quick reply' }).click();
  await dialog.getByLabel('Quick reply 2').fill('Show menu');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByText('Each Quick Reply button must have unique text.')).toBeVisible();

  // Rule 12: a call to action without a valid URL; switching the action type reset the replies.
  await dialog.getByRole('radio', { name: 'Call To Actions' }).check();
  await expect(dialog.getByLabel('Quick reply 1')).toHaveCount(0);
  await dialog.getByLabel('Button 1 title').fill('See menu');
  await dialog.getByLabel('Button 1 URL').fill('not a link');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByText('Call to action field invalid')).toBeVisible();

  // Lint: a variable at the very end of the body is Meta's 2388299, warned before submitting.
  await dialog.getByLabel('Button 1 URL').fill('https://example.com/menu');
  await dialog.getByLabel('Format', { exact: true }).fill('Our new bakery menu is out this week for you {{1}}');
  await dialog.getByLabel('Sample value {{1}}').fill('Asha');
  await expect(dialog.getByTestId('template-lint')).toContainText('2388299');
  await shoot(page, 'template-rules', [1440, 390]);

  // Nothing was created: Discard Template, then Discard template.
  await dialog.getByRole('button', { name: 'Discard Template' }).click();
  await page
    .getByRole('dialog', { name: 'Discard this template?' })
    .getByRole('button', { name: 'Discard template' })
    .click();
  await expect(dialog).toBeHidden();
});

test('a draft is saved from Discard Template and reopened from its row', async ({ page, request }) => {
  const projectId = await projectIdOf(request, demo.owner, 'Metro Clinics');
  await signIn(page, request, demo.owner, templatesOf(projectId));
  const name = `draft_${unique()}`;
  let dialog = await openCreate(page);
  await choose(page, dialog, 'Category', 'MARKETING');
  await dialog.getByLabel('Template Name').fill(name);
  await dialog.getByLabel('Format', { exact: true }).fill('Half written {{1}} offer');
  await dialog.getByRole('button', { name: 'Discard Template' }).click();
  await page
    .getByRole('dialog', { name: 'Discard this template?' })
    .getByRole('button', { name: 'Save to Draft' })
    .click();
  await expect(snackbar(page, 'Template saved to drafts')).toBeVisible();
  await expect(row(page, name).getByTestId('template-status')).toHaveText(/DRAFT/);

  await row(page, name)
    .getByRole('link', { name: `Edit draft ${name}` })
    .click();
  dialog = page.getByTestId('create-template-dialog');
  await expect(dialog.getByRole('heading', { name: 'Edit Draft Template' })).toBeVisible();
  await expect(dialog.getByLabel('Template Name')).toHaveValue(name);
  await expect(dialog.getByLabel('Format', { exact: true })).toHaveValue('Half written {{1}} offer');
  await expect(dialog.getByLabel('Category', { exact: true })).toContainText('MARKETING');
  // The draft's address is the page's: a reload opens it again.
  await page.reload();
  await expect(page.getByTestId('create-template-dialog').getByLabel('Template Name')).toHaveValue(name);
  await shoot(page, 'template-draft', [1440, 390]);

  // Discarding a reopened draft deletes it.
  dialog = page.getByTestId('create-template-dialog');
  await dialog.getByRole('button', { name: 'Discard Template' }).click();
  await page
    .getByRole('dialog', { name: 'Discard this template?' })
    .getByRole('button', { name: 'Discard template' })
    .click();
  await expect(snackbar(page, 'Draft deleted')).toBeVisible();
  await expect(row(page, name)).toHaveCount(0);
});

test('a read-only member sees templates but cannot create or sync', async ({ page, request }) => {
  const projectId = await projectIdOf(request, demo.owner, 'Metro Clinics');
  await signIn(page, request, demo.agent, templatesOf(projectId));
  await expect(page.getByTestId('template-row').first()).toBeVisible();
  await expect(page.getByTestId('read-only')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create New Template' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Sync Templates' })).toBeDisabled();

  // Reading is open to it: Filter sorts oldest first, Clear Filter puts the newest first back.
  const first = await page.getByTestId('template-row').first().textContent();
  await page.getByRole('button', { name: 'Filter', exact: true }).click();
  await page.getByLabel('Ascending').check();
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/sort=asc/);
  await expect(page.getByTestId('template-row').first()).not.toHaveText(first!);
  await page.getByRole('button', { name: 'Filter', exact: true }).click();
  await page.getByRole('button', { name: 'Clear Filter' }).click();
  await expect(page.getByTestId('template-row').first()).toHaveText(first!);
});

test('a project without a live WhatsApp account says so', async ({ page, request }) => {
  const projectId = await projectIdOf(request, demo.owner, 'Nimbus Travel');
  await signIn(page, request, demo.owner, `/assistants/${projectId}?tab=templates`);
  await expect(page.getByTestId('waba-not-live')).toHaveText('Waba is not live yet!');
});

test('a DIRECT partner: no Project Name column, filter or sync; its templates come from its own API', async ({
  page,
  request,
}) => {
  const projectId = await projectIdOf(request, demo.direct, 'Corner Store');
  await signIn(page, request, demo.direct, templatesOf(projectId));
  await expect(page.getByTestId('template-row').first()).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Template Name' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Project Name' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Filter' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Sync Templates' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Create New Template' })).toBeEnabled();
  await shoot(page, 'templates-direct', [1440, 390]);
});
