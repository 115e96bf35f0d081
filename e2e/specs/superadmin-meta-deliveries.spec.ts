import { expect, test, type Locator, type Page } from '@playwright/test';
import { demo, expectFitsViewport, shoot, signIn, tokenFor } from './helpers';

/** GET /superadmin/meta-deliveries as the page reads it (the contract's MetaDeliveriesResponse). */
type Said = {
  unplacedStatuses: { messageId: string; status: string; reason: 'not_ours' | 'unknown_project' }[];
  unknownCategories: { category: string; partnerName: string; projectName: string }[];
};

const reasons = { not_ours: 'Not sent by the console', unknown_project: 'Project not found' };

/** One of the page's sections, by its heading. */
const section = (page: Page, title: string) =>
  page.locator('section').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

/** The section's rows (header aside) are what the server said, or its empty text when it said none. */
const expectRows = async (table: Locator, empty: string, rows: string[][]) => {
  if (rows.length === 0) {
    await expect(table.getByRole('cell', { name: empty })).toBeVisible();
    return;
  }
  await expect(table.getByRole('row')).toHaveCount(rows.length + 1);
  for (const text of rows[0]!) await expect(table.getByRole('row').nth(1)).toContainText(text);
};

test('the super-admin sees what Meta said that no project could be charged for', async ({ page, request }) => {
  const errors: string[] = [];
  page.on('console', (m) => {
    // The e2e server has no chat widget script: Chromium logs its 404, nothing else should be.
    if (m.type() === 'error' && !/chat-widget/.test(`${m.location().url} ${m.text()}`)) errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  // The specs share one database: whatever others left there is what the page must show.
  const token = await tokenFor(request, demo.admin);
  const response = await request.get('/superadmin/meta-deliveries', { headers: { authorization: `Bearer ${token}` } });
  expect(response.ok()).toBe(true);
  const said = (await response.json()) as Said;

  await signIn(page, request, demo.admin);
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Meta Deliveries' })
    .click();
  await expect(page).toHaveURL(/\/meta-deliveries$/);
  await expect(page.getByRole('heading', { name: 'Meta Deliveries', level: 1 })).toBeVisible();
  await expect(page.getByText("What Meta's webhooks said that no project could be charged for")).toBeVisible();

  const statuses = section(page, 'Statuses not placed');
  const categories = section(page, 'Unknown pricing categories');
  for (const name of ['Received', 'Message id', 'Status', 'Recipient', 'Why', 'Error'])
    await expect(statuses.getByRole('columnheader', { name, exact: true })).toBeVisible();
  for (const name of ['Category', 'Partner', 'Project', 'Messages', 'Last'])
    await expect(categories.getByRole('columnheader', { name, exact: true })).toBeVisible();
  await expectRows(
    statuses,
    'Nothing unplaced.',
    said.unplacedStatuses.map((s) => [s.messageId, s.status, reasons[s.reason]]),
  );
  await expectRows(
    categories,
    'No unknown categories.',
    said.unknownCategories.map((c) => [c.category, c.partnerName, c.projectName]),
  );
  await shoot(page, 'superadmin-meta-deliveries', [1440, 390]);

  // A phone: both sections stacked, nothing sticking out sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(statuses.getByRole('region', { name: 'Statuses not placed' })).toBeVisible();
  await expect(categories.getByRole('region', { name: 'Unknown pricing categories' })).toBeVisible();
  await expectFitsViewport(page, 'Meta Deliveries at 390 px');
  expect(errors).toEqual([]);
});

test('a partner user cannot open Meta Deliveries', async ({ page, request }) => {
  await signIn(page, request, demo.owner, '/meta-deliveries');
  await expect(page.getByRole('alert', { name: 'Access Denied' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Meta Deliveries' })).toHaveCount(0);
});

test('rows show whole at both widths: long message ids break, nothing is cut off', async ({ page, request }) => {
  // The demo says nothing unplaced and the specs share one database: the answer is stood in for, not inserted.
  const at = '2026-03-02T10:15:00.000Z';
  const messageId = 'wamid.HBgMOTE5ODAwMDAwMDAxFQIAERgSQjZGRDc0RTI5QTlBOTg4QzBBAA==';
  await page.route('**/superadmin/meta-deliveries', (route) =>
    route.fulfill({
      json: {
        unplacedStatuses: [
          {
            messageId,
            status: 'failed',
            recipient: '919800000001',
            occurredAt: at,
            reason: 'unknown_project',
            receivedAt: at,
            error: { code: 131026, title: 'Message undeliverable' },
          },
          {
            messageId: `${messageId}X`,
            status: 'delivered',
            recipient: '447700900001',
            occurredAt: at,
            reason: 'not_ours',
            receivedAt: at,
          },
        ],
        unknownCategories: [
          {
            category: 'general_purpose_ai',
            messages: 1234,
            partnerName: 'Acme Messaging',
            projectName: 'Acme Support Desk',
            lastAt: at,
          },
        ],
      },
    }),
  );
  await signIn(page, request, demo.admin, '/meta-deliveries');
  const statuses = section(page, 'Statuses not placed');
  await expect(statuses.getByRole('row').nth(1)).toContainText('131026 Message undeliverable');
  await expect(statuses.getByRole('row').nth(1)).toContainText('Project not found');
  await expect(statuses.getByRole('row').nth(2)).toContainText('Not sent by the console');
  await expect(section(page, 'Unknown pricing categories').getByRole('row').nth(1)).toContainText('1,234');
  await expectFitsViewport(page, 'Meta Deliveries at 1440 px');
  await shoot(page, 'superadmin-meta-deliveries-rows', [1440, 390]);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByText(messageId, { exact: true })).toBeVisible();
  await expectFitsViewport(page, 'Meta Deliveries rows at 390 px');
});
