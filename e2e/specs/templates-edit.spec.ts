import { expect, test, type APIRequestContext } from '@playwright/test';
import { demo, projectIdOf, shoot, shootDialog, signIn, snackbar, tokenFor, unique, watchConsole } from './helpers';

/*
 * Editing a template with Meta (PUT /project/{projectId}/wa_template/{templateId}): an approved
 * template's footer changed from its detail page, then a second edit the same day refused with
 * Meta's 24-hour limit, shown in the dialog. The template is made here, on Pixel Foods (a live
 * project no other spec reads templates of or syncs), under a unique name, and the sandbox Meta
 * approves it 1.5 s after it is submitted.
 */

const templatesOf = (projectId: string) => `/projects/${projectId}/manage/template-message`;

/** A utility template submitted as the dialog would send it; answers its id. */
const submitTemplate = async (request: APIRequestContext, projectId: string, name: string) => {
  const token = await tokenFor(request, demo.owner);
  const text = 'Hello {{1}}, your order has shipped today and will reach you within two days.';
  const res = await request.post(`/project/${projectId}/wa_template`, {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      label: name,
      category: 'UTILITY',
      type: 'TEXT',
      language: 'en_US',
      name,
      text,
      sample_text: text.replace('{{1}}', 'Asha'),
      templateParams: ['Asha'],
      headerText: 'Order update',
      footerText: 'Pixel Foods',
      message_action_type: 'None',
      call_to_action: [],
      quick_replies: [],
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { id: string }).id;
};

test('an approved template’s footer edited from its detail, and a second edit the same day refused', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  // Chromium logs the edit's 400 the test asks for: set apart, counted.
  const { errors, provoked: refusals } = watchConsole(
    page,
    (m) => /status of 400/.test(m.text()) && /\/wa_template\//.test(m.location().url),
  );
  const projectId = await projectIdOf(request, demo.owner, 'Pixel Foods');
  const name = `order_note_${unique()}`;
  const id = await submitTemplate(request, projectId, name);
  await signIn(page, request, demo.owner, `${templatesOf(projectId)}/${id}`);

  // The sandbox approves it; the detail then offers Edit (a pending template has none).
  const status = page.getByRole('region', { name: 'Template Details' }).getByTestId('template-status');
  await expect
    .poll(
      async () => {
        await page.reload();
        return status.textContent();
      },
      { timeout: 20_000, intervals: [1000] },
    )
    .toMatch(/APPROVED/);
  const footer = page.getByRole('region', { name: 'Preview' }).getByTestId('bubble-footer');
  await expect(footer).toHaveText('Pixel Foods');
  await shoot(page, 'template-edit-detail', [1440, 390]);

  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Template' });
  await expect(dialog).toBeVisible();
  // Loaded as it was sent; Meta keeps the name and language, and an approved template's category.
  await expect(dialog.getByLabel('Template Name')).toHaveValue(name);
  await expect(dialog.getByLabel('Template Name')).toBeDisabled();
  await expect(dialog.getByText('Meta keeps a template’s name: it cannot be changed')).toBeVisible();
  await expect(dialog.getByLabel('Language', { exact: true })).toHaveValue('English (US) (en_US)');
  await expect(dialog.getByLabel('Language', { exact: true })).toBeDisabled();
  await expect(dialog.getByLabel('Category', { exact: true })).toHaveAttribute('aria-disabled', 'true');
  await expect(dialog.getByText('Meta does not let an approved template change its category')).toBeVisible();
  await expect(dialog.getByTestId('edit-note')).toHaveText(
    'Meta allows an approved template to be edited once in 24 hours and 10 times in 30 days.',
  );
  await expect(dialog.getByLabel('Header Text')).toHaveValue('Order update');
  await expect(dialog.getByLabel('Sample value {{1}}')).toHaveValue('Asha');
  await expect(dialog.getByRole('button', { name: 'Save to Draft' })).toHaveCount(0);

  await dialog.getByLabel('Footer Text').fill('Pixel Foods, Bengaluru');
  await expect(dialog.getByRole('figure', { name: 'Live preview' }).getByTestId('bubble-footer')).toHaveText(
    'Pixel Foods, Bengaluru',
  );
  await shootDialog(page, dialog, 'template-edit');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(snackbar(page, 'Template changes sent to Meta')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(footer).toHaveText('Pixel Foods, Bengaluru');
  await expect(page.getByRole('region', { name: 'Template Details' })).toContainText('Pixel Foods, Bengaluru');
  await expect(status).toHaveText(/APPROVED/);

  // Again the same day, from the list's row: Meta's limit, said in the dialog with when it ends.
  await page.goto(templatesOf(projectId));
  const row = page.getByTestId('template-row').filter({ hasText: name });
  await row.getByRole('button', { name: `Edit ${name}` }).click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Footer Text')).toHaveValue('Pixel Foods, Bengaluru');
  await dialog.getByLabel('Footer Text').fill('Pixel Foods, Mumbai');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  const refusal = dialog.getByTestId('template-refusal');
  await expect(refusal).toContainText(
    /^Meta lets an approved template be edited once in 24 hours and 10 times in 30 days: it can be edited again from .+\.$/,
  );
  await expect(dialog).toBeVisible();
  await shootDialog(page, dialog, 'template-edit-refused');

  // Cancel asks before the changes go; the template stays as the first edit left it.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  const confirm = page.getByRole('dialog', { name: 'Discard your changes?' });
  await expect(confirm.getByRole('button', { name: 'Save to Draft' })).toHaveCount(0);
  await confirm.getByRole('button', { name: 'Discard changes' }).click();
  await expect(dialog).toBeHidden();
  await row.getByText(name).click();
  await expect(page.getByRole('region', { name: 'Preview' }).getByTestId('bubble-footer')).toHaveText(
    'Pixel Foods, Bengaluru',
  );
  expect(errors).toEqual([]);
  expect(refusals).toHaveLength(1);
});
