import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestContext } from '../../../test/harness.js';
import { compressJson } from './compress-json.js';
import { jsonListStream } from './json-stream.js';

const big = {
  rows: Array.from({ length: 60 }, (_, i) => ({ id: `p${i}`, name: `Project ${i}`, plan: 'PRO_MONTHLY' })),
};
const huge = { rows: Array.from({ length: 3_000 }, (_, i) => ({ id: `p${i}`, name: `Project ${i}` })) };

const app = Fastify();
compressJson(app);
app.get('/big', async () => big);
app.get('/huge', async () => huge);
app.get('/small', async () => ({ ok: true }));
// A report's long list, written as it is read (json-stream.ts): no size known, compressed as it goes.
const batches = async function* () {
  for (let i = 0; i < 3; i++) yield huge.rows.slice(i * 1_000, (i + 1) * 1_000);
};
app.get('/stream', async (_request, reply) =>
  reply.type('application/json; charset=utf-8').send(jsonListStream('rows', batches())),
);
app.get('/csv', async (_request, reply) => reply.type('text/csv').send('a,b\n'.repeat(1_000)));
afterAll(() => app.close());

const get = (url: string, acceptEncoding?: string) =>
  app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('JSON answers compressed as the browser accepts', () => {
  it('gzip for a small answer, brotli if that is all the browser takes, as it was without either', async () => {
    const gz = await get('/big', 'gzip, deflate, br, zstd');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(big);
    expect(gz.rawPayload.length).toBeLessThan(JSON.stringify(big).length / 4);
    expect(Number(gz.headers['content-length'])).toBe(gz.rawPayload.length);

    const br = await get('/big', 'br, gzip;q=0');
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(big);

    const plain = await get('/big');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(big);
    for (const res of [br, gz, plain]) expect(res.headers.vary).toMatch(/Accept-Encoding/);
  });

  it('brotli for a large answer, compressed off the event loop', async () => {
    const res = await get('/huge', 'gzip, deflate, br, zstd');
    expect(res.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString())).toEqual(huge);
  });

  it('a streamed JSON list as brotli, or gzip where the browser takes only that', async () => {
    const br = await get('/stream', 'gzip, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(huge);
    const gz = await get('/stream', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(huge);
    const plain = await get('/stream');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(plain.body)).toEqual(huge);
  });

  it('leaves small answers and other types as they are', async () => {
    expect((await get('/small', 'br')).headers['content-encoding']).toBeUndefined();
    const csv = await get('/csv', 'br');
    expect(csv.headers['content-encoding']).toBeUndefined();
    expect(csv.body).toBe('a,b\n'.repeat(1_000));
  });
});

describe('in the console', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await startTestApp();
  }, 60_000);
  afterAll(() => t.close());

  it('the API description (400 KB of JSON) travels compressed', async () => {
    const docs = await t.app.inject({ method: 'GET', url: '/docs/json', headers: { 'accept-encoding': 'br' } });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(docs.rawPayload).toString())).toHaveProperty('openapi');
    expect(docs.rawPayload.length).toBeLessThan(100_000);
  });
});
