import { expect, test, type Page } from '@playwright/test';
import { demo, projectIdOf, shoot, signIn, watchConsole } from './helpers';

/*
 * What Meta's template webhooks said beyond the status, as the demo holds it for Metro Clinics
 * (seed/templates/book.ts): slot_available rejected with Meta's rejection_info, checkup_reminder paused
 * for the first time (quality low), visit_feedback flagged (still approved), care_points with a
 * move to MARKETING announced. Read only: no spec changes these templates.
 */

const row = (page: Page, name: string) => page.getByTestId('template-row').filter({ hasText: name });

const openDetail = async (page: Page, list: string, name: string) => {
  await page.goto(list);
  await row(page, name).getByText(name, { exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Template Details : ${name}` })).toBeVisible();
};

test('Meta’s word on templates: a rejection’s reason and recommendation, a pause, a flag and an announced move, in the list and on the detail', async ({
  page,
  request,
}) => {
  const { errors } = watchConsole(page);
  const projectId = await projectIdOf(request, demo.owner, 'Metro Clinics');
  const list = `/projects/${projectId}/manage/template-message`;
  await signIn(page, request, demo.owner, list);
  await expect(page.getByRole('heading', { level: 1, name: 'Template Messages : Metro Clinics' })).toBeVisible();

  // The list: the spec's Rejected Reason column as it was; "At risk" and the announced move beside the status.
  await expect(row(page, 'slot_available').getByTestId('template-status')).toHaveText('REJECTED');
  await expect(row(page, 'slot_available')).toContainText('INVALID_FORMAT');
  await expect(row(page, 'checkup_reminder').getByTestId('template-status')).toHaveText('PAUSED');
  const flagged = row(page, 'visit_feedback');
  await expect(flagged.getByTestId('template-status')).toHaveText('APPROVED');
  await expect(flagged.getByTestId('template-at-risk')).toHaveText('At risk');
  await expect(row(page, 'care_points').getByTestId('template-upcoming-category')).toHaveText(
    /^→ MARKETING on \w{3}\s\d{1,2}$/,
  );
  await expect(page.getByTestId('template-at-risk')).toHaveCount(1);
  await flagged.getByTestId('template-at-risk').hover();
  await expect(page.getByRole('tooltip')).toContainText('Meta received negative feedback on this template');
  await page.mouse.move(0, 0);
  await row(page, 'checkup_reminder').getByTestId('template-status').hover();
  await expect(page.getByRole('tooltip')).toHaveText('Paused for 3 hours (first pause)');
  await page.mouse.move(0, 0);
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  await shoot(page, 'templates-meta-list');
  // A phone's stacked rows come with a render after the resize: the picture waits for them.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('columnheader')).toHaveCount(0);
  await shoot(page, 'templates-meta-list');
  await page.setViewportSize({ width: 1440, height: 900 });

  // A rejection: Meta's reason and what to change.
  await openDetail(page, list, 'slot_available');
  const rejection = page.getByTestId('rejection-notice');
  await expect(rejection).toContainText('Meta rejected this template');
  await expect(rejection).toContainText(
    'Reason: Your template has parameters placed next to each other (like {{1}}{{2}}) without text or punctuation between them.',
  );
  await expect(rejection).toContainText(
    'Recommendation: Separate parameters with descriptive text and ensure each parameter is clearly contextualized.',
  );
  await shoot(page, 'template-meta-rejected', [1440, 390]);

  // A first pause, in words, with Meta's description and the low quality rating.
  await openDetail(page, list, 'checkup_reminder');
  const pause = page.getByTestId('pause-notice');
  await expect(pause).toContainText('Paused for 3 hours (first pause)');
  await expect(pause).toContainText('Your WhatsApp message template has been paused');
  await expect(page.getByTestId('template-quality')).toHaveText('Low');
  await shoot(page, 'template-meta-paused', [1440, 390]);

  // Flagged: still approved, at risk.
  await openDetail(page, list, 'visit_feedback');
  await expect(page.getByTestId('template-at-risk')).toBeVisible();
  await expect(page.getByTestId('at-risk-notice')).toContainText('Meta may pause or disable it');
  await expect(page.getByTestId('template-quality')).toHaveText('Medium');
  await shoot(page, 'template-meta-flagged', [1440, 390]);

  // An announced move: when, and what a conversation will cost then.
  await openDetail(page, list, 'care_points');
  await expect(page.getByTestId('upcoming-category-notice')).toContainText(
    /Meta will move this template to MARKETING on /,
  );
  await expect(page.getByTestId('template-quality')).toHaveText('High');
  await shoot(page, 'template-meta-upcoming', [1440, 390]);

  expect(errors).toEqual([]);
});
