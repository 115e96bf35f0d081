import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestContext } from '../../../test/harness.js';
import { IMMUTABLE } from './web-cache.js';

/**
 * The built console as a browser gets it: hashed assets compressed at build time, the best variant
 * the browser accepts, kept a year; index.html asked about each time. A small build of our own.
 */
let t: TestContext;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pc-web-'));
const script = `console.log(${JSON.stringify('partner console '.repeat(200))});\n`;

beforeAll(async () => {
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><head><title>c</title></head><div id="root"></div>');
  fs.mkdirSync(path.join(dir, '.vite'));
  fs.writeFileSync(
    path.join(dir, '.vite/route-preloads.json'),
    JSON.stringify({
      '/login': ['/assets/LoginPage-Ab12.js', '/assets/Stack-Cd34.js'],
      // Only the build's own scripts are ever written into a page.
      '/': ['/assets/AppShell-Ef56.js', 'https://elsewhere.example/x.js', '/assets/a.js"><script>alert(1)</script>'],
    }),
  );
  const asset = path.join(dir, 'assets/index-AbC123xy.js');
  fs.writeFileSync(asset, script);
  fs.writeFileSync(`${asset}.br`, brotliCompressSync(script));
  fs.writeFileSync(`${asset}.gz`, gzipSync(script));
  t = await startTestApp({ env: { WEB_DIST: dir } });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const get = (url: string, encoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: encoding === undefined ? {} : { 'accept-encoding': encoding } });

describe('the built console', () => {
  it('sends a hashed asset brotli-compressed when accepted, else gzip, else as it is; kept a year', async () => {
    const br = await get('/assets/index-AbC123xy.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    const gz = await get('/assets/index-AbC123xy.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await get('/assets/index-AbC123xy.js', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    for (const res of [br, gz, plain]) {
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.headers['cache-control']).toBe(IMMUTABLE);
      expect(res.headers.vary).toMatch(/Accept-Encoding/i);
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    }
    expect(br.rawPayload.length).toBeLessThan(script.length);
  });

  it('asks about index.html each time, whether asked for or the page of a console route', async () => {
    for (const url of ['/', '/index.html', '/assistants?tab=Live', '/businesses/some-id']) {
      const res = await get(url, 'gzip, br');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
    }
  });

  it("announces the chunks a page loads first in that page's HTML, from the build's list only", async () => {
    const preloads = (html: string) =>
      [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
    const login = await get('/login?next=%2F', 'gzip, br');
    expect([login.statusCode, login.headers['content-type'], login.headers['cache-control']]).toEqual([
      200,
      'text/html; charset=utf-8',
      'no-cache',
    ]);
    expect(preloads(login.body)).toEqual(['/assets/LoginPage-Ab12.js', '/assets/Stack-Cd34.js']);
    expect(login.body).toMatch(/<\/head><div id="root">/);
    const home = await get('/');
    expect(preloads(home.body)).toEqual(['/assets/AppShell-Ef56.js']);
    expect(home.body).not.toMatch(/elsewhere|<script>/);
    // A page the build does not list, and a path that only looks like one, get index.html as it is.
    for (const url of ['/businesses', '/login/', '/%2Flogin']) {
      const res = await get(url);
      expect([res.statusCode, preloads(res.body)], url).toEqual([200, []]);
    }
  });
});
