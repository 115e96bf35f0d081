import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleClient, projectApiClient, type PartnerConsoleClient } from '../../../packages/client/src/index.js';
import { projectOf } from '../src/modules/webhooks/test-fixture.js';
import { signInAs, startTestApp, type TestContext } from './harness.js';

/**
 * The partners' typed client (packages/client) against the real server over HTTP, as an
 * integrator's code uses it: the console's calls with a member's session, then the project API
 * with the private app that session made.
 */
let t: TestContext;
let baseUrl = '';
let owner: PartnerConsoleClient;
let metro: Awaited<ReturnType<typeof projectOf>>;
beforeAll(async () => {
  t = await startTestApp({ env: { WEBHOOK_ALLOW_PRIVATE_URLS: 'true' } });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  owner = consoleClient({ baseUrl, token: await signInAs(t.app, 'owner') });
  metro = await projectOf(t, 'Metro Clinics');
});
afterAll(() => t.close());

describe('the partners’ client', () => {
  it('creates and lists a project’s webhooks with a member’s session', async () => {
    const projectId = metro.id;
    const created = await owner.POST('/project/{projectId}/webhook', {
      params: { path: { projectId } },
      body: { webhook_url: 'https://hooks.example.org/partner-client', topics: ['message.status.updated'] },
    });
    expect(created.error).toBeUndefined();
    expect(created.data?.webhook?.webhook_url).toBe('https://hooks.example.org/partner-client');
    const listed = await owner.GET('/project/{projectId}/webhooks', { params: { path: { projectId } } });
    expect(listed.response.status).toBe(200);
    const urls = (listed.data?.webhooks ?? []).map((hook) => hook.webhook_url);
    expect(urls).toContain('https://hooks.example.org/partner-client');
  });

  it('lists the approved templates and sends one through the project API', async () => {
    const made = await owner.POST('/project/{projectId}/private-app', {
      params: { path: { projectId: metro.id } },
      body: { clientId: metro.businessId },
    });
    expect(made.error).toBeUndefined();
    const api = projectApiClient({ baseUrl, appId: made.data!.privateApp._id, password: made.data!.password });

    const templates = await api.GET('/api/v1/templates', { params: { query: {} } });
    expect(templates.error).toBeUndefined();
    expect(templates.data?.templates.map((template) => template.name)).toContain('appointment_reminder');

    const sent = await api.POST('/api/v1/messages', {
      body: {
        to: '+919812345602',
        template: { name: 'appointment_reminder', language: 'en', parameters: ['Farah', 'Dr. Rao', '14 Dec, 11:00'] },
      },
    });
    expect(sent.response.status).toBe(202);
    expect(sent.data).toHaveProperty('messageId');
  });

  it('answers errors as the shared error body, typed', async () => {
    const api = projectApiClient({ baseUrl, appId: 'no-such-app', password: 'pcak_wrong' });
    const refused = await api.GET('/api/v1/templates', { params: { query: {} } });
    expect(refused.response.status).toBe(401);
    expect(refused.error?.code).toEqual(expect.any(String));
    expect(refused.error?.message).toEqual(expect.any(String));
  });

  it('receives JSON answers compressed, as fetch asks for them', async () => {
    const res = await fetch(`${baseUrl}/docs/json`, { headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(await res.json()).toHaveProperty('openapi', '3.1.0');
    const list = await owner.POST('/api/project-lists', { body: {} });
    expect(list.response.headers.get('content-encoding')).toMatch(/^(gzip|br)$/);
    expect(list.data?.projects.length).toBeGreaterThan(0);
  });
});
