import { expect, test, type Page } from '@playwright/test';
import { demo, projectIdOf, shoot, signIn, snackbar } from './helpers';

/**
 * The Setup tab's troubleshooting wizard on the demo's stalled projects (seed/onboarding.ts), which
 * no other spec reads: Kite Campaign 07 must verify its number again (133006), Kite Campaign 01's
 * registration fails once (136024).
 */

const openWizard = async (page: Page, request: Parameters<typeof projectIdOf>[0], name: string) => {
  await page.goto(`/assistants/${await projectIdOf(request, demo.owner, name)}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await page.getByRole('button', { name: /Troubleshooting/ }).click();
  return page.getByTestId('troubleshooting-steps');
};

test('re-verify and register a stalled number through the wizard: the message, the OTP, the registration', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await signIn(page, request, demo.owner);
  const steps = await openWizard(page, request, 'Kite Campaign 07');

  // The doctor: Meta's error, what it means, its trace id, the attempts left.
  const doctor = page.getByTestId('onboarding-doctor');
  await expect(doctor).toContainText("Meta's last error: 133006 / 2494081");
  await expect(doctor).toContainText('Meta needs the number verified again');
  await expect(doctor).toContainText('AdemoTrace');
  await expect(page.getByTestId('attempts')).toHaveText('10 of 10 registrations left in 72 hours');
  await expect(steps.locator('[data-step]')).toHaveCount(3);
  await expect(steps).toContainText('Phone number re-verification needed');
  await shoot(page, 'troubleshooting-reverify', [1440, 390]);
  await page.getByRole('button', { name: 'Next' }).click();

  // The code by SMS, seen on the sandbox phone; a wrong one first.
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(snackbar(page, 'OTP sent!')).toBeVisible();
  const phone = page.getByTestId('sandbox-phone');
  await expect(phone).toContainText(/Last code received \(SMS\): \d{6}/);
  const code = /: (\d{6})/.exec((await phone.textContent()) ?? '')![1]!;
  const field = page.getByLabel('6-digit code');
  await field.fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(snackbar(page, 'Could not verify')).toBeVisible();
  await field.fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(snackbar(page, 'Success')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();

  // Registered: the error is gone, an attempt used, the next one in 24 hours.
  await page.getByRole('button', { name: 'Register phone number' }).click();
  await expect(snackbar(page, 'Successfully Registered')).toBeVisible();
  await expect(page.getByTestId('attempts')).toContainText('9 of 10 registrations left in 72 hours');
  await expect(doctor).not.toContainText("Meta's last error");
  await expect(doctor).toContainText('it can be registered again in 24 h');
  await expect(page.getByRole('button', { name: 'Register phone number' })).toBeDisabled();
  await page.getByRole('button', { name: 'Finish' }).click();
});

test('a registration Meta fails once, explained; registered on the second try; the health checks', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await signIn(page, request, demo.owner);
  const steps = await openWizard(page, request, 'Kite Campaign 01');
  await expect(steps.locator('[data-step]')).toHaveText([
    /Register the phone number/,
    /Health check/,
    /Sync channel status/,
  ]);
  // The demo's number had one attempt already (seed): the first here fails, as Meta's 136024 does.
  await page.getByRole('button', { name: 'Register phone number' }).click();
  await expect(snackbar(page, 'Phone Number registeration failed!')).toBeVisible();
  await expect(page.getByTestId('onboarding-doctor')).toContainText('136024 / 2388091');
  await page.getByRole('button', { name: 'Register phone number' }).click();
  await expect(snackbar(page, 'Successfully Registered')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Check number health' }).click();
  await expect(snackbar(page, 'Health check success. Everything is healthy.')).toBeVisible();
  await expect(page.getByTestId('health-Phone number')).toContainText('AVAILABLE');
  await page.getByRole('button', { name: 'Check account health' }).click();
  await expect(page.getByTestId('health-WhatsApp Business Account')).toContainText('AVAILABLE');
  await shoot(page, 'troubleshooting-health', [1440, 390]);
});

test('a read-only member sees no troubleshooting', async ({ page, request }) => {
  await signIn(page, request, demo.agent, `/assistants/${await projectIdOf(request, demo.owner, 'Kite Campaign 05')}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Kite Campaign 05' })).toBeVisible();
  await expect(page.getByText('Agents Limit')).toBeVisible();
  await expect(page.getByRole('button', { name: /Troubleshooting/ })).toHaveCount(0);
});
