import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@pc/contract';
import { projectOf } from '../webhooks/test-fixture.js';
import { basic, startProjectApi, type Api, type Credential } from './test-fixture.js';

/** The project API's limits: calls per project (its private app) and minute; refused credentials per address. */
let a: Api;
let reminders: Credential;
beforeAll(async () => {
  a = await startProjectApi({ PROJECT_API_RATE_LIMIT_PER_MINUTE: '3', RATE_LIMIT_PUBLIC_PER_MINUTE: '2' });
  reminders = await a.credentialOf(await projectOf(a.t, 'Metro Reminders'));
});
afterAll(() => a.t.close());

const templates = (auth: string, remoteAddress = '10.1.0.1') =>
  a.api('GET', '/api/v1/templates', { auth, remoteAddress });

describe('per project', () => {
  it('answers 429 with Retry-After past the limit, whatever the address; another project keeps its own', async () => {
    const ok = await Promise.all(['10.1.0.1', '10.1.0.2', '10.1.0.3'].map((ip) => templates(basic(a.credential), ip)));
    expect(ok.map((r) => r.status)).toEqual([200, 200, 200]);
    const over = await templates(basic(a.credential), '10.1.0.4');
    expect(over.status).toBe(429);
    expect(over.body).toEqual({ message: messages.tooManyRequests(60), code: 'TOO_MANY_REQUESTS' });
    expect(over.headers['retry-after']).toBe('60');
    expect(over.headers['x-ratelimit-limit']).toBe('3');
    expect(over.headers['x-ratelimit-remaining']).toBe('0');
    // Sends count too, and are refused before anything is checked or sent.
    const send = await a.send({ to: '919876500001', template: { name: 'appointment_reminder', language: 'en' } });
    expect(send.status).toBe(429);

    expect((await templates(basic(reminders))).status).toBe(200);
  });
});

describe('refused credentials', () => {
  it("are limited per client address, without spending the app's own quota", async () => {
    const wrong = basic({ ...reminders, password: 'pcak_wrong' });
    expect((await templates(wrong, '10.2.0.1')).status).toBe(401);
    expect((await templates(wrong, '10.2.0.1')).status).toBe(401);
    const over = await templates(wrong, '10.2.0.1');
    expect(over.status).toBe(429);
    expect(over.headers['retry-after']).toEqual(expect.any(String));
    expect((await templates(wrong, '10.2.0.2')).status).toBe(401);
    // Reminders made one call above: two left of its three.
    expect((await templates(basic(reminders), '10.2.0.1')).status).toBe(200);
    expect((await templates(basic(reminders), '10.2.0.1')).status).toBe(200);
    expect((await templates(basic(reminders), '10.2.0.1')).status).toBe(429);
  });
});
