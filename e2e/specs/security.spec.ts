import { expect, test, type APIRequestContext } from '@playwright/test';
import { demo, signIn, tokenFor } from './helpers';

// The catalog link's page changes nothing in the shared database when completed.
const catalogLink = async (request: APIRequestContext) => {
  const token = await tokenFor(request, demo.owner);
  const headers = { Authorization: `Bearer ${token}` };
  const list = await request.post('/api/project-lists?sort=dec', { headers, data: { skip: 0, rowsPerPage: 100 } });
  const { projects } = (await list.json()) as { projects: { _id: string; assistantName: string }[] };
  const project = projects.find((p) => p.assistantName === 'Nimbus Travel')!;
  const res = await request.post('/api/generate-connect-catalog-link/', {
    headers,
    data: { assistantId: project._id },
  });
  return new URL(((await res.json()) as { link: string }).link);
};

test('a crafted sandbox link runs no script on the console origin, and a valid one works', async ({
  page,
  request,
}) => {
  // Signed in, as the victim would be: the payload is after the session token in storage.
  await signIn(page, request, demo.owner);
  const link = await catalogLink(request);
  const token = link.searchParams.get('t')!;
  const payload = `</script><script>document.title='pwned:'+JSON.stringify(localStorage)</script><img src=x onerror="document.title='pwned'">`;
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });

  for (const crafted of [`${token}.${payload}`, `${token}${payload}`, `x.y.z.${payload}`]) {
    const res = await page.goto(`${link.pathname}?t=${encodeURIComponent(crafted)}`);
    expect(res?.status()).toBe(400);
    await expect(page.getByText('This link is invalid or has expired.')).toBeVisible();
    expect(await page.title()).not.toContain('pwned');
    expect(await page.evaluate(() => document.scripts.length)).toBe(0);
  }

  // The page's own script, a file of this server, still completes a valid link.
  await page.goto(`${link.pathname}${link.search}`);
  await page.getByRole('button', { name: 'Connect' }).click();
  await expect(page.getByText('Catalog connected. You can close this page.')).toBeVisible();
  expect(await page.title()).not.toContain('pwned');
  expect(violations).toEqual([]);
});

test('the console itself runs under its policy without violations', async ({ page, request }) => {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  await signIn(page, request, demo.owner);
  await page.goto('/projects');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(violations).toEqual([]);
});
