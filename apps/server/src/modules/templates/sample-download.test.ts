import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadSample } from './sample-download.js';

/** A sample given as a URL is fetched for Meta's upload: public addresses only, bounded in size and time. */
let site: Server;
let url: string;
const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

beforeAll(async () => {
  site = createServer((req, res) => {
    if (req.url === '/banner.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(png);
    if (req.url === '/big') return res.writeHead(200).end(Buffer.alloc(2048));
    if (req.url === '/moved') return res.writeHead(302, { location: '/banner.png' }).end();
    if (req.url === '/slow') return; // never answers
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
afterAll(() => {
  site.closeAllConnections();
  return new Promise<void>((resolve) => site.close(() => resolve()));
});

const get = (path: string, over: Partial<Parameters<typeof downloadSample>[1]> = {}) =>
  downloadSample(`${url}${path}`, { maxBytes: 1024, timeoutMs: 500, allowPrivate: true, ...over });

describe('downloadSample', () => {
  it('answers the bytes and the type the server said', async () => {
    expect(await get('/banner.png')).toEqual({ bytes: png, contentType: 'image/png' });
  });

  it('answers nothing for a private address (unless allowed), a miss, a redirect, too many bytes or no answer in time', async () => {
    expect(await get('/banner.png', { allowPrivate: false })).toBeNull();
    expect(await get('/missing')).toBeNull();
    expect(await get('/moved')).toBeNull();
    expect(await get('/big')).toBeNull();
    expect(await get('/slow')).toBeNull();
  });
});
