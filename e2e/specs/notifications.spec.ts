import { expect, test } from '@playwright/test';
import { createMember, shoot, shootDialog, signIn, snackbar, unique, watchConsole } from './helpers';

/**
 * The bell as a member clicks it: the team's notifications (the demo's, of every kind) all unread
 * for a member just made; one opened goes to its page and is read; "Mark all as read" empties the
 * badge; a kind chosen by mail is kept across a reload, then put back. The member is this spec's
 * own, so no other spec's demo data changes.
 */
test('a member opens the bell, opens a notification, marks all read and chooses what comes by mail', async ({
  page,
  request,
}) => {
  const id = unique();
  const member = { userName: `bell${id}`, password: 'Bell@12345', name: `Bella ${id}`, role: 'Viewer' };
  await createMember(request, member);
  const seen = watchConsole(page);
  await signIn(page, request, member, '/');

  const bell = page.getByRole('button', { name: /^Notifications, \d+ unread$/ });
  await expect(bell).toBeVisible();
  const unread = Number(/(\d+) unread/.exec((await bell.getAttribute('aria-label')) ?? '')![1]);
  expect(unread).toBeGreaterThan(5);
  await bell.click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  const items = panel.getByRole('list', { name: 'Notification list' }).getByRole('button');
  await expect(items.first()).toBeVisible();
  // Every kind of the demo is there: money, renewals, webhooks, templates, Meta's account words.
  for (const text of [
    /central balance/i,
    /renew/i,
    /webhook was disabled/,
    /approved/,
    /rejected/,
    /re-categorised/,
    /quality rating/,
  ])
    await expect(items.filter({ hasText: text }).first()).toBeVisible();
  await shoot(page, 'notifications-list', [1440, 390]);

  await items
    .filter({ hasText: /^Unread: Template .* approved/ })
    .first()
    .click();
  await expect(panel).toBeHidden();
  await expect(page).toHaveURL(/\/manage\/template-message\//);
  await expect(page.getByRole('button', { name: `Notifications, ${unread - 1} unread` })).toBeVisible();

  await page.getByRole('button', { name: /^Notifications/ }).click();
  await panel.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(panel.getByText(/^Unread:/)).toHaveCount(0);
  await expect(panel.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();

  await panel.getByRole('button', { name: 'Mail preferences' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mail preferences' });
  const webhook = dialog.getByRole('checkbox', { name: 'Webhook disabled' });
  await expect(webhook).not.toBeChecked();
  await webhook.check();
  await shootDialog(page, dialog, 'notifications-preferences');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(snackbar(page, 'Mail preferences saved')).toBeVisible();
  await expect(dialog).toBeHidden();
  // The popover closed, the badge is gone.
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();

  // Kept on the server: read again after a reload, then put back as it was.
  await page.reload();
  await page.getByRole('button', { name: /^Notifications/ }).click();
  await panel.getByRole('button', { name: 'Mail preferences' }).click();
  await expect(dialog.getByRole('checkbox', { name: 'Webhook disabled' })).toBeChecked();
  await dialog.getByRole('checkbox', { name: 'Webhook disabled' }).uncheck();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(snackbar(page, 'Mail preferences saved')).toBeVisible();
  expect(seen.errors).toEqual([]);
});
