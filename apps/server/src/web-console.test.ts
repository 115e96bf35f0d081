import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestContext } from '../test/harness.js';

// The server serves the built console on the API's port: pages get index.html, files are files,
// and unknown API paths stay JSON 404s.
const dist = mkdtempSync(path.join(os.tmpdir(), 'pc-web-dist-'));
let t: TestContext;
beforeAll(async () => {
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>console</title>');
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log(1)');
  t = await startTestApp({ env: { WEB_DIST: dist } });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

it.each(['/', '/login', '/manage/team', '/assistants/abc123?tab=setup'])('serves the console at %s', async (url) => {
  const res = await get(url);
  expect(res.statusCode).toBe(200);
  expect(res.body).toContain('<title>console</title>');
});

it('serves built files, including ones written after start', async () => {
  expect((await get('/assets/app.js')).body).toBe('console.log(1)');
  writeFileSync(path.join(dist, 'assets', 'later.js'), 'console.log(2)');
  expect((await get('/assets/later.js')).body).toBe('console.log(2)');
});

it('answers unknown API paths and missing files with a JSON 404', async () => {
  for (const url of ['/api/nothing', '/assets/missing.js', '/auth/nothing']) {
    const res = await get(url);
    expect(res.statusCode, url).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  }
});
