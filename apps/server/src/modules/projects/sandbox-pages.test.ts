import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signInAs, startTestApp, type TestContext } from '../../../test/harness.js';
import { projects } from '../../platform/db/schema.js';
import { createLinkTokens } from '../../providers/meta/link-token.js';

let t: TestContext;
let link: URL;
const payload = '</script><script>document.title="pwned"</script>';
// A console build of its own, so the index.html answer is tested here too.
const webDist = mkdtempSync(path.join(os.tmpdir(), 'pc-web-'));
writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');

beforeAll(async () => {
  t = await startTestApp({ env: { WEB_DIST: webDist, CHAT_WIDGET_SCRIPT_URL: 'https://widget.example.com/w.js' } });
  const owner = await signInAs(t.app, 'owner');
  const [project] = await t.database.db.select().from(projects).where(eq(projects.name, 'Nimbus Travel'));
  const res = await call<{ link: string }>(t.app, 'POST', '/api/generate-connect-catalog-link/', {
    token: owner,
    body: { assistantId: project!.id },
  });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  link = new URL(res.body.link);
});
afterAll(() => t.close());

const scriptsOf = (html: string) => [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/gi)];
const open = (t_: string) => t.app.inject({ method: 'GET', url: `${link.pathname}?t=${encodeURIComponent(t_)}` });

describe('the sandbox pages', () => {
  it('carry the token in an escaped attribute, and their only script is a file of this server', async () => {
    const res = await open(link.searchParams.get('t')!);
    expect(res.statusCode).toBe(200);
    const scripts = scriptsOf(res.body);
    expect(scripts).toHaveLength(1);
    expect(scripts[0]![0]).toBe('<script src="/sandbox/meta/assets/page.js"></script>');
    expect(res.body).toContain(`data-token="${link.searchParams.get('t')}"`);
    const js = await t.app.inject({ method: 'GET', url: '/sandbox/meta/assets/page.js' });
    expect(js.headers['content-type']).toMatch(/^text\/javascript/);
    expect(js.body).toContain('form.dataset.token');
  });

  it('serve only their own two files: any other name, an object key among them, is a 404', async () => {
    for (const file of ['constructor', '__proto__', 'toString', 'index.html', '..%2Fpage.js']) {
      const res = await t.app.inject({ method: 'GET', url: `/sandbox/meta/assets/${file}` });
      expect(res.statusCode, file).toBe(404);
    }
  });

  it('refuse a valid token with anything appended after a third dot, with no request data in the page', async () => {
    for (const crafted of [`${link.searchParams.get('t')}.${payload}`, `${link.searchParams.get('t')}${payload}`]) {
      const res = await open(crafted);
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain('This link is invalid or has expired.');
      expect(res.body).not.toContain('pwned');
      expect(scriptsOf(res.body)).toHaveLength(0);
    }
  });

  it('refuse tokens of another key, another algorithm, or past their expiry', async () => {
    const other = await createLinkTokens('another-secret').issue({
      projectId: 'p',
      partnerId: 'p',
      businessId: 'b',
      kind: 'catalog',
      expires: Date.now() + 60_000,
    });
    const [header, body] = link.searchParams.get('t')!.split('.');
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${body}.`;
    for (const bad of [other, none, `${header}.${body}`, 'abc.def']) expect((await open(bad)).statusCode).toBe(400);
    t.clock.now = new Date(Date.now() + 25 * 3600_000);
    try {
      expect((await open(link.searchParams.get('t')!)).statusCode).toBe(400);
    } finally {
      t.clock.now = new Date();
    }
  });
});

describe('every page is served under a Content-Security-Policy', () => {
  it.each([
    ['the console', '/projects'],
    ['a sandbox page', 'sandbox'],
    ['the API docs', '/docs/'],
    ['a JSON answer', '/api/app-config'],
  ])('%s', async (_, url) => {
    const res = await t.app.inject({ method: 'GET', url: url === 'sandbox' ? `${link.pathname}${link.search}` : url });
    expect(res.statusCode).toBe(200);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' https://widget.example.com;");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it('the embedded sign-up page may be framed by a partner site', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/some-partner/embed/signup' });
    expect(String(res.headers['content-security-policy'])).toContain('frame-ancestors https:');
    expect(res.headers['x-frame-options']).toBeUndefined();
  });
});
