import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MetaApiError } from '../templates/templates.js';
import { createGraphMetaOnboarding } from './graph.js';

/** A small fake of the Cloud API's number calls: request_code, verify_code, register, health_status. */
type Seen = { method: string; url: string; authorization?: string; body: unknown };
let server: Server;
let graphUrl: string;
let seen: Seen[] = [];
let answer: { status: number; json: unknown } | null = null;
const PHONE = '106540352242922';

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let data = '';
    req.on('data', (chunk: Buffer) => (data += chunk.toString()));
    req.on('end', () => resolve(data));
  });

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const text = await readBody(req);
    seen.push({
      method: req.method!,
      url: req.url!,
      authorization: req.headers.authorization,
      body: text ? JSON.parse(text) : null,
    });
    const reply = (status: number, json: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
    if (answer) return reply(answer.status, answer.json);
    if (req.url === `/v21.0/${PHONE}?fields=health_status`)
      return reply(200, {
        health_status: {
          can_send_message: 'LIMITED',
          entities: [
            {
              entity_type: 'PHONE_NUMBER',
              id: PHONE,
              can_send_message: 'LIMITED',
              errors: [{ error_code: 141005, error_description: 'Low quality', possible_solution: 'Improve quality' }],
            },
            { entity_type: 'WABA', id: '102290129340398', can_send_message: 'AVAILABLE' },
            { entity_type: 'APP', id: '1', can_send_message: 'SOMETHING_NEW' },
          ],
        },
        id: PHONE,
      });
    return reply(200, { success: true });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  graphUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v21.0`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  seen = [];
  answer = null;
});

const graph = () => createGraphMetaOnboarding({ graphUrl, token: 'sys-token' });

describe('the Graph onboarding client', () => {
  it("makes Meta's calls with the system user's token", async () => {
    const g = graph();
    await g.requestCode(PHONE, 'VOICE');
    await g.verifyCode(PHONE, '123456');
    await g.register(PHONE, '654321');
    expect(seen).toEqual([
      {
        method: 'POST',
        url: `/v21.0/${PHONE}/request_code`,
        authorization: 'Bearer sys-token',
        body: { code_method: 'VOICE', language: 'en_US' },
      },
      {
        method: 'POST',
        url: `/v21.0/${PHONE}/verify_code`,
        authorization: 'Bearer sys-token',
        body: { code: '123456' },
      },
      {
        method: 'POST',
        url: `/v21.0/${PHONE}/register`,
        authorization: 'Bearer sys-token',
        body: { messaging_product: 'whatsapp', pin: '654321' },
      },
    ]);
  });

  it('reads health_status; a state it does not know reads as BLOCKED', async () => {
    const health = await graph().health(PHONE, 'number');
    expect(seen[0]).toMatchObject({ method: 'GET', url: `/v21.0/${PHONE}?fields=health_status` });
    expect(health).toEqual({
      canSendMessage: 'LIMITED',
      entities: [
        {
          type: 'PHONE_NUMBER',
          id: PHONE,
          canSendMessage: 'LIMITED',
          errors: [{ code: 141005, description: 'Low quality', solution: 'Improve quality' }],
        },
        { type: 'WABA', id: '102290129340398', canSendMessage: 'AVAILABLE', errors: [] },
        { type: 'APP', id: '1', canSendMessage: 'BLOCKED', errors: [] },
      ],
    });
  });

  it("turns Meta's error envelope into a MetaApiError with its code, subcode and trace id", async () => {
    answer = {
      status: 400,
      json: {
        error: {
          message: 'Phone number re-verification needed',
          type: 'OAuthException',
          code: 133006,
          error_subcode: 2494081,
          fbtrace_id: 'AbCdEfGhIjK',
        },
      },
    };
    const error = (await graph()
      .register(PHONE, '123456')
      .catch((e: unknown) => e)) as MetaApiError;
    expect(error).toBeInstanceOf(MetaApiError);
    expect([error.code, error.subcode, error.traceId, error.message]).toEqual([
      133006,
      2494081,
      'AbCdEfGhIjK',
      'Phone number re-verification needed',
    ]);
  });
});
