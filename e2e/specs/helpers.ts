import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type ConsoleMessage, type Locator, type Page } from '@playwright/test';

export const demo = {
  owner: { userName: 'owner', password: 'Owner@123' },
  agent: { userName: 'agent', password: 'Agent@123' },
  direct: { userName: 'direct', password: 'Direct@123' },
  ads: { userName: 'ads', password: 'Ads@123' },
  referral: { userName: 'referral', password: 'Referral@123' },
  admin: { userName: 'admin', password: 'Admin@123' },
} as const;

export type Credentials = { userName: string; password: string };

/** A project's id by its name, as `who` lists it (the first 100 of the projects list). */
export const projectIdOf = async (request: APIRequestContext, who: Credentials, name: string) => {
  const token = await tokenFor(request, who);
  const res = await request.post('/api/project-lists?sort=dec', {
    headers: { Authorization: `Bearer ${token}` },
    data: { skip: 0, rowsPerPage: 100 },
  });
  const body = (await res.json()) as { projects: { _id: string; assistantName: string }[] };
  return body.projects.find((p) => p.assistantName === name)!._id;
};

/** A unique suffix so names do not clash between tests on the shared database. */
export const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

export const tokenFor = async (request: APIRequestContext, who: Credentials): Promise<string> => {
  const response = await request.post('/auth/login', { data: who });
  expect(response.ok(), `sign-in of ${who.userName}`).toBe(true);
  return ((await response.json()) as { token: string }).token;
};

/** The sign-in form, as a user fills it. */
export const signInWithForm = async (page: Page, who: Credentials) => {
  await page.goto('/login');
  await page.getByLabel('Email or User Name').fill(who.userName);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Continue' }).click();
};

/**
 * The quick way in for tests about something else: the session a sign-in link would keep, put in
 * place before the app starts (the auth spec opens the link and the form themselves), then the
 * page at `landing` (the home page unless told). It replaces whoever was signed in.
 */
export const signIn = async (page: Page, request: APIRequestContext, who: Credentials, landing?: string) => {
  const token = await tokenFor(request, who);
  // Any page of the console's origin holds its storage; this one is small and needs no session.
  const origin = new URL(test.info().project.use.baseURL!).origin;
  if (!page.url().startsWith(`${origin}/`)) await page.goto('/api/app-config');
  await page.evaluate((value) => localStorage.setItem('token', value), token);
  await page.goto(landing ?? '/');
  // A page asked for is the test's to check; the home page has its title.
  if (landing === undefined) await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
};

/**
 * Nothing sticks out of the page sideways. Polled, because a resize re-renders the phone layout
 * a frame or two after the viewport changes, and the wide desktop table is still there until then.
 */
export const expectFitsViewport = async (page: Page, what?: string) =>
  expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), { message: what })
    .toBeLessThanOrEqual(0);

/**
 * Waits until no table is loading: a page's rows are read only then (while the next page loads,
 * a table keeps the page before on screen, dimmed and aria-busy).
 */
export const tablesSettled = (page: Page) => expect(page.locator('table[aria-busy="true"]')).toHaveCount(0);

export const snackbar = (page: Page, text: string) => page.locator('[data-snackbar]').filter({ hasText: text });

/** A member created through the API as the demo owner, for tests that change its password or role. */
export const createMember = async (
  request: APIRequestContext,
  member: { userName: string; password: string; name: string; role: string },
) => {
  const token = await tokenFor(request, demo.owner);
  const response = await request.post('/api/create-partner-agent', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      name: member.name,
      email: `${member.userName}@e2e.example`,
      loginUsername: member.userName,
      loginPassword: member.password,
      // The spec's payload: contact is the dial code without plus followed by the number.
      contact: '919876543210',
      country: 'IN',
      agentRole: member.role,
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
};

/** The key the e2e server accepts on POST /platform/message-events (set in playwright.config.ts). */
export const platformKey = () => process.env.PC_E2E_PLATFORM_KEY ?? 'e2e-platform-key-0123456789';
/** The secret the server checks Razorpay's webhooks with (playwright.config.ts). */
export const razorpayWebhookSecret = () => process.env.PC_E2E_RAZORPAY_WEBHOOK_SECRET ?? 'e2e-razorpay-webhook-secret';

/** The CSV reader the server's tests use (RFC 4180; CRLF or LF lines). */
export { parseCsv as readCsv } from '../../apps/server/test/csv';

/** What a report writes for a text people typed: a leading = + - @ tab or CR gets an apostrophe (no formula runs). */
export const formulaSafe = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

/**
 * A full-page screenshot for looking at a screen as a user would, only when E2E_SHOTS names a
 * folder (`E2E_SHOTS=/tmp/shots npm run test:e2e`): `{name}-{width}.png`, at the page's width or
 * at each of `widths` (the viewport is put back after).
 */
export const shoot = async (page: Page, name: string, widths?: number[]) => {
  const dir = process.env.E2E_SHOTS;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  const viewport = page.viewportSize()!;
  for (const width of widths ?? [viewport.width]) {
    if (width !== page.viewportSize()!.width)
      await page.setViewportSize({ width, height: width < 600 ? 844 : viewport.height });
    await page.screenshot({ path: path.join(dir, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize(viewport);
};

/**
 * The console's errors and the page's uncaught errors, but the e2e server's missing chat-widget
 * script (Chromium logs its 404); `expected` sets apart the errors a test provokes on purpose.
 */
export const watchConsole = (page: Page, expected: (m: ConsoleMessage) => boolean = () => false) => {
  const errors: string[] = [];
  const provoked: string[] = [];
  page.on('console', (m) => {
    if (m.type() !== 'error' || /chat-widget/.test(`${m.location().url} ${m.text()}`)) return;
    (expected(m) ? provoked : errors).push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return { errors, provoked };
};

/** A dialog whole at each width, tall enough that nothing scrolls out of the picture (E2E_SHOTS only). */
export const shootDialog = async (page: Page, dialog: Locator, name: string) => {
  const dir = process.env.E2E_SHOTS;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  const viewport = page.viewportSize()!;
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 2200 });
    await expect(dialog).toBeVisible();
    await page.screenshot({ path: path.join(dir, `${name}-${width}.png`) });
  }
  await page.setViewportSize(viewport);
};

/**
 * Clicks a button that closes its own popup (the sandbox's Meta and Facebook dialogs). The popup can
 * close while Playwright's click is still returning, which throws "Target page ... has been closed";
 * that error is only accepted when the popup did close, and the test then checks the outcome.
 */
export const clickClosingPopup = async (popup: Page, button: Locator) => {
  const closed = popup.waitForEvent('close');
  await button.click().catch((error: unknown) => {
    if (!popup.isClosed()) throw error;
  });
  await closed;
};
