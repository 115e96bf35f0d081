import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { demo, shoot, signIn, tokenFor, type Credentials } from './helpers';

type Listed = { _id: string; assistantName: string };

/** A provider link for one of the partner's projects, generated through the API as the console does. */
const linkFor = async (request: APIRequestContext, who: Credentials, projectName: string, call: string) => {
  const headers = { Authorization: `Bearer ${await tokenFor(request, who)}` };
  const list = await request.post('/api/project-lists?sort=dec', { headers, data: { skip: 0, rowsPerPage: 100 } });
  const { projects } = (await list.json()) as { projects: Listed[] };
  const project = projects.find((p) => p.assistantName === projectName)!;
  const res = await request.post(call, { headers, data: { assistantId: project._id } });
  expect(res.ok(), await res.text()).toBe(true);
  return { headers, projectId: project._id, link: new URL(((await res.json()) as { link: string }).link) };
};

/** Every CSP violation the page reports (Chromium logs each one to the console). */
const cspViolations = (page: Page) => {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  return violations;
};

const ran = (page: Page) =>
  page.evaluate(() => ({
    title: document.title,
    pwned: (window as Window & { __pwned?: unknown }).__pwned ?? null,
  }));

test('a crafted link state runs no script on the console origin, and a valid link works', async ({ page, request }) => {
  // Signed in, as the victim would be: the payload is after the session token in storage.
  await signIn(page, request, demo.owner);
  // The catalog link changes nothing in the shared database when completed.
  const { link } = await linkFor(request, demo.owner, 'Nimbus Travel', '/api/generate-connect-catalog-link/');
  const state = link.searchParams.get('state')!;
  const callback = new URL(link.searchParams.get('redirect_uri')!);
  const payload =
    `</script><script>window.__pwned=1;document.title='pwned:'+JSON.stringify(localStorage)</script>` +
    `<img src=x onerror="window.__pwned=2;document.title='pwned'">`;
  const violations = cspViolations(page);

  for (const crafted of [`${state}.${payload}`, `${state}${payload}`, `x.y.z.${payload}`, `${state}=`]) {
    // Facebook's redirect back, with the crafted state: refused, nothing of it run.
    const res = await page.goto(`${callback.pathname}?code=x&state=${encodeURIComponent(crafted)}`);
    expect(res?.status()).toBe(400);
    await expect(page.getByText('This link is invalid or has expired.')).toBeVisible();
    expect(await ran(page)).toEqual({ title: expect.not.stringContaining('pwned'), pwned: null });
    expect(await page.evaluate(() => document.scripts.length)).toBe(0);
    // The sandbox's login dialog carries a crafted state as text, its only script its own file.
    const dialog = new URL(link);
    dialog.searchParams.set('state', crafted);
    await page.goto(`${dialog.pathname}${dialog.search}`);
    await expect(page.getByRole('heading', { name: 'Log in with Facebook' })).toBeVisible();
    expect(await ran(page)).toEqual({ title: expect.not.stringContaining('pwned'), pwned: null });
    expect(await page.evaluate(() => document.scripts.length)).toBe(1);
  }

  // The dialog's own script, a file of this server, still completes a valid link.
  await page.goto(`${link.pathname}${link.search}`);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Catalog connected. You can close this page.')).toBeVisible();
  expect((await ran(page)).pwned).toBeNull();
  expect(violations).toEqual([]);
});

test('a valid WhatsApp link, under the policy, connects the number its login shares', async ({ page, request }) => {
  // Bloom Florist (Direct Retail, not live in the demo) is read by no other spec.
  const { headers, projectId, link } = await linkFor(request, demo.direct, 'Bloom Florist', '/api/generate-waba-link/');
  const violations = cspViolations(page);
  // Ending in 0: a healthy number of the sandbox (101 to 109 pick onboarding scenarios).
  const number = `9198${String(Date.now()).slice(-7)}0`;

  const res = await page.goto(`${link.pathname}${link.search}`);
  expect(res?.headers()['content-security-policy']).toContain("style-src 'self'");
  await expect(page.getByRole('heading', { name: 'Log in with Facebook' })).toBeVisible();
  // The styles are a file of this server, allowed and applied (the button is Meta blue).
  await expect(page.getByRole('button', { name: 'Continue' })).toHaveCSS('background-color', 'rgb(24, 119, 242)');
  await page.getByLabel('WhatsApp number').fill(number);
  await page.getByLabel('Display name').fill('Bloom Florist');
  await shoot(page, 'link-dialog', [1440, 390]);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/platform\/meta\/link-callback\?/);
  await expect(page.getByText('Your WhatsApp number is connected. You can close this page.')).toBeVisible();
  await shoot(page, 'link-callback', [1440, 390]);

  const project = await request.get(`/api/get-project/${projectId}`, { headers });
  const [detail] = (await project.json()) as { whatsappNumber: string | null; isWhatsappVerified: boolean }[];
  expect(detail).toMatchObject({ whatsappNumber: number, isWhatsappVerified: true });
  expect(violations).toEqual([]);
});

test('the console and the API docs run under their policy without violations', async ({ page, request }) => {
  const violations = cspViolations(page);
  await signIn(page, request, demo.owner, '/projects');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // Swagger UI's page loads its scripts as files, and its own styles inline.
  await page.goto('/docs');
  await expect(page.getByRole('heading', { name: /Partner Console API/ })).toBeVisible();
  // Swagger UI renders only the tags in view: scroll a screen at a time until the projects' calls show.
  const call = page.getByText('/api/get-project/{projectId}').first();
  await expect
    .poll(
      async () => {
        if (await call.isVisible()) return true;
        await page.mouse.wheel(0, 600);
        return false;
      },
      { timeout: 30_000, intervals: [200] },
    )
    .toBe(true);
  expect(violations).toEqual([]);
});
