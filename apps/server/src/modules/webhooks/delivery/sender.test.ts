import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { WEBHOOK_RESPONSE_EXCERPT_MAX } from '@pc/contract';
import { newWebhookSecret } from '../secret.js';
import { envelopeOf } from './envelope.js';
import { BLOCKED_PRIVATE } from './guard.js';
import { sendAttempt, type Attempt } from './sender.js';
import { startReceiver, type Receiver } from './test-fixture.js';

let rx: Receiver;
const secret = newWebhookSecret();
beforeAll(async () => {
  rx = await startReceiver(
    () => secret,
    () => new Date(),
  );
});
afterAll(() => rx.close());

const body = envelopeOf({
  type: 'contact.created',
  createdAt: new Date('2026-01-02T03:04:05.678Z'),
  payload: { a: 1 },
});
const attempt = (over: Partial<Attempt> = {}): Attempt => ({
  url: rx.url,
  id: 'msg_01TEST',
  body,
  secret,
  at: new Date(),
  timeoutMs: 5_000,
  allowPrivate: true,
  ...over,
});
/** Resolves every name to the given addresses, as a DNS server answering for it would. */
const resolvingTo =
  (...addresses: string[]): Attempt['lookup'] =>
  (_host, _options, callback) =>
    callback(
      null,
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
    );

describe('the signed POST', () => {
  it('carries the Standard Webhooks headers that its verifier accepts', async () => {
    rx.received.length = 0;
    rx.answer({ status: 204 });
    expect(await sendAttempt(attempt())).toMatchObject({ statusCode: 204, error: null, excerpt: '' });
    const [r] = rx.received;
    expect(r).toMatchObject({ verified: true, body });
    expect(r!.headers['webhook-id']).toBe('msg_01TEST');
    expect(r!.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    expect(JSON.parse(body)).toEqual({
      type: 'contact.created',
      timestamp: '2026-01-02T03:04:05.678Z',
      data: { a: 1 },
    });
    expect(() => new Webhook(secret).verify(body.replace('1', '2'), r!.headers)).toThrow();
  });

  it('does not follow a redirect: the 3xx is the answer', async () => {
    rx.received.length = 0;
    rx.answer({ status: 302, headers: { location: `${rx.url}/elsewhere` }, body: 'moved' });
    expect(await sendAttempt(attempt())).toMatchObject({ statusCode: 302, excerpt: 'moved', error: null });
    expect(rx.received).toHaveLength(1);
  });

  it('keeps only the first characters of a long answer', async () => {
    rx.answer({ status: 500, body: 'é'.repeat(50_000) });
    const result = await sendAttempt(attempt());
    expect(result.statusCode).toBe(500);
    expect(result.excerpt).toBe('é'.repeat(WEBHOOK_RESPONSE_EXCERPT_MAX));
  });

  it('answers what went wrong when no answer came', async () => {
    const closed = await startReceiver(
      () => secret,
      () => new Date(),
    );
    const url = closed.url;
    await closed.close();
    const result = await sendAttempt(attempt({ url }));
    expect(result).toMatchObject({ statusCode: null, error: expect.stringMatching(/ECONNREFUSED/) });
  });
});

describe('private addresses (allowPrivate off)', () => {
  const refused = async (over: Partial<Attempt>) => {
    const before = rx.connections();
    rx.received.length = 0;
    const result = await sendAttempt(attempt({ allowPrivate: false, ...over }));
    expect(result).toMatchObject({ statusCode: null, error: BLOCKED_PRIVATE });
    expect(rx.connections()).toBe(before);
    expect(rx.received).toHaveLength(0);
  };

  it('refuses a literal private address without connecting', async () => {
    await refused({ url: `http://127.0.0.1:${rx.port}/hook` });
    await refused({ url: `http://[::1]:${rx.port}/hook` });
    await refused({ url: `http://[::ffff:127.0.0.1]:${rx.port}/hook` });
    await refused({ url: `http://2130706433:${rx.port}/hook` });
    await refused({ url: `http://169.254.169.254/latest/meta-data/` });
  });

  it('refuses localhost and any name that resolves to a private address, checked on every address', async () => {
    await refused({ url: `http://localhost:${rx.port}/hook` });
    await refused({ url: `http://hooks.example.com:${rx.port}/hook`, lookup: resolvingTo('127.0.0.1') });
    await refused({ url: `http://hooks.example.com:${rx.port}/hook`, lookup: resolvingTo('10.1.2.3') });
    // One public and one private answer: refused (a client could pick either).
    await refused({
      url: `https://hooks.example.com:${rx.port}/hook`,
      lookup: resolvingTo('93.184.215.14', '192.168.1.10'),
    });
  });

  it('lets private addresses through when allowed (development, tests)', async () => {
    rx.answer({ status: 200 });
    expect(await sendAttempt(attempt({ url: `http://localhost:${rx.port}/hook` }))).toMatchObject({ statusCode: 200 });
  });
});

describe('kept-alive connections', () => {
  it('carry the next attempt to the same endpoint', async () => {
    rx.answer({ status: 200 });
    await sendAttempt(attempt());
    const opened = rx.connections();
    for (let i = 0; i < 3; i += 1) expect(await sendAttempt(attempt())).toMatchObject({ statusCode: 200 });
    expect(rx.connections()).toBe(opened);
  });

  it('are never lent by an attempt that allows private addresses to one that refuses them', async () => {
    rx.answer({ status: 200 });
    const url = `http://localhost:${rx.port}/hook`;
    expect(await sendAttempt(attempt({ url, allowPrivate: true }))).toMatchObject({ statusCode: 200 });
    const before = rx.connections();
    rx.received.length = 0;
    expect(await sendAttempt(attempt({ url, allowPrivate: false }))).toMatchObject({
      statusCode: null,
      error: BLOCKED_PRIVATE,
    });
    expect(rx.connections()).toBe(before);
    expect(rx.received).toHaveLength(0);
  });

  it('one the receiver closed as it was reused: the request goes again on a new one', async () => {
    // Answers the first request of each connection and drops the connection at its second one.
    let connections = 0;
    const server = http.createServer((req, res) => {
      const socket = req.socket as typeof req.socket & { served?: number };
      socket.served = (socket.served ?? 0) + 1;
      if (socket.served > 1) return socket.destroy();
      req.resume();
      req.on('end', () => res.writeHead(200).end('ok'));
    });
    server.on('connection', () => {
      connections += 1;
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    try {
      expect(await sendAttempt(attempt({ url }))).toMatchObject({ statusCode: 200 });
      expect(await sendAttempt(attempt({ url }))).toMatchObject({ statusCode: 200, error: null });
      expect(connections).toBe(2);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
