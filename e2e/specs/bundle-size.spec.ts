import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { expect, test, type Page, type Request } from '@playwright/test';
import { demo, tokenFor } from './helpers';

/**
 * `npm run size` counts what each page costs to open from the build alone. Here Chromium opens the
 * same pages from the server and the bytes it receives must be the script's, file by file: a chunk the
 * script misses (a lazy import it does not know of), or an encoding it assumes wrongly, fails here.
 * The one script left out is the chat widget the deployment may configure: it is not the build's (the
 * e2e server names one that answers 404).
 */

type Sent = { file: string; encoding: string; bytes: number };
type Counted = { name: string; path: string; width: number; signedIn: boolean; files: Sent[]; bytes: number };

/** The script's figures, for the build the server serves (both read WEB_DIST, else apps/web/dist). */
let counted: Counted[] | undefined;
const scriptFigures = () => {
  if (counted) return counted;
  const script = path.resolve(import.meta.dirname, '../../scripts/bundle-size.mjs');
  // It exits 1 when a page is past its limit and still prints the figures; that verdict is npm run size's.
  const run = spawnSync(process.execPath, [script, '--json'], { encoding: 'utf8' });
  if (!run.stdout.trim()) throw new Error(`npm run size --json printed nothing: ${run.stderr}`);
  counted = JSON.parse(run.stdout) as Counted[];
  return counted;
};

// What is checked here is bytes, not speed: on a busy machine a page may take longer than the other
// specs' 7 s to run its code, and that must not fail the count.
const shown = { timeout: 20_000 };
const dashboardShown = async (page: Page) => {
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible(shown);
  await expect(page.getByText('Current Balance')).toBeVisible(shown);
};
const railShown = (page: Page) => expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible(shown);

/** When each page is usable: what the other specs wait for, and the navigation its screen shows. */
const usable: Record<string, (page: Page) => Promise<void>> = {
  'sign-in': async (page) => {
    await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible(shown);
  },
  dashboard: async (page) => {
    await dashboardShown(page);
    await railShown(page);
  },
  projects: async (page) => {
    await expect(page.getByRole('heading', { name: 'Projects', level: 1 })).toBeVisible(shown);
    await railShown(page);
  },
  'dashboard, phone': async (page) => {
    await dashboardShown(page);
    await expect(page.getByRole('button', { name: 'Open navigation menu' })).toBeVisible(shown);
  },
};

const COUNTED_TYPES = new Set(['script', 'stylesheet', 'font']);

/**
 * Records every script, stylesheet and font the page receives, as its body came over the wire, and
 * answers a wait for the network to fall quiet: chunks the page imports lazily as it opens (the
 * navigation, a card) may land just after it is usable, and the script counts them.
 */
const recordFetches = (page: Page, notTheBuilds: string | null) => {
  const received: Promise<Sent & { ok: boolean }>[] = [];
  let inFlight = 0;
  let lastActivity = Date.now();
  const settle = (request: Request, ok: boolean) => {
    inFlight -= 1;
    lastActivity = Date.now();
    if (!COUNTED_TYPES.has(request.resourceType()) || request.url() === notTheBuilds) return;
    received.push(
      (async () => ({
        file: new URL(request.url()).pathname.replace(/^\//, ''),
        encoding: (await request.response())?.headers()['content-encoding'] ?? 'identity',
        bytes: (await request.sizes()).responseBodySize,
        ok,
      }))(),
    );
  };
  page.on('request', () => {
    inFlight += 1;
    lastActivity = Date.now();
  });
  page.on('requestfinished', (request) => settle(request, true));
  page.on('requestfailed', (request) => settle(request, false));
  return async () => {
    await expect
      .poll(() => inFlight === 0 && Date.now() - lastActivity >= 1000, { timeout: 15_000, intervals: [250] })
      .toBe(true);
    return Promise.all(received);
  };
};

test('every page npm run size counts is opened here', () => {
  expect(
    scriptFigures()
      .map((p) => p.name)
      .sort(),
  ).toEqual(Object.keys(usable).sort());
});

for (const name of Object.keys(usable)) {
  test(`what Chromium fetches to open ${name} is what npm run size counts`, async ({ page, request }) => {
    // Sign-in, the page's load and the wait for a quiet network: more than the default 30 s when busy.
    test.slow();
    const expected = scriptFigures().find((p) => p.name === name);
    expect(expected, `npm run size counts ${name}`).toBeDefined();
    const { path: pagePath, width, signedIn, files, bytes } = expected!;
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    if (signedIn) {
      const token = await tokenFor(request, demo.owner);
      await page.addInitScript((t) => localStorage.setItem('token', t), token);
    }
    const config = (await (await request.get('/api/app-config')).json()) as { chatWidgetScriptUrl: string | null };
    const fetched = recordFetches(page, config.chatWidgetScriptUrl);
    await page.goto(pagePath);
    await usable[name]!(page);
    const received = await fetched();

    const byFile = new Map(files.map((f) => [f.file, f]));
    const differences = received.flatMap((got) => {
      const want = byFile.get(got.file);
      byFile.delete(got.file);
      if (!got.ok) return [`${got.file}: failed in Chromium`];
      if (!want) return [`${got.file}: fetched by Chromium (${got.bytes} B ${got.encoding}), not counted`];
      return want.bytes === got.bytes && want.encoding === got.encoding
        ? []
        : [`${got.file}: counted ${want.bytes} B ${want.encoding}, Chromium got ${got.bytes} B ${got.encoding}`];
    });
    for (const missed of byFile.values()) differences.push(`${missed.file}: counted, never fetched by Chromium`);
    expect(differences, `${name}: the files that differ`).toEqual([]);
    expect(received.reduce((sum, f) => sum + f.bytes, 0)).toBe(bytes);
  });
}
