import { expect, test } from '@playwright/test';
import { bannerPng } from '../../apps/server/src/seed/templates/sample-png';
import { demo, projectIdOf, shoot, signIn, snackbar, unique } from './helpers';

/*
 * An IMAGE template through the dialog: its sample picture uploaded from the browser (the three
 * calls: upload URL, storage, media details), then submitted; the server hands the sample to the
 * sandbox Meta through its Resumable Upload API and the sandbox reviews it 1.5 s later. Created on
 * Pixel Foods, a live project no other spec reads templates of or syncs, under a unique name.
 */

test('an image template: the sample uploaded in the dialog, submitted, listed and reviewed', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const projectId = await projectIdOf(request, demo.owner, 'Pixel Foods');
  await signIn(page, request, demo.owner, `/projects/${projectId}/manage/template-message`);
  const name = `spring_menu_${unique()}`;

  await page.getByRole('button', { name: 'Create New Template' }).click();
  const dialog = page.getByTestId('create-template-dialog');
  await expect(dialog.getByRole('heading', { name: 'Create Template' })).toBeVisible();
  await dialog.getByLabel('Category', { exact: true }).click();
  await page.getByRole('option', { name: 'MARKETING', exact: true }).click();
  await dialog.getByLabel('Language', { exact: true }).fill('English (US)');
  await page.getByRole('option', { name: 'English (US) (en_US)' }).click();
  await dialog.getByLabel('Template Name').fill(name);
  await dialog.getByLabel('Type', { exact: true }).click();
  await page.getByRole('option', { name: 'Image', exact: true }).click();
  await dialog
    .getByLabel('Format', { exact: true })
    .fill('Our spring menu is here: fresh salads and warm wraps all week at every Pixel Foods counter.');

  // The sample picture, uploaded from the dialog: its public address becomes the sample, the preview shows it.
  await dialog.getByTestId('sample-media-file').setInputFiles({
    name: 'spring-menu.png',
    mimeType: 'image/png',
    buffer: bannerPng(240, 120, [46, 125, 50], [255, 193, 7]),
  });
  await expect(dialog.getByLabel('Sample Media URL')).toHaveValue(/^https?:\/\/.+\/api\/files\/\w+$/);
  const picture = dialog.getByRole('figure', { name: 'Live preview' }).getByRole('img', { name: 'Sample image' });
  await expect(picture).toBeVisible();
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(240);
  await shoot(page, 'template-image', [1440, 390]);

  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(snackbar(page, 'Template successfully submitted for approval !')).toBeVisible();
  await expect(dialog).toBeHidden();
  const status = page.getByTestId('template-row').filter({ hasText: name }).getByTestId('template-status');
  await expect(status).toHaveText(/PENDING|APPROVED/);

  // The sandbox took the uploaded sample's handle and approves the template; the list follows.
  await expect
    .poll(
      async () => {
        await page.reload();
        return status.textContent();
      },
      { timeout: 20_000, intervals: [1000] },
    )
    .toMatch(/APPROVED/);
});
