import { expect, test } from '@playwright/test';
import { createMember, demo, signIn, signInWithForm, snackbar, unique } from './helpers';

test('the owner sees the brand URLs, edits and cancels', async ({ page, request }) => {
  await signIn(page, request, demo.owner, '/agentProfile');
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Olivia Owner');
  await expect(page.getByLabel('Email')).toHaveValue('owner@acme.example');
  await expect(page.getByText('You cannot change your email address!')).toBeVisible();
  await expect(page.getByLabel('Webhook URL')).toBeDisabled();

  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByLabel('Webhook URL').fill('not a url');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Enter a valid URL starting with http:// or https://')).toBeVisible();
  await page.getByLabel('Webhook URL').fill('https://hooks.acme.example/console');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(snackbar(page, 'Successfully created')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit' })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Webhook URL')).toHaveValue('https://hooks.acme.example/console');

  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByLabel('Loading Gif URL').fill('https://cdn.acme.example/loading.gif');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByLabel('Loading Gif URL')).toHaveValue('/brand/acme-loading.svg');
});

test('a member changes its password, signs out and signs in with the new one', async ({ page, request }) => {
  const id = unique();
  const member = { userName: `pwd${id}`, password: 'First@1234', name: `Pat ${id}`, role: 'Viewer' };
  await createMember(request, member);

  await signInWithForm(page, member);
  await expect(page.getByRole('heading', { name: 'Dashboard', exact: true })).toBeVisible();
  await page.goto('/agentProfile');
  // Not the owner: no brand URLs.
  await expect(page.getByLabel('Favicon URL')).toHaveCount(0);
  await page.getByRole('button', { name: 'Edit' }).click();

  // Only the new one filled: it is sent (doc 1, "sent if either password field is filled"), and
  // the server's answer shown.
  await page.getByRole('textbox', { name: 'New Password' }).fill('Second@1234');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(snackbar(page, 'Enter your current password to change it.')).toBeVisible();

  await page.getByRole('textbox', { name: 'Current Password' }).fill('wrong-password');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(snackbar(page, 'Your current password is incorrect.')).toBeVisible();

  await page.getByRole('textbox', { name: 'Current Password' }).fill(member.password);
  await expect(page.getByRole('textbox', { name: 'New Password' })).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Show new password' }).click();
  await expect(page.getByRole('textbox', { name: 'New Password' })).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(snackbar(page, 'password changed successfully')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit' })).toBeVisible();

  // The replaced token keeps the session going.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signInWithForm(page, member);
  await expect(snackbar(page, 'Invalid login credentials!')).toBeVisible();
  await signInWithForm(page, { ...member, password: 'Second@1234' });
  await expect(page.getByRole('heading', { name: 'Dashboard', exact: true })).toBeVisible();
});
