import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createGraphMetaTemplates } from './graph.js';
import { MetaApiError } from '../graph-error.js';

/**
 * A fake of Meta's Resumable Upload API as "Upload a file" documents it
 * (https://developers.facebook.com/docs/graph-api/guides/upload; docs/research/meta-templates.md §1.2–1.3):
 * `POST /<APP_ID>/uploads?file_name=&file_length=&file_type=` answers `{ "id": "upload:<UPLOAD_SESSION_ID>" }`;
 * `POST /upload:<UPLOAD_SESSION_ID>` with `Authorization: OAuth <token>`, `file_offset: 0` and the bytes
 * answers `{ "h": "<UPLOADED_FILE_HANDLE>" }` ("You must include the access token in the header").
 */
type Seen = { method: string; path: string; query: URLSearchParams; headers: IncomingMessage['headers']; body: Buffer };
let server: Server;
let graphUrl: string;
let seen: Seen[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url!, 'http://x');
      const s = {
        method: req.method!,
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks),
      };
      seen.push(s);
      res.setHeader('content-type', 'application/json');
      const answer = (status: number, json: unknown) => res.writeHead(status).end(JSON.stringify(json));
      if (s.path === '/v25.0/app1/uploads' && req.headers.authorization === 'Bearer sys-token') {
        if (s.query.get('file_type') === 'image/gif')
          return answer(400, { error: { message: 'Invalid parameter', type: 'OAuthException', code: 100 } });
        return answer(200, { id: 'upload:MTphdHRhY2htZW50' });
      }
      if (s.path === '/v25.0/upload:MTphdHRhY2htZW50' && req.headers.authorization === 'OAuth sys-token')
        return answer(200, { h: '4::aW1hZ2UvcG5n:ARb-sample-handle' });
      return answer(401, { error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190 } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  graphUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v25.0`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  seen = [];
});

const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

describe('uploadSample (live): the Resumable Upload API', () => {
  it('opens a session on the app, sends the bytes at offset 0 with the OAuth header, and answers the handle', async () => {
    const client = createGraphMetaTemplates({ graphUrl, token: 'sys-token', appId: 'app1' });
    const handle = await client.uploadSample({ fileName: 'offer banner.png', contentType: 'image/png', bytes: png });
    expect(handle).toBe('4::aW1hZ2UvcG5n:ARb-sample-handle');
    expect(seen.map((s) => [s.method, s.path])).toEqual([
      ['POST', '/v25.0/app1/uploads'],
      ['POST', '/v25.0/upload:MTphdHRhY2htZW50'],
    ]);
    expect(Object.fromEntries(seen[0]!.query)).toEqual({
      file_name: 'offer banner.png',
      file_length: String(png.length),
      file_type: 'image/png',
    });
    expect(seen[1]!.headers.file_offset).toBe('0');
    expect(seen[1]!.body.equals(png)).toBe(true);
  });

  it("Meta's refusal is a MetaApiError with Meta's code; without an app id nothing is sent", async () => {
    const client = createGraphMetaTemplates({ graphUrl, token: 'sys-token', appId: 'app1' });
    const refused = await client
      .uploadSample({ fileName: 'a.gif', contentType: 'image/gif', bytes: png })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(MetaApiError);
    expect(refused).toMatchObject({ httpStatus: 400, code: 100 });
    const noApp = createGraphMetaTemplates({ graphUrl, token: 'sys-token' });
    await expect(noApp.uploadSample({ fileName: 'a.png', contentType: 'image/png', bytes: png })).rejects.toThrow(
      /META_APP_ID/,
    );
    expect(seen).toHaveLength(1);
  });
});
