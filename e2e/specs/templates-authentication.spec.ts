import { expect, test, type Page } from '@playwright/test';
import { demo, projectIdOf, shoot, shootDialog, signIn, snackbar, unique, watchConsole } from './helpers';

/*
 * Authentication templates (docs/research/meta-templates.md section 2): Meta writes their text, the
 * dialog takes the choices (security sentence, expiry, the one-time password button and, for
 * one-tap and zero-tap, the Android apps). Created on Pixel Foods, a live project no other spec
 * reads templates of or syncs (a sync holds Create for five minutes), under unique names.
 */

const templatesOf = (projectId: string) => `/projects/${projectId}/manage/template-message`;
const row = (page: Page, name: string) => page.getByTestId('template-row').filter({ hasText: name });

const openAuthentication = async (page: Page, name: string) => {
  await page.getByRole('button', { name: 'Create New Template' }).click();
  const dialog = page.getByTestId('create-template-dialog');
  await expect(dialog.getByRole('heading', { name: 'Create Template' })).toBeVisible();
  await dialog.getByLabel('Category', { exact: true }).click();
  await page.getByRole('option', { name: 'AUTHENTICATION', exact: true }).click();
  await dialog.getByLabel('Language', { exact: true }).fill('English (US)');
  await page.getByRole('option', { name: 'English (US) (en_US)' }).click();
  await dialog.getByLabel('Template Name').fill(name);
  return dialog;
};

test('an authentication template with a copy code button: Meta’s text in the preview, the list and the detail', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const { errors } = watchConsole(page);
  const projectId = await projectIdOf(request, demo.owner, 'Pixel Foods');
  await signIn(page, request, demo.owner, templatesOf(projectId));
  const name = `login_code_${unique()}`;
  const dialog = await openAuthentication(page, name);

  // Text only, and no text to write: the choices stand in for the header, body, footer and buttons.
  await expect(dialog.getByLabel('Type', { exact: true })).toHaveAttribute('aria-disabled', 'true');
  await expect(dialog.getByText('Text only: Meta writes authentication messages')).toBeVisible();
  await expect(dialog.getByLabel('Format', { exact: true })).toHaveCount(0);
  await expect(dialog.getByRole('radio', { name: 'Copy code' })).toBeChecked();
  await dialog.getByLabel('Add security recommendation').check();
  await dialog.getByLabel('Code expires in (minutes)').fill('10');

  const live = dialog.getByRole('figure', { name: 'Live preview' });
  await expect(live.getByTestId('bubble-body')).toHaveText(
    '123456 is your verification code. For your security, do not share this code.',
  );
  await expect(live.locator('strong')).toHaveText('123456');
  await expect(live.getByTestId('bubble-footer')).toHaveText('This code expires in 10 minutes.');
  await expect(live.getByRole('list', { name: 'Template buttons' })).toHaveText('Copy code');
  await expect(dialog.getByLabel('Copy code button text')).toHaveAttribute('placeholder', 'Copy code');

  // Another category and back: what was typed for either kind is still there.
  await dialog.getByLabel('Category', { exact: true }).click();
  await page.getByRole('option', { name: 'UTILITY', exact: true }).click();
  await dialog.getByLabel('Format', { exact: true }).fill('Your table is ready.');
  await dialog.getByLabel('Category', { exact: true }).click();
  await page.getByRole('option', { name: 'AUTHENTICATION', exact: true }).click();
  await expect(dialog.getByLabel('Code expires in (minutes)')).toHaveValue('10');
  await expect(dialog.getByLabel('Add security recommendation')).toBeChecked();
  await dialog.getByLabel('Category', { exact: true }).click();
  await page.getByRole('option', { name: 'UTILITY', exact: true }).click();
  await expect(dialog.getByLabel('Format', { exact: true })).toHaveValue('Your table is ready.');
  await dialog.getByLabel('Category', { exact: true }).click();
  await page.getByRole('option', { name: 'AUTHENTICATION', exact: true }).click();

  // A language Meta published no text in: the preview says it shows the English.
  await dialog.getByLabel('Language', { exact: true }).fill('Hindi');
  await page.getByRole('option', { name: 'Hindi (hi)' }).click();
  await expect(live.getByTestId('bubble-note')).toContainText('Meta writes this message in Hindi');
  await dialog.getByLabel('Language', { exact: true }).fill('English (US)');
  await page.getByRole('option', { name: 'English (US) (en_US)' }).click();
  await expect(live.getByTestId('bubble-note')).toHaveCount(0);
  await shootDialog(page, dialog, 'template-auth-copy-code');

  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(snackbar(page, 'Template successfully submitted for approval !')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row(page, name).getByTestId('template-status')).toHaveText(/PENDING|APPROVED/);

  // The detail: Meta's text, the button's kind and the expiry.
  await row(page, name).getByText(name).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Template Details' })).toBeVisible();
  const details = page.getByRole('region', { name: 'Template Details' });
  for (const text of [
    'AUTHENTICATION',
    '*{{1}}* is your verification code. For your security, do not share this code.',
    'This code expires in 10 minutes.',
    'Copy code',
    '10 minutes',
  ])
    await expect(details).toContainText(text);
  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview.getByTestId('bubble-body')).toHaveText(
    '123456 is your verification code. For your security, do not share this code.',
  );
  await expect(preview.getByRole('list', { name: 'Template buttons' })).toHaveText('Copy code');
  expect(errors).toEqual([]);
});

test('one-tap and zero-tap: the Android apps, Meta’s zero-tap terms, and a bad signature hash refused before submitting', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const { errors } = watchConsole(page);
  const projectId = await projectIdOf(request, demo.owner, 'Pixel Foods');
  await signIn(page, request, demo.owner, templatesOf(projectId));
  const name = `autofill_code_${unique()}`;
  const dialog = await openAuthentication(page, name);
  const live = dialog.getByRole('figure', { name: 'Live preview' });

  // Zero-tap: two apps and the terms; the preview shows the Autofill button it falls back to.
  await dialog.getByRole('radio', { name: 'Zero-tap' }).check();
  await dialog.getByLabel('App 1 package name').fill('com.example.luckyshrub');
  await dialog.getByLabel('App 1 signature hash').fill('K8a/AINcGX7');
  await dialog.getByRole('button', { name: 'Add app' }).click();
  await dialog.getByLabel('App 2 package name').fill('com.example.luckyshrub.beta');
  await dialog.getByLabel('App 2 signature hash').fill('Zx9+AbCdEf=');
  await dialog.getByLabel('Code expires in (minutes)').fill('5');
  await dialog.getByRole('checkbox', { name: /zero-tap authentication is subject to the WhatsApp Business/ }).check();
  await expect(live.getByRole('list', { name: 'Template buttons' })).toHaveText('Autofill');
  await shootDialog(page, dialog, 'template-auth-zero-tap');

  // One-tap with a signature hash that is not 11 characters: refused at the apps, nothing sent.
  await dialog.getByRole('radio', { name: 'One-tap autofill' }).check();
  await dialog.getByRole('button', { name: 'Remove app 2' }).click();
  await dialog.getByLabel('App 1 signature hash').fill('K8a/AINc');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  const refusal = 'A signature hash is exactly 11 characters: letters, digits, +, / or =';
  await expect(dialog.getByText(refusal)).toBeVisible();
  await expect(dialog.getByLabel('App 1 signature hash')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByLabel('App 1 package name')).not.toHaveAttribute('aria-invalid', 'true');
  await expect(snackbar(page, 'Template successfully submitted for approval !')).toHaveCount(0);
  await shootDialog(page, dialog, 'template-auth-bad-hash');

  // Put right, the refusal goes and the template is submitted.
  await dialog.getByLabel('App 1 signature hash').fill('K8a/AINcGX7');
  await expect(dialog.getByText(refusal)).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(snackbar(page, 'Template successfully submitted for approval !')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row(page, name).getByTestId('template-status')).toHaveText(/PENDING|APPROVED/);

  await row(page, name).getByText(name).click();
  const details = page.getByRole('region', { name: 'Template Details' });
  for (const text of ['One-tap autofill', '5 minutes', 'com.example.luckyshrub (signature hash K8a/AINcGX7)'])
    await expect(details).toContainText(text);
  await expect(details).not.toContainText('com.example.luckyshrub.beta');
  await shoot(page, 'template-auth-detail', [1440, 390]);
  await expect(
    page.getByRole('region', { name: 'Preview' }).getByRole('list', { name: 'Template buttons' }),
  ).toHaveText('Autofill');
  expect(errors).toEqual([]);
});
