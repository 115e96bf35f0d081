import { expect, test, type APIRequestContext } from '@playwright/test';
import { demo, shoot, signIn, snackbar, tokenFor } from './helpers';

type Config = { steps: { title: string }[]; sampleMedia: Record<'image' | 'video' | 'document', string> };

const PATH = '/superadmin/application-form-config';
const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const readConfig = async (request: APIRequestContext, token: string): Promise<Config> => {
  const response = await request.get(PATH, { headers: auth(token) });
  expect(response.ok()).toBe(true);
  return (await response.json()) as Config;
};
const pretty = (config: unknown) => JSON.stringify(config, null, 2);

/**
 * The super-admin's editor of the application form's configuration. The browser specs share one
 * database and the partner's form spec reads this configuration: whatever happens, it is put back.
 */
test('the super-admin edits the application form configuration as JSON', async ({ page, request, baseURL }) => {
  test.setTimeout(60_000);
  const admin = await tokenFor(request, demo.admin);
  const original = await readConfig(request, admin);
  try {
    await signIn(page, request, demo.admin);
    await page.getByRole('link', { name: 'Application form' }).click();
    await expect(page).toHaveURL(/\/application-form$/);
    await expect(page.getByRole('heading', { name: 'Application form', level: 1 })).toBeVisible();
    const editor = page.getByRole('textbox', { name: 'Configuration (JSON)' });
    await expect(editor).toHaveValue(pretty(original));
    // The default's sample media are this server's own files.
    expect(original.sampleMedia.image).toBe(`${baseURL}/samples/sample-image.jpg`);
    const image = await request.get(original.sampleMedia.image);
    expect(image.headers()['content-type']).toMatch(/^image\/jpeg/);
    await shoot(page, 'superadmin-application-form', [1440, 390]);

    const save = page.getByRole('button', { name: 'Save' });
    const puts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'PUT' && r.url().endsWith(PATH)) puts.push(r.url());
    });

    // Not JSON: said at the field, nothing sent.
    await editor.fill('{ "steps": [');
    await save.click();
    await expect(page.getByText(/^Not valid JSON: /)).toBeVisible();
    expect(puts).toHaveLength(0);

    // JSON the server refuses (three steps, not four): its own message, top centre, until it is closed.
    const three = { ...original, steps: original.steps.slice(0, 3) };
    const refusal = await request.put(PATH, { headers: auth(admin), data: three });
    expect(refusal.status()).toBe(400);
    const { message } = (await refusal.json()) as { message: string };
    await editor.fill(pretty(three));
    await expect(page.getByText(/^Not valid JSON/)).toHaveCount(0);
    await save.click();
    const refused = snackbar(page, message);
    await expect(refused).toBeVisible();
    await expect(page.getByText(/^Refused at steps/)).toBeVisible();
    await refused.getByTitle('Close').click();
    await expect(refused).toBeHidden();
    expect(puts).toHaveLength(1);

    // A change the server takes: saved, read back by the form's configuration call, kept on reload.
    const changed = structuredClone(original);
    changed.steps[0]!.title = 'About you';
    await editor.fill(pretty(changed));
    await save.click();
    await expect(snackbar(page, 'Application form configuration saved')).toBeVisible();
    expect((await readConfig(request, admin)).steps[0]!.title).toBe('About you');
    await page.reload();
    // The database keeps JSON objects with their keys in its own order: compared as values.
    await expect(editor).toHaveValue(/"title": "About you"/);
    expect(JSON.parse(await editor.inputValue())).toEqual(changed);

    // Reset to default fills the editor and saves nothing; Save then puts the default back.
    await page.getByRole('button', { name: 'Reset to default' }).click();
    await expect(editor).toHaveValue(/"title": "Personal details"/);
    await expect(page.getByText('Unsaved changes')).toBeVisible();
    expect((await readConfig(request, admin)).steps[0]!.title).toBe('About you');
    await editor.fill(pretty(original));
    await save.click();
    await expect(snackbar(page, 'Application form configuration saved').first()).toBeVisible();
    expect(await readConfig(request, admin)).toEqual(original);
  } finally {
    const restored = await request.put(PATH, { headers: auth(admin), data: original });
    expect(restored.ok()).toBe(true);
  }
});

test('a partner user cannot open the application form configuration', async ({ page, request }) => {
  await signIn(page, request, demo.owner, '/application-form');
  await expect(page.getByRole('alert', { name: 'Access Denied' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Configuration (JSON)' })).toHaveCount(0);
});
