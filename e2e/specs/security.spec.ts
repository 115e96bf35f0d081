import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { demo, signIn, tokenFor, type Credentials } from './helpers';

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

test('a crafted sandbox link runs no script on the console origin, and a valid one works', async ({
  page,
  request,
}) => {
  // Signed in, as the victim would be: the payload is after the session token in storage.
  await signIn(page, request, demo.owner);
  // The catalog link's page changes nothing in the shared database when completed.
  const { link } = await linkFor(request, demo.owner, 'Nimbus Travel', '/api/generate-connect-catalog-link/');
  const token = link.searchParams.get('t')!;
  const payload =
    `</script><script>window.__pwned=1;document.title='pwned:'+JSON.stringify(localStorage)</script>` +
    `<img src=x onerror="window.__pwned=2;document.title='pwned'">`;
  const violations = cspViolations(page);

  for (const crafted of [`${token}.${payload}`, `${token}${payload}`, `x.y.z.${payload}`, `${token}=`]) {
    const res = await page.goto(`${link.pathname}?t=${encodeURIComponent(crafted)}`);
    expect(res?.status()).toBe(400);
    await expect(page.getByText('This link is invalid or has expired.')).toBeVisible();
    expect(await ran(page)).toEqual({ title: expect.not.stringContaining('pwned'), pwned: null });
    expect(await page.evaluate(() => document.scripts.length)).toBe(0);
  }

  // The page's own script, a file of this server, still completes a valid link.
  await page.goto(`${link.pathname}${link.search}`);
  await page.getByRole('button', { name: 'Connect' }).click();
  await expect(page.getByText('Catalog connected. You can close this page.')).toBeVisible();
  expect((await ran(page)).pwned).toBeNull();
  expect(violations).toEqual([]);
});

test("a valid WhatsApp link's page, under the policy, connects the number it is given", async ({ page, request }) => {
  // Bloom Florist (Direct Retail, not live in the demo) is read by no other spec.
  const { headers, projectId, link } = await linkFor(request, demo.direct, 'Bloom Florist', '/api/generate-waba-link/');
  const violations = cspViolations(page);
  const number = `9198${String(Date.now()).slice(-8)}`;

  const res = await page.goto(`${link.pathname}${link.search}`);
  expect(res?.headers()['content-security-policy']).toContain("style-src 'self'");
  await expect(page.getByRole('heading', { name: 'Connect your WhatsApp number' })).toBeVisible();
  // The styles are a file of this server, allowed and applied (the button is Meta blue).
  await expect(page.getByRole('button', { name: 'Finish' })).toHaveCSS('background-color', 'rgb(24, 119, 242)');
  await page.getByLabel('Phone number (with country code)').fill(number);
  await page.getByLabel('Display name').fill('Bloom Florist');
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page.getByText('Your WhatsApp number is connected. You can close this page.')).toBeVisible();

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
