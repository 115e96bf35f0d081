import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { demo, expectFitsViewport, shoot, signIn, tokenFor } from './helpers';

/** GET /superadmin/meta-deliveries as the page reads it (the contract's MetaDeliveriesResponse). */
type Said = {
  unplacedStatuses: {
    messageId: string;
    status: string;
    recipient: string;
    reason: 'not_ours' | 'unknown_project';
    receivedAt: string;
  }[];
  unknownCategories: { category: string; partnerName: string; projectName: string; messages: number; lastAt: string }[];
};

/** What the server says now, as the super-admin (the page reads the same call). */
const readSaid = async (request: APIRequestContext) => {
  const token = await tokenFor(request, demo.admin);
  const response = await request.get('/superadmin/meta-deliveries', { headers: { authorization: `Bearer ${token}` } });
  expect(response.ok()).toBe(true);
  return (await response.json()) as Said;
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
  const said = await readSaid(request);

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

/**
 * The demo's rows (seed/meta-deliveries.ts): a message Metro's number sent from another tool on the
 * same account, its delivered and read statuses kept as not the console's; and a message of Zen
 * Yoga's (Acme Messaging) that Meta priced as `business_agent`, a category the console does not know.
 */
const otherTool = {
  messageId: 'wamid.HBgMOTE5ODAwMDAwMDQyFQIAERgSOTdBRkY0QzA1QjYxRDNGMjRBAA==',
  recipient: '919800000042',
};
const businessAgent = { category: 'business_agent', partnerName: 'Acme Messaging', projectName: 'Zen Yoga' };

test("the demo's rows show whole at both widths: long message ids break, nothing is cut off", async ({
  page,
  request,
}) => {
  // The specs share one database: others may have added rows, so the demo's are found by what the
  // seed wrote, not by their place; their times are the server's (the seed ran when it started).
  const said = await readSaid(request);
  const receivedAt = (status: string) => {
    const kept = said.unplacedStatuses.find((s) => s.messageId === otherTool.messageId && s.status === status);
    expect(kept, `the demo's ${status} status`).toBeDefined();
    return kept!.receivedAt;
  };
  const priced = said.unknownCategories.find(
    (c) => c.category === businessAgent.category && c.projectName === businessAgent.projectName,
  );
  expect(priced, "the demo's business_agent message").toBeDefined();

  await signIn(page, request, demo.admin, '/meta-deliveries');
  // A time as the page writes it, in the browser's own Intl (the contract's formatDateTime: long date, short time).
  const shown = (iso: string) =>
    page.evaluate(
      (at) => new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short' }).format(new Date(at)),
      iso,
    );
  const statuses = section(page, 'Statuses not placed');
  const categories = section(page, 'Unknown pricing categories');
  for (const status of ['delivered', 'read']) {
    const row = statuses
      .getByRole('row')
      .filter({ hasText: otherTool.messageId })
      .filter({ has: page.getByRole('cell', { name: status, exact: true }) });
    // No project sent it and Meta reported no error: the reason in words, and no error.
    await expect(row.getByRole('cell')).toHaveText([
      await shown(receivedAt(status)),
      otherTool.messageId,
      status,
      otherTool.recipient,
      'Not sent by the console',
      '-',
    ]);
  }
  const category = categories
    .getByRole('row')
    .filter({ hasText: businessAgent.category })
    .filter({ hasText: businessAgent.projectName });
  await expect(category.getByRole('cell')).toHaveText([
    businessAgent.category,
    businessAgent.partnerName,
    businessAgent.projectName,
    '1',
    await shown(priced!.lastAt),
  ]);
  await expectFitsViewport(page, 'Meta Deliveries at 1440 px');
  await shoot(page, 'superadmin-meta-deliveries-rows', [1440, 390]);

  // A phone: each row a block; the long message id wraps inside it rather than widen the page.
  await page.setViewportSize({ width: 390, height: 844 });
  const ids = statuses
    .getByRole('region', { name: 'Statuses not placed' })
    .getByText(otherTool.messageId, { exact: true });
  await expect(ids).toHaveCount(2);
  for (const i of [0, 1]) await expect(ids.nth(i)).toBeVisible();
  await expect(
    categories
      .getByRole('region', { name: 'Unknown pricing categories' })
      .getByText(businessAgent.category, { exact: true }),
  ).toBeVisible();
  await expectFitsViewport(page, 'Meta Deliveries rows at 390 px');
});
