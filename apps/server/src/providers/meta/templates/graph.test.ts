import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createGraphMetaTemplates } from './graph.js';
import { MetaApiError } from '../graph-error.js';

/** A small fake of the WhatsApp Business Management API's message_templates edge. */
type Seen = { method: string; url: string; authorization?: string; contentType?: string; body: string };
let server: Server;
let graphUrl: string;
let seen: Seen[] = [];
/** The `next` link of the first list page: on the Graph host, or (to test the guard) elsewhere. */
let nextHost = '';

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let data = '';
    req.on('data', (chunk: Buffer) => (data += chunk.toString()));
    req.on('end', () => resolve(data));
  });

const template = (id: string, name: string, extra: Record<string, unknown> = {}) => ({
  id,
  name,
  language: 'en_US',
  category: 'UTILITY',
  status: 'APPROVED',
  components: [{ type: 'BODY', text: `Body of ${name}` }],
  ...extra,
});

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const body = await readBody(req);
    seen.push({
      method: req.method!,
      url: req.url!,
      authorization: req.headers.authorization,
      contentType: req.headers['content-type'],
      body,
    });
    res.setHeader('content-type', 'application/json');
    const answer = (status: number, json: unknown) => res.writeHead(status).end(JSON.stringify(json));
    if (req.headers.authorization !== 'Bearer sys-token')
      return answer(401, { error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190 } });
    const url = new URL(req.url!, 'http://x');
    // An edit: POST /{template-id} answers { success: true } (Graph reference, "Updating").
    if (req.method === 'POST' && url.pathname === '/v21.0/1252715608684590') return answer(200, { success: true });
    if (url.pathname !== '/v21.0/waba1/message_templates') return answer(400, { error: { code: 100 } });
    if (req.method === 'POST') {
      const t = JSON.parse(body) as { name: string };
      if (t.name === 'taken')
        return answer(400, {
          error: {
            message: 'Invalid parameter',
            type: 'OAuthException',
            code: 100,
            error_subcode: 2388024,
            is_transient: false,
            error_user_title: 'Content in This Language Already Exists',
            error_user_msg: 'There is already English (US) content for this template.',
            fbtrace_id: 'AbC123',
          },
        });
      // Meta may answer another category than the one asked for.
      return answer(200, { id: '1689556908129835', status: 'PENDING', category: 'MARKETING' });
    }
    if (req.method === 'DELETE') return answer(200, { success: true });
    const after = url.searchParams.get('after');
    if (!after)
      return answer(200, {
        data: [template('111', 'first'), template('222', 'second', { status: 'REJECTED', rejected_reason: 'SCAM' })],
        paging: {
          cursors: { before: 'b0', after: 'c1' },
          next: `${nextHost}/v21.0/waba1/message_templates?fields=id&limit=100&after=c1`,
        },
      });
    if (after === 'c1')
      return answer(200, {
        data: [template('333', 'third', { category: 'MARKETING', previous_category: 'UTILITY' })],
        paging: { cursors: { before: 'b1', after: 'c2' } },
      });
    return answer(400, { error: { message: 'bad cursor', code: 100 } });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  graphUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v21.0`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  seen = [];
  nextHost = graphUrl.replace(/\/v21\.0$/, '');
});

const graph = (token = 'sys-token') => createGraphMetaTemplates({ graphUrl, token });
const submitted = (name: string) => ({
  wabaId: 'waba1',
  name,
  language: 'en_US',
  category: 'UTILITY',
  components: [
    { type: 'BODY' as const, text: 'Your order {{1}} has shipped today.', example: { body_text: [['A1']] } },
  ],
});

describe('the Graph API template client', () => {
  it("submits a template to the account's message_templates with the system user's token", async () => {
    expect(await graph().create(submitted('order_update'))).toEqual({
      id: '1689556908129835',
      status: 'PENDING',
      category: 'MARKETING',
    });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      method: 'POST',
      url: '/v21.0/waba1/message_templates',
      authorization: 'Bearer sys-token',
      contentType: 'application/json',
    });
    const { wabaId: _, ...sent } = submitted('order_update');
    expect(JSON.parse(seen[0]!.body)).toEqual(sent);
  });

  it("turns Meta's error envelope into a MetaApiError with its code, subcode and user texts", async () => {
    const error = await graph()
      .create(submitted('taken'))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MetaApiError);
    expect(error).toMatchObject({
      httpStatus: 400,
      code: 100,
      subcode: 2388024,
      message: 'Invalid parameter',
      userTitle: 'Content in This Language Already Exists',
      userMessage: 'There is already English (US) content for this template.',
    });
    await expect(graph('bad').create(submitted('x'))).rejects.toMatchObject({ httpStatus: 401, code: 190 });
  });

  it('lists every template of the account, following the pages', async () => {
    const templates = await graph().list('waba1');
    expect(templates.map((t) => t.id)).toEqual(['111', '222', '333']);
    expect(templates[1]).toMatchObject({ status: 'REJECTED', rejectedReason: 'SCAM', previousCategory: null });
    expect(templates[2]).toMatchObject({ category: 'MARKETING', previousCategory: 'UTILITY', rejectedReason: 'NONE' });
    expect(templates[0]!.components).toEqual([{ type: 'BODY', text: 'Body of first' }]);
    expect(seen.map((s) => new URL(s.url, 'http://x').searchParams.get('after'))).toEqual([null, 'c1']);
    expect(new URL(seen[0]!.url, 'http://x').searchParams.get('fields')).toBe(
      'id,name,language,category,status,rejected_reason,previous_category,components',
    );
    expect(new URL(seen[0]!.url, 'http://x').searchParams.get('limit')).toBe('100');
  });

  it('never sends the token to a next link on another host: it pages by the cursor instead', async () => {
    nextHost = 'http://elsewhere.invalid';
    expect((await graph().list('waba1')).map((t) => t.id)).toEqual(['111', '222', '333']);
    const second = new URL(seen[1]!.url, 'http://x');
    expect(second.searchParams.get('after')).toBe('c1');
    expect(second.searchParams.get('fields')).toContain('rejected_reason');
  });

  it('edits a template at its own id: the components whole, the category only when it changes', async () => {
    const meta = graph();
    const components = [{ type: 'BODY' as const, text: 'Your order has shipped today.' }];
    await meta.edit('1252715608684590', { components });
    await meta.edit('1252715608684590', { category: 'MARKETING', components });
    expect(seen.map((x) => [x.method, x.url, JSON.parse(x.body) as unknown])).toEqual([
      ['POST', '/v21.0/1252715608684590', { components }],
      ['POST', '/v21.0/1252715608684590', { category: 'MARKETING', components }],
    ]);
  });

  it('deletes a template by name', async () => {
    await graph().delete('waba1', 'old_offer');
    expect(seen[0]).toMatchObject({ method: 'DELETE', url: '/v21.0/waba1/message_templates?name=old_offer' });
  });
});
